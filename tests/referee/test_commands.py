"""``manage.py playmatch`` (an online bot match through the Celery tasks, or ``--offline`` through the engine alone)
and ``manage.py replay`` over the catalogue in the database.

Celery runs eagerly here (as with ``REDIS_URL`` unset), so a whole match is played inside the command; the same
command with real workers is ``tests/matches/test_playmatch_worker.py``. The tests use ``transactional_db``: the
first bot move is queued after the match's creation commits, which never happens inside a test transaction.
"""

from __future__ import annotations

import io
import json
import shutil
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from kombu import Exchange
from kombu import Queue as KombuQueue

from cards.models import Card as CardRow
from cards.models import CardSet, Game
from config.celery import app as celery_app
from matches import rows
from matches.models import PLAY_FIELDS, Event, Match, Seat, Submission
from matches.selectors import match_replay_log
from referee.engine.rng import seed_from_int
from referee.management.commands.playmatch import Command

from .iron_leaguer.pool import pool

pytestmark = pytest.mark.slow  # whole matches played through the commands (the quick lane: -m 'not slow')


@pytest.fixture(autouse=True)
def eager_celery():
    """Tasks run in-process, whatever ``REDIS_URL`` says (the embedded default)."""
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture
def catalogue(transactional_db):
    load_pool()


def load_pool() -> None:
    """The engine tests' card pool as the Iron Leaguer catalogue (one set, ``IL-T``)."""
    game = Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    card_set = CardSet.objects.create(game=game, code="IL-T", name="Test", name_ja="テスト")
    for i, card in enumerate(pool()):
        CardRow.objects.create(
            game=game,
            card_set=card_set,
            collector_number=f"{i:03d}",
            name=card["name"],
            card_type=card["card_type"],
            attributes=card["attributes"],
        )


@pytest.fixture
def no_workers():
    """Tasks go to a queue of their own that no worker reads (the broker of ``REDIS_URL``, or Celery's in-memory
    one when it is unset); the queue is deleted afterwards."""
    queue = f"shinpan-test-idle-{uuid.uuid4().hex[:10]}"
    previous = celery_app.conf.task_always_eager, celery_app.conf.task_default_queue
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = False, queue
    yield queue
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = previous
    with celery_app.connection_for_write() as connection:
        bound = KombuQueue(queue, Exchange(queue), routing_key=queue)(connection.default_channel)
        bound.declare()  # known to this connection, so that delete() removes the queue and its binding
        bound.delete()


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def line(text: str, prefix: str) -> str:
    return next(row for row in text.splitlines() if row.startswith(prefix))


def digest_line(text: str) -> str:
    return line(text, "digest:")


def match_of(text: str) -> Match:
    """The match a ``playmatch`` output names (``match 12: /matches/12/ (replay /matches/12/replay/)``)."""
    first = line(text, "match ")
    match_id = int(first.split()[1].rstrip(":"))
    assert f"/matches/{match_id}/ " in first and f"/matches/{match_id}/replay/" in first
    return Match.objects.get(pk=match_id)


def test_the_same_seed_plays_two_matches_with_one_digest_and_another_seed_another(catalogue, tmp_path) -> None:
    path = tmp_path / "game.json"
    first = run("playmatch", "--game", "iron_leaguer", "--bots", "greedy,random", "--seed", "4", "--log", str(path))
    second = run("playmatch", "--game", "iron_leaguer", "--bots", "greedy,random", "--seed", "4")
    other = run("playmatch", "--game", "iron_leaguer", "--bots", "greedy,random", "--seed", "5")

    assert "winner:" in first and "scene  1:" in first and f"log written to {path}" in first
    assert digest_line(first) == digest_line(second) != digest_line(other)
    matches = [match_of(first), match_of(second), match_of(other)]
    assert len({m.pk for m in matches}) == 3 and Match.objects.count() == 3
    for match in matches:
        assert match.status == Match.Status.FINISHED and match.created_by is None
        assert [(s.seat, s.bot, s.user_id) for s in match.seats.order_by("id")] == [
            ("silver", "greedy", None), ("dark", "random", None)]
        assert not match.submissions.exclude(source="bot").exists()
        assert not match.submissions.exclude(status=Submission.Status.APPLIED).exists()
    assert matches[0].seed_hex == matches[1].seed_hex == seed_from_int(4).hex() != matches[2].seed_hex
    assert line(first, "winner:") == f"winner: {matches[0].outcome['winner']} ({matches[0].outcome['reason']})"

    log = json.loads(path.read_text(encoding="utf-8"))
    assert digest_line(first) == f"digest: {log['digest']}"
    assert line(first, "actions:") == f"actions: {len(log['entries'])}  commitment: {matches[0].commitment}"
    assert len(log["entries"]) == matches[0].version > 50
    # the match's rows in the database are exactly what the log holds: its events, in order, and its actions
    rows = [{"kind": e.kind, "clause": e.clause, "data": e.data, "to": e.to}
            for e in Event.objects.filter(match=matches[0]).order_by("seq")]
    assert rows == log["setup_events"] + [event for entry in log["entries"] for event in entry["events"]]
    assert list(matches[0].submissions.order_by("applied_version").values_list("action", flat=True)) == [
        entry["action"] for entry in log["entries"]]
    assert run("replay", str(path)).startswith(f"ok: {len(log['entries'])} actions replay exactly")

    # each match is checked against the engine alone: one whose bots are not the ones that played is refused
    Seat.objects.filter(match=matches[1], seat="dark").update(bot="greedy")
    with pytest.raises(CommandError, match=f"match {matches[1].pk} did not play the game its bots .greedy, greedy"):
        Command()._check_against_engine(matches[1], match_replay_log(match=matches[1]))


def test_offline_plays_the_online_game_without_writing_a_match(catalogue, tmp_path) -> None:
    offline = tmp_path / "offline.json"
    online = tmp_path / "online.json"
    first = run("playmatch", "--game", "iron_leaguer", "--seed", "6", "--offline", "--log", str(offline))
    assert "match " not in first and Match.objects.count() == 0 and Event.objects.count() == 0
    assert digest_line(first) == digest_line(run("playmatch", "--game", "iron_leaguer", "--seed", "6", "--offline"))
    assert digest_line(first) != digest_line(run("playmatch", "--game", "iron_leaguer", "--seed", "7", "--offline"))
    assert digest_line(first) != digest_line(run("playmatch", "--game", "iron_leaguer", "--seed", "6", "--offline",
                                                 "--bots", "random,random"))
    assert run("replay", str(offline)).startswith("ok:")

    played = run("playmatch", "--game", "iron_leaguer", "--seed", "6", "--log", str(online))
    assert digest_line(played) == digest_line(first)
    assert json.loads(online.read_text(encoding="utf-8")) == json.loads(offline.read_text(encoding="utf-8"))


def test_replay_refuses_a_tampered_log(catalogue, tmp_path) -> None:
    path = tmp_path / "game.json"
    run("playmatch", "--game", "iron_leaguer", "--seed", "3", "--offline", "--log", str(path))
    log = json.loads(path.read_text())
    seed = log["seed"]
    log["seed"] = "00" * 32
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match="commitment"):
        run("replay", str(path))
    log["seed"] = seed
    log["digest"] = "0" * 64
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match="recorded digest is not theirs"):
        run("replay", str(path))
    log.pop("digest")
    log["entries"].pop()
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match="stops before the game is over"):
        run("replay", str(path))


def test_two_matches_with_one_seed_are_each_played_with_their_own_bots(catalogue, no_workers) -> None:
    """Regression: matches.models cached a started match's seat rows (and card table) by commitment alone, which
    one seed given twice repeats, so the second match was played with the first one's bots."""
    for bots in ("greedy,random", "random,greedy"):  # started, then left to the (missing) workers
        with pytest.raises(CommandError, match="did not finish"):
            run("playmatch", "--game", "iron_leaguer", "--seed", "8", "--bots", bots, "--timeout", "0.1")
    for match in Match.objects.order_by("id"):
        in_play = rows.get_row(Match, match.pk, PLAY_FIELDS)  # as match_bot_move loads it (without the lock)
        assert [s.bot for s in in_play.seat_rows()] == [s.bot for s in match.seats.order_by("id")]


def test_playmatch_without_cards_says_to_load_the_seeds(db) -> None:
    with pytest.raises(CommandError, match="loadseeds"):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1")
    assert Match.objects.count() == 0


# Legions! ---------------------------------------------------------------------------------------------------------

@pytest.fixture
def legions_catalogue(transactional_db, tmp_path_factory):
    """The seed Legions catalogue alone (``loadseeds --dir`` with only ``legions.json``: no sample decks rows; the
    command reads the sample deck files)."""
    folder = tmp_path_factory.mktemp("catalogue")
    shutil.copy(Path(settings.BASE_DIR) / "seeds" / "catalogue" / "legions.json", folder / "legions.json")
    call_command("loadseeds", "--dir", str(folder), verbosity=0)


def test_legions_plays_the_sample_decks_online_with_one_digest_per_seed(legions_catalogue, tmp_path) -> None:
    path = tmp_path / "legions.json"
    first = run("playmatch", "--game", "legions", "--bots", "greedy,random", "--seed", "3", "--log", str(path))
    second = run("playmatch", "--game", "legions", "--bots", "greedy,random", "--seed", "3")
    other = run("playmatch", "--game", "legions", "--bots", "greedy,random", "--seed", "4")

    assert digest_line(first) == digest_line(second) != digest_line(other)
    match = match_of(first)
    assert match.game == "legions" and match.status == Match.Status.FINISHED
    assert [(s.seat, s.bot) for s in match.seats.order_by("id")] == [("p1", "greedy"), ("p2", "random")]
    decks = match.config["decks"]
    assert decks["p1"]["master"]["name"] == "マオ・ニャン" and len(decks["p1"]["cards"]) == 40
    assert decks["p2"]["master"]["name"] == "深海リラ" and len(decks["p2"]["cards"]) == 40
    assert line(first, "winner:") == f"winner: {match.outcome['winner']} ({match.outcome['reason']})"
    life = match.outcome["summary"]["life"]
    assert line(first, "turn ") == f"turn {match.outcome['summary']['turn']}: life p1 {life['p1']} - p2 {life['p2']}"
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["game"] == "legions" and len(log["entries"]) == match.version
    assert run("replay", str(path)).startswith(f"ok: {len(log['entries'])} actions replay exactly")


def assert_offline_plays_the_online_game(game: str, tmp_path) -> None:
    """``playmatch --offline`` (the engine alone) and the online match write one log for one seed; another
    pairing of bots gives another digest. Shared by every game's command tests."""
    offline, online = tmp_path / "offline.json", tmp_path / "online.json"
    first = run("playmatch", "--game", game, "--seed", "5", "--offline", "--log", str(offline))
    assert "match " not in first and Match.objects.count() == 0
    assert digest_line(first) == digest_line(run("playmatch", "--game", game, "--seed", "5", "--offline"))
    assert digest_line(first) != digest_line(
        run("playmatch", "--game", game, "--seed", "5", "--offline", "--bots", "random,greedy"))
    played = run("playmatch", "--game", game, "--seed", "5", "--log", str(online))
    assert digest_line(played) == digest_line(first)
    assert json.loads(online.read_text(encoding="utf-8")) == json.loads(offline.read_text(encoding="utf-8"))


def test_legions_offline_plays_the_online_game(legions_catalogue, tmp_path) -> None:
    assert_offline_plays_the_online_game("legions", tmp_path)


def test_replay_refuses_a_tampered_legions_log(legions_catalogue, tmp_path) -> None:
    path = tmp_path / "legions.json"
    run("playmatch", "--game", "legions", "--seed", "3", "--offline", "--log", str(path))
    log = json.loads(path.read_text(encoding="utf-8"))
    assert run("replay", str(path)).startswith("ok:")
    log["digest"] = "0" * 64
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match="recorded digest is not theirs"):
        run("replay", str(path))
    log.pop("digest")
    log["decks"]["p2"]["master"]["attributes"]["colours"] = ["red", "green"]  # another master's class
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match=r"does not replay at entry \d+: action refused"):
        run("replay", str(path))


def test_legions_playmatch_without_cards_says_to_load_the_seeds(db) -> None:
    with pytest.raises(CommandError, match="loadseeds"):
        run("playmatch", "--game", "legions", "--seed", "1")
    assert Match.objects.count() == 0

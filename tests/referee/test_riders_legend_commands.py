"""``manage.py playmatch --game riders_legend`` (an online bot match of the two seed sample decks through the
Celery tasks, run in-process here; or ``--offline`` through the engine alone) and ``manage.py replay`` of its log,
over the seed Riders' Legend catalogue loaded by ``loadseeds``. The command itself: ``test_commands.py``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from matches.models import Event, Match

from .test_commands import (  # noqa: F401 - eager_celery: a fixture
    assert_offline_plays_the_online_game,
    digest_line,
    eager_celery,
    line,
    match_of,
    run,
)

pytestmark = pytest.mark.slow  # whole matches played through the commands (the quick lane: -m 'not slow')

EYECATCH = "アイキャッチ 仮面ライダーV3"


@pytest.fixture
def rl_catalogue(transactional_db, tmp_path_factory):
    """The seed Riders' Legend catalogue alone and the formats (``loadseeds --dir`` with only
    ``riders_legend.json``: no sample deck rows; the command reads the sample deck files)."""
    folder = tmp_path_factory.mktemp("catalogue")
    shutil.copy(Path(settings.BASE_DIR) / "seeds" / "catalogue" / "riders_legend.json", folder / "riders_legend.json")
    call_command("loadseeds", "--dir", str(folder), verbosity=0)


def test_riders_legend_plays_the_sample_decks_online_with_one_digest_per_seed(rl_catalogue, tmp_path) -> None:
    path = tmp_path / "riders_legend.json"
    first = run("playmatch", "--game", "riders_legend", "--bots", "greedy,random", "--seed", "3", "--log", str(path))
    second = run("playmatch", "--game", "riders_legend", "--bots", "greedy,random", "--seed", "3")
    other = run("playmatch", "--game", "riders_legend", "--bots", "greedy,random", "--seed", "4")

    assert digest_line(first) == digest_line(second) != digest_line(other)
    match = match_of(first)
    assert match.game == "riders_legend" and match.status == Match.Status.FINISHED
    assert [(s.seat, s.bot) for s in match.seats.order_by("id")] == [("p1", "greedy"), ("p2", "random")]
    decks = match.config["decks"]
    for seat in ("p1", "p2"):  # the two sample decks, 61 cards each: two halves of 30 and the eyecatch
        assert len(decks[seat]["first_half"]) == len(decks[seat]["second_half"]) == 30
    assert decks["p1"]["eyecatch"]["name"] == EYECATCH  # riders_legend_shocker.txt, the first by name
    assert line(first, "winner:") == f"winner: {match.outcome['winner']} ({match.outcome['reason']})"
    summary = match.outcome["summary"]
    assert line(first, "turn ") == (f"turn {summary['turn']}: missions p1 {summary['missions']['p1']} - p2 "
                                    f"{summary['missions']['p2']}, deck p1 {summary['deck']['p1']} - p2 "
                                    f"{summary['deck']['p2']}")
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["game"] == "riders_legend" and len(log["entries"]) == match.version
    assert digest_line(first) == f"digest: {log['digest']}"
    rows = [{"kind": e.kind, "clause": e.clause, "data": e.data, "to": e.to}
            for e in Event.objects.filter(match=match).order_by("seq")]
    assert rows == log["setup_events"] + [event for entry in log["entries"] for event in entry["events"]]
    assert run("replay", str(path)).startswith(f"ok: {len(log['entries'])} actions replay exactly")


def test_riders_legend_offline_plays_the_online_game(rl_catalogue, tmp_path) -> None:
    assert_offline_plays_the_online_game("riders_legend", tmp_path)


def test_replay_refuses_a_tampered_riders_legend_log(rl_catalogue, tmp_path) -> None:
    path = tmp_path / "riders_legend.json"
    run("playmatch", "--game", "riders_legend", "--seed", "3", "--offline", "--log", str(path))
    log = json.loads(path.read_text(encoding="utf-8"))
    assert run("replay", str(path)).startswith("ok:")

    log["digest"] = "0" * 64
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match="recorded digest is not theirs"):
        run("replay", str(path))

    log.pop("digest")  # without the digest every event is compared: a face-down mission said to be another card
    down = next(e for entry in log["entries"] for e in entry["events"] if e["kind"] == "placed_face_down")
    down["data"]["bluff"] = not down["data"]["bluff"]
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match=r"does not replay at entry \d+"):
        run("replay", str(path))
    down["data"]["bluff"] = not down["data"]["bluff"]

    first = log["entries"][0]["action"]  # p1's first decision, keep or mulligan, made the other way
    first["type"] = "mulligan" if first["type"] == "keep_hand" else "keep_hand"
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match=r"does not replay at entry"):
        run("replay", str(path))


def test_riders_legend_playmatch_without_cards_says_to_load_the_seeds(db) -> None:
    with pytest.raises(CommandError, match="loadseeds"):
        run("playmatch", "--game", "riders_legend", "--seed", "1")
    assert Match.objects.count() == 0

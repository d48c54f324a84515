"""``manage.py playmatch --game legions --format dantalion`` (issue 29.1): whole draft matches between bots, played
online through the Celery tasks (in-process here), one digest per seed, the log verified by ``manage.py replay``;
the hidden cards of the draft never in the other seat's view."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from matches.models import Match
from matches.selectors import match_view
from referee.games.legions.decklist import FORMATS

from .test_commands import digest_line, eager_celery, match_of, run  # noqa: F401 - eager_celery: a fixture

pytestmark = pytest.mark.slow


@pytest.fixture
def legions_catalogue(transactional_db, tmp_path_factory):
    folder = tmp_path_factory.mktemp("catalogue")
    shutil.copy(Path(settings.BASE_DIR) / "seeds" / "catalogue" / "legions.json", folder / "legions.json")
    call_command("loadseeds", "--dir", str(folder), verbosity=0)


def test_draft_matches_play_online_with_one_digest_per_seed_and_replay(legions_catalogue, tmp_path) -> None:
    path = tmp_path / "draft.json"
    args = ("playmatch", "--game", "legions", "--format", "dantalion", "--bots", "greedy,random")
    first = run(*args, "--seed", "3", "--log", str(path))
    second = run(*args, "--seed", "3")
    other = run(*args, "--seed", "4")
    assert digest_line(first) == digest_line(second) != digest_line(other)
    offline = run(*args, "--seed", "3", "--offline")
    assert digest_line(offline) == digest_line(first)
    match = match_of(first)
    assert (match.format_code, match.config["engine"], match.status) == (
        "dantalion", {"format": "dantalion", "set": "LG01"}, Match.Status.FINISHED)
    assert {c["name"] for c in match.config["decks"]["pool"]} and len(match.config["decks"]["masters"]) >= 6
    assert "ok:" in run("replay", str(path))
    log = json.loads(path.read_text(encoding="utf-8"))
    # the cards a player looked at in the draft never reached the other seat
    for entry in log["entries"]:
        for event in entry["events"]:
            if event["kind"] in ("draft_looked", "opened", "opening_picked", "draft_picked"):
                assert event["to"] == [event["data"]["seat"]]


def test_the_search_bot_drafts_and_other_games_refuse_the_format(legions_catalogue) -> None:
    out = run("playmatch", "--game", "legions", "--format", "dantalion", "--bots", "easy,greedy", "--seed", "3",
              "--offline")
    assert digest_line(out) and "winner" in out.lower()
    with pytest.raises(CommandError, match="iron_leaguer has no such format"):
        call_command("playmatch", "--game", "iron_leaguer", "--format", "dantalion")
    with pytest.raises(CommandError, match="--set 'XX9': the dantalion format opens boosters of LG01"):
        call_command("playmatch", "--game", "legions", "--format", "dantalion", "--set", "XX9")
    with pytest.raises(CommandError, match="--set goes with --format"):
        call_command("playmatch", "--game", "legions", "--set", "LG02")


def test_a_draft_opens_boosters_of_the_set_chosen(legions_catalogue, tmp_path) -> None:
    from matches.adapters import engine_cards

    sets = FORMATS["dantalion"].sets(engine_cards("legions"))
    assert sets[0] == "LG01" and len(sets) >= 2
    chosen = sets[1]
    path = tmp_path / "draft.json"
    run("playmatch", "--game", "legions", "--format", "dantalion", "--set", chosen, "--bots", "greedy,random",
        "--seed", "4", "--offline", "--log", str(path))
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["config"]["set"] == chosen and {card["set"] for card in log["decks"]["pool"]} == {chosen}


def test_a_seats_view_of_a_draft_match_holds_no_card_of_the_other_seats_draft(legions_catalogue,
                                                                               django_user_model) -> None:
    from matches.adapters import engine_cards
    from matches.services import SeatSpec, match_create
    from referee.engine.rng import seed_from_int
    from referee.games.legions.decklist import dantalion_decks

    user = django_user_model.objects.create_user("drafter", password="pw-Shinpan-123")
    match = match_create(game="legions", decks=dantalion_decks(engine_cards("legions")), seed=seed_from_int(5),
                         config={"format": "dantalion", "first": "p1"}, format_code="dantalion",
                         seats=[SeatSpec(seat="p1", user_id=user.pk, deck={}),
                                SeatSpec(seat="p2", bot="random", deck={})])
    match = Match.objects.get(pk=match.pk)
    opened = set(match.state["draft"]["opened"]["p1"])
    assert not opened & set(match_view(match=match, seat="p2")["state"]["cards"])


def test_a_draft_match_page_offers_the_opening_picks_and_its_replay_reads(legions_catalogue, django_user_model,
                                                                         client) -> None:
    from matches.adapters import engine_cards
    from matches.services import SeatSpec, match_create
    from referee.engine.rng import seed_from_int
    from referee.games.legions.decklist import dantalion_decks

    user = django_user_model.objects.create_user("drafter", password="pw-Shinpan-123")
    match = match_create(game="legions", decks=dantalion_decks(engine_cards("legions")), seed=seed_from_int(5),
                         config={"format": "dantalion", "first": "p1"}, format_code="dantalion",
                         seats=[SeatSpec(seat="p1", user_id=user.pk, deck={}),
                                SeatSpec(seat="p2", bot="random", deck={})])
    client.force_login(user)
    page = client.get(f"/matches/{match.pk}/")
    assert page.status_code == 200 and "A card for your opening hand" in page.content.decode()
    finished = match_of(run("playmatch", "--game", "legions", "--format", "dantalion", "--bots", "greedy,random",
                            "--seed", "6"))
    replay = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    assert "The referee records an event." not in replay and "chooses" in replay and "shared deck" in replay

"""A fourth game, registered only here, goes through the whole site (issue 26: "One registry"): its catalogue is
imported and searched, its decklists are checked, two bots play it online, and its board, card faces and replay
are served, with every part of it in ``tests/fourth_game/`` and nothing else of the site changed for it
(docs/adding_a_game.md)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from cards.models import Card, Game
from config.celery import app as celery_app
from decks.services import formats_load_seed
from matches.models import Match
from matches.services import match_challenge
from referee import registry
from referee.engine.replay import replay

from .fourth_game.spec import HERE, SPEC

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def duel(transactional_db):
    """Duel registered for the test (in this process: the bots' moves run in it, Celery eager, as the match unit
    tests do), its catalogue imported with ``importcards`` and its format loaded."""
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    with registry.registered(SPEC):
        call_command("importcards", str(HERE / "seeds" / "catalogue.json"), stdout=StringIO())
        formats_load_seed()
        yield SPEC
    celery_app.conf.task_always_eager = eager


@pytest.fixture
def player(transactional_db):
    return get_user_model().objects.create_user("duellist", password="pw-Shinpan-123")


def test_every_part_of_the_fourth_game_lives_in_its_own_folder():
    own = "tests.fourth_game"
    for name in (*registry.PARTS, *registry.OPTIONAL_PARTS):
        path = getattr(SPEC, name)
        assert path is None or path.startswith(own), (name, path)
    files = [*SPEC.seeds.catalogue, *SPEC.seeds.formats, *SPEC.seeds.decks, SPEC.templates]
    assert all(Path(f).resolve().is_relative_to(HERE) for f in files)
    assert SPEC.code not in registry.codes()  # registered by the tests alone


def test_its_catalogue_is_imported_searched_and_shown_with_its_own_face(duel, client):
    assert Game.objects.get(code="duel").name_ja == "デュエル"
    assert Card.objects.filter(game__code="duel").count() == 7
    found = client.get("/api/cards/", {"game": "duel", "q": "t:unit pow>=3"}).json()
    assert sorted(card["name"] for card in found["results"]) == ["槍兵", "竜騎兵"]
    page = client.get(f"/cards/{Card.objects.get(name='竜騎兵').pk}/").content.decode()
    assert 'data-stat="power">4<' in page and "card-face--duel" in page
    assert "Units with power 3 or more" in client.get("/games/duel/").content.decode()


def _validate(path: Path) -> tuple[int, dict]:
    out = StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("validatedeck", str(path), "--json", stdout=out)
    return exited.value.code, json.loads(out.getvalue())


def test_its_decklists_are_checked_with_its_format_and_its_own_rule(duel, tmp_path):
    code, report = _validate(HERE / "seeds" / "knights.txt")
    assert code == 0 and report["legal"] is True
    spells_only = tmp_path / "spells_only.txt"
    spells_only.write_text("Game: duel\nDeck\n2 火花\n2 雷撃\n2 隕石\n3 火花\n", encoding="utf-8")
    code, report = _validate(spells_only)
    assert code == 1 and {p["code"] for p in report["errors"]} == {"deck.section_size", "deck.copy_limit",
                                                                    "duel.no_unit"}


def test_two_bots_play_it_online_and_its_board_and_replay_are_served(duel, player):
    match = match_challenge(user=player, game="duel", seat="p1", opponent="greedy", autoplay="random")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.version > 3
    assert {c["name"] for c in match.config["decks"]["p1"]} <= {c.name for c in Card.objects.filter(game__code="duel")}
    client = Client()
    client.force_login(player)
    board = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Player 1" in board and "Duel" in board
    replay_page = client.get(f"/matches/{match.pk}/replay/").content.decode()
    assert "attacks for" in replay_page
    log = client.get(f"/api/matches/{match.pk}/replay/").json()
    assert log["game"] == "duel" and replay(log).ok, replay(log)

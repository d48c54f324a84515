"""The seed cards' abilities: one source (the engines' ``card_abilities.json``), copied into the seed catalogue
files by ``seeds/tools/make_*.py`` and loaded onto the catalogue cards by ``loadseeds``."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from cards.abilities import abilities_problems
from cards.models import Card

ROOT = Path(__file__).parents[2]
ENGINE_GAMES = ("legions", "riders_legend")


def seed_cards(game: str) -> list[dict]:
    return json.loads((ROOT / "seeds" / "catalogue" / f"{game}.json").read_text(encoding="utf-8"))["cards"]


def engine_table(game: str) -> dict[str, dict]:
    return json.loads((ROOT / "referee" / "games" / game / "card_abilities.json").read_text(encoding="utf-8"))["cards"]


@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_every_seed_card_carries_exactly_the_engines_abilities_for_its_name(game):
    table = engine_table(game)
    assert [c["name"] for c in seed_cards(game) if c["abilities"] != table.get(c["name"], {})] == []


@pytest.mark.parametrize("game", ENGINE_GAMES)
def test_every_seed_cards_abilities_pass_its_games_vocabulary(game):
    assert [(c["name"], str(p)) for c in seed_cards(game) for p in abilities_problems(game, c["abilities"])] == []


def test_iron_leaguer_seed_cards_have_no_abilities():
    assert {json.dumps(c["abilities"]) for c in seed_cards("iron_leaguer")} == {"{}"}


@pytest.mark.django_db
def test_loadseeds_puts_the_abilities_on_the_catalogue_cards():
    call_command("loadseeds", stdout=StringIO())
    table = engine_table("legions")
    rider = Card.objects.get(game__code="legions", name="スチームライダー")
    assert rider.abilities == table["スチームライダー"]
    assert rider.abilities["keywords"] == [{"keyword": "速攻"}]

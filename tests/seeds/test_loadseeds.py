"""manage.py loadseeds: games from the schemas, seed catalogues through the import service, idempotent."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.games import SCHEMAS
from cards.models import Card, CardSet, Game
from referee import registry

CARDS_DATA = Path(__file__).parent.parent / "cards" / "data"

pytestmark = pytest.mark.django_db


def snapshot() -> list[tuple]:
    games = Game.objects.values_list("code", "name", "name_ja")
    sets = CardSet.objects.values_list(
        "game__code", "code", "name", "name_ja", "release_date", "sample_data", "notes"
    )
    cards = Card.objects.values_list(
        "id",
        "card_set__code",
        "collector_number",
        "name",
        "reading",
        "card_type",
        "rarity",
        "rules_text",
        "flavour_text",
        "attributes",
        "sample_fields",
        "abilities",
        "updated_at",
    )
    return sorted(map(repr, games)) + sorted(map(repr, sets)) + sorted(map(repr, cards))


def test_loadseeds_twice_leaves_the_same_catalogue():
    call_command("loadseeds", stdout=StringIO())
    first = snapshot()
    out = StringIO()
    call_command("loadseeds", stdout=out)
    assert snapshot() == first
    assert Card.objects.count() > 0
    catalogue_lines = [line for line in out.getvalue().splitlines() if ".json: " in line]
    assert len(catalogue_lines) == len(list((Path(settings.BASE_DIR) / "seeds" / "catalogue").glob("*.json")))
    for line in catalogue_lines:
        assert "created 0, updated 0, unchanged" in line


def test_loadseeds_creates_every_game_even_without_seed_files(tmp_path):
    call_command("loadseeds", "--dir", str(tmp_path), stdout=StringIO())
    assert sorted(Game.objects.values_list("code", flat=True)) == sorted(SCHEMAS)
    assert Game.objects.get(code="legions").name_ja == registry.spec("legions").title[1]


def test_loadseeds_loads_each_catalogue_file_of_the_folder(tmp_path):
    for game in ("legions", "iron_leaguer"):
        shutil.copy(CARDS_DATA / f"mini_{game}.json", tmp_path / f"{game}.json")
    call_command("loadseeds", "--dir", str(tmp_path), stdout=StringIO())
    assert sorted(CardSet.objects.values_list("code", flat=True)) == ["T-IL", "T-LG"]
    assert Card.objects.count() == 8


def test_a_bad_seed_file_stops_loadseeds_and_writes_nothing(tmp_path):
    shutil.copy(CARDS_DATA / "mini_legions.json", tmp_path / "a_legions.json")
    (tmp_path / "b_broken.json").write_text(
        '{"format": "shinpan.cards", "version": 1, "game": {"code": "gundam"}}'
    )
    err = StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("loadseeds", "--dir", str(tmp_path), stdout=StringIO(), stderr=err)
    assert raised.value.returncode == 1
    assert "b_broken.json: game: code: unknown game 'gundam'" in err.getvalue()
    assert not Game.objects.exists() and not Card.objects.exists()

"""What an import reads: the sets its file names and their cards, never the rest of the catalogue (issue 14)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cards.games import SCHEMAS
from cards.models import Card, CardSet, Game
from cards.services import CardFile, cards_import, parse_card_bytes
from cards.services.importing import UNKNOWN_SET, ensure_games
from decks.catalogue import catalogue_key

pytestmark = pytest.mark.django_db

MINION = SCHEMAS["legions"].clean("minion", {"colours": ["red"], "unlock_cost": 1, "atk": 2, "hp": 1, "wt": 1})[0]
RIDER = {"alignment": "justice", "faction": "正義", "attack": 1, "defence": 1, "operation": 1}


@pytest.fixture
def games() -> dict[str, Game]:
    return {game.code: game for game in ensure_games()}


def fill_set(game: Game, code: str, count: int, card_type: str = "minion", attributes: dict = MINION) -> CardSet:
    """A stored set of ``count`` cards numbered 001…"""
    card_set = CardSet.objects.create(game=game, code=code, name=code)
    Card.objects.bulk_create(
        Card(
            game=game,
            card_set=card_set,
            collector_number=f"{n:03}",
            name=f"カード{n}",
            card_type=card_type,
            attributes=attributes,
        )
        for n in range(1, count + 1)
    )
    return card_set


def legions_card(number: str, set_code: str = "LG01", name: str = "改名") -> dict:
    return {
        "set": set_code,
        "number": number,
        "name": name,
        "reading": "",
        "card_type": "minion",
        "rarity": "",
        "rules_text": "",
        "flavour_text": "",
        "attributes": MINION,
        "sample_fields": [],
        "abilities": {},
        "image": "",
        "thumbnail": "",
    }


def legions_file(*cards: dict, sets: tuple[str, ...] = ()) -> CardFile:
    """A Legions JSON card file of ``cards``, listing the sets ``sets`` (new ones need a name: their code)."""
    set_records = [
        {"code": code, "name": code, "name_ja": "", "release_date": None, "sample_data": False, "notes": ""}
        for code in sets
    ]
    doc = {
        "format": "shinpan.cards",
        "version": 1,
        "game": {"code": "legions"},
        "sets": set_records,
        "cards": list(cards),
    }
    return parse_card_bytes(json.dumps(doc, ensure_ascii=False).encode(), "json")


@contextmanager
def cards_built() -> Iterator[list[Card]]:
    """Every Card instance made while the block runs: loaded from the database, or made to be inserted."""
    built: list[Card] = []

    def count(sender, instance, **kwargs):
        built.append(instance)

    post_init.connect(count, sender=Card)
    try:
        yield built
    finally:
        post_init.disconnect(count, sender=Card)


def card_selects(queries: list[dict]) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("SELECT") and '"cards_card"' in q["sql"]]


def test_an_import_naming_one_set_loads_only_that_sets_cards(games):
    fill_set(games["legions"], "LG01", 3)
    fill_set(games["legions"], "LG02", 200)
    with cards_built() as built:
        report = cards_import(card_file=legions_file(*(legions_card(f"{n:03}") for n in (1, 2, 3))))
    assert (report.ok, report.updated) == (True, 3)
    assert len(built) == 3


def test_a_file_of_new_sets_reads_no_stored_card(games):
    fill_set(games["legions"], "LG02", 200)
    with CaptureQueriesContext(connection) as queries:
        report = cards_import(
            card_file=legions_file(*(legions_card(f"{n:03}", "NEW") for n in range(1, 6)), sets=("NEW",))
        )
    assert (report.ok, report.created, report.sets_created) == (True, 5, 1)
    assert card_selects(queries.captured_queries) == []


def test_the_queries_of_an_import_do_not_grow_with_the_number_of_sets_in_the_catalogue(games):
    fill_set(games["legions"], "OLD-00", 2)
    with CaptureQueriesContext(connection) as small:
        cards_import(card_file=legions_file(*(legions_card(f"{n:03}", "A1") for n in range(1, 6)), sets=("A1",)))
    for k in range(1, 30):
        fill_set(games["legions"], f"OLD-{k:02}", 2)
    with CaptureQueriesContext(connection) as large:
        report = cards_import(
            card_file=legions_file(*(legions_card(f"{n:03}", "A2") for n in range(1, 6)), sets=("A2",))
        )
    assert report.created == 5
    assert len(large.captured_queries) == len(small.captured_queries)


def test_a_card_may_name_a_stored_set_its_file_does_not_list(games):
    fill_set(games["legions"], "LG01", 2)
    report = cards_import(card_file=legions_file(legions_card("002", name="新しい名前")))
    assert (report.ok, report.updated, report.created) == (True, 1, 0)
    assert Card.objects.get(card_set__code="LG01", collector_number="002").name == "新しい名前"


def test_a_set_of_the_same_code_in_another_game_is_not_taken_for_the_files_set(games):
    fill_set(games["riders_legend"], "LG01", 2, card_type="character", attributes=RIDER)
    report = cards_import(card_file=legions_file(legions_card("001")))
    assert [p.message for p in report.problems] == [UNKNOWN_SET.format(code="LG01", game="legions")]
    assert not Card.objects.filter(name="改名").exists()


def test_the_same_set_code_of_another_game_is_neither_loaded_nor_changed(games):
    fill_set(games["legions"], "LG01", 1)
    fill_set(games["riders_legend"], "LG01", 40, card_type="character", attributes=RIDER)
    with cards_built() as built:
        report = cards_import(card_file=legions_file(legions_card("001")))
    assert (report.ok, report.updated) == (True, 1)
    assert len(built) == 1
    assert Card.objects.get(game__code="riders_legend", collector_number="001").name == "カード1"


def test_new_cards_are_stored_with_every_value_and_the_import_time(games):
    before = timezone.now()
    card = legions_card("007", "NEW") | {"rules_text": "配置時：1ダメージ。", "sample_fields": ["atk"]}
    assert cards_import(card_file=legions_file(card, sets=("NEW",))).created == 1
    stored = Card.objects.get(card_set__code="NEW", collector_number="007")
    assert (stored.game, stored.name, stored.rules_text) == (games["legions"], "改名", "配置時：1ダメージ。")
    assert (stored.attributes, stored.sample_fields, stored.image.name) == (MINION, ["atk"], "")
    assert before <= stored.created_at == stored.updated_at <= timezone.now()


def test_an_import_that_changes_cards_gives_their_game_a_new_catalogue_version(games):
    fill_set(games["legions"], "LG01", 2)
    before = catalogue_key("legions")
    cards_import(card_file=legions_file(legions_card("001")))  # an update: a raw UPDATE, no post_save
    changed = catalogue_key("legions")
    assert changed != before
    cards_import(card_file=legions_file(legions_card("001")))  # nothing changes
    assert catalogue_key("legions") == changed
    assert catalogue_key("riders_legend") == "none"

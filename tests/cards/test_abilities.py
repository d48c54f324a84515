"""Card abilities on the catalogue card (issue 12, point 4): validated by the game's vocabulary with the field
named, imported and exported with the card, and what the engines referee."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.exceptions import ValidationError

from cards.abilities import NO_VOCABULARY
from cards.models import Card
from cards.services import cards_export, cards_import, parse_card_bytes
from referee.games.legions.cards import with_abilities as legions_with_abilities
from referee.games.riders_legend.cards import with_abilities as riders_with_abilities

from .test_import_export import DATA, load_mini

pytestmark = pytest.mark.django_db

PING = {"when": "配置時", "effects": [{"effect": "damage", "amount": 1,
                                       "target": {"pick": "choose", "side": "opponent", "units": ["minion"]}}]}
HASTE_AND_PING = {"keywords": [{"keyword": "速攻"}], "triggers": [PING]}


def mini(game: str) -> dict:
    return json.loads((DATA / f"mini_{game}.json").read_text(encoding="utf-8"))


def import_json(doc: dict):
    return cards_import(card_file=parse_card_bytes(json.dumps(doc, ensure_ascii=False).encode(), "json"))


def a_minion(doc: dict) -> dict:
    return next(c for c in doc["cards"] if c["card_type"] == "minion")


# -- Card.clean ------------------------------------------------------------------------------------------------


def test_a_legions_card_with_valid_abilities_is_clean(legions):
    card = legions["赤の弓兵"]
    card.abilities = HASTE_AND_PING
    card.full_clean()


def test_an_unknown_trigger_is_refused_on_abilities_naming_the_path(legions):
    card = legions["赤の弓兵"]
    card.abilities = {"triggers": [{**PING, "when": "登場時"}]}
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    [message] = caught.value.message_dict["abilities"]
    assert message.startswith("triggers.0.when: unknown trigger '登場時'")


def test_a_damage_effect_without_its_amount_is_refused_naming_the_amount(legions):
    card = legions["赤の弓兵"]
    effect = {k: v for k, v in PING["effects"][0].items() if k != "amount"}
    card.abilities = {"triggers": [{**PING, "effects": [effect]}]}
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert caught.value.message_dict["abilities"] == ["triggers.0.effects.0.amount: damage needs amount"]


def test_abilities_that_are_not_an_object_are_refused(legions):
    card = legions["赤の弓兵"]
    card.abilities = ["速攻"]
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert "abilities" in caught.value.message_dict


def test_an_iron_leaguer_card_with_abilities_is_refused():
    load_mini("iron_leaguer")
    card = Card.objects.filter(game__code="iron_leaguer").first()
    card.abilities = {"keywords": [{"keyword": "速攻"}]}
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert caught.value.message_dict["abilities"] == [NO_VOCABULARY.format(game="iron_leaguer")]


# -- import and export ----------------------------------------------------------------------------------------


def test_a_json_card_with_abilities_is_imported_with_them():
    doc = mini("legions")
    a_minion(doc)["abilities"] = HASTE_AND_PING
    assert import_json(doc).ok
    assert Card.objects.get(name=a_minion(doc)["name"]).abilities == HASTE_AND_PING


def test_invalid_abilities_in_json_are_a_bad_row_naming_the_card_and_the_field():
    doc = mini("legions")
    index = doc["cards"].index(a_minion(doc)) + 1
    a_minion(doc)["abilities"] = {"keywords": [{"keyword": "速効"}]}
    report = import_json(doc)
    assert [str(p) for p in report.problems][0].startswith(
        f"card {index}: abilities.keywords.0.keyword: unknown keyword '速効'")
    assert not Card.objects.exists()


def test_null_abilities_are_refused():
    doc = mini("legions")
    a_minion(doc)["abilities"] = None
    report = import_json(doc)
    assert [p.field for p in report.problems] == ["abilities"]


def test_an_iron_leaguer_card_file_with_abilities_is_refused():
    doc = mini("iron_leaguer")
    doc["cards"][0]["abilities"] = {"sample": True}
    report = import_json(doc)
    assert [(p.where, p.field) for p in report.problems] == [("card 1", "abilities")]


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_abilities_survive_an_export_and_import_unchanged(fmt):
    doc = mini("legions")
    a_minion(doc)["abilities"] = HASTE_AND_PING
    assert import_json(doc).ok
    text = cards_export(game="legions", fmt=fmt)
    report = cards_import(card_file=parse_card_bytes(text.encode(), fmt))
    assert (report.ok, report.updated, report.created) == (True, 0, 0)
    assert Card.objects.get(name=a_minion(doc)["name"]).abilities == HASTE_AND_PING


def _csv_with_abilities(cell: str) -> tuple[str, str]:
    load_mini("legions")
    rows = list(csv.DictReader(io.StringIO(cards_export(game="legions", fmt="csv"))))
    row = next(r for r in rows if r["card_type"] == "minion")
    row["abilities"] = cell
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue(), row["name"]


def test_a_csv_abilities_cell_holds_json_text():
    text, name = _csv_with_abilities(json.dumps(HASTE_AND_PING, ensure_ascii=False))
    assert "abilities" in text.splitlines()[0].split(",")
    report = cards_import(card_file=parse_card_bytes(text.encode(), "csv"))
    assert (report.ok, report.updated) == (True, 1)
    assert Card.objects.get(name=name).abilities == HASTE_AND_PING


def test_a_csv_abilities_cell_that_is_not_json_is_a_bad_row():
    text, _ = _csv_with_abilities("{速攻}")
    report = cards_import(card_file=parse_card_bytes(text.encode(), "csv"))
    assert [p.field for p in report.problems] == ["abilities"]
    assert "not valid JSON" in report.problems[0].message


def test_an_empty_csv_abilities_cell_means_no_abilities():
    text, name = _csv_with_abilities("")
    assert cards_import(card_file=parse_card_bytes(text.encode(), "csv")).ok
    assert Card.objects.get(name=name).abilities == {}


# -- what the engines read ---------------------------------------------------------------------------------


def test_the_legions_engine_takes_a_cards_own_abilities_over_the_seed_data():
    card = {"name": "スチームライダー", "card_type": "minion", "attributes": {}, "abilities": HASTE_AND_PING}
    assert legions_with_abilities(card)["abilities"] == HASTE_AND_PING


def test_a_card_with_empty_abilities_gets_the_seed_data_of_its_name():
    card = {"name": "スチームライダー", "card_type": "minion", "attributes": {}, "abilities": {}}
    assert legions_with_abilities(card)["abilities"]["keywords"] == [{"keyword": "速攻"}]


def test_a_new_card_with_empty_abilities_has_none_so_its_text_is_not_refereed():
    card = {"name": "新しいミニオン", "card_type": "minion", "attributes": {}, "abilities": {}}
    assert "abilities" not in legions_with_abilities(card)
    assert "abilities" not in riders_with_abilities({**card, "card_type": "character"})

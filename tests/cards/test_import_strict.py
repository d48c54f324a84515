"""Imports never lose data silently: every column and key named, short rows refused, ``--partial`` explicit.

The rule (docs/formats.md, "One rule: a file says every field"): a CSV names every column of each of its
games (exit 2 naming the missing ones), a row shorter than the header is a bad row, a JSON card or set without
one of its keys is refused; ``importcards --partial`` is the one way to update some fields and keep the rest.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from cards.models import Card, CardSet
from cards.services import cards_export, cards_import, parse_card_bytes
from cards.services.csv_columns import attribute_columns, csv_header
from cards.services.records import COMMON_COLUMNS

from .test_import_export import DATA, catalogue, load_mini, run, write

pytestmark = pytest.mark.django_db


def mini(game: str) -> dict:
    return json.loads((DATA / f"mini_{game}.json").read_text(encoding="utf-8"))


def kasumi() -> Card:
    return Card.objects.get(name="下忍カスミ")


def csv_without(columns: set[str]) -> str:
    """The mini Legions catalogue exported as CSV, then with ``columns`` cut out of every row."""
    rows = list(csv.reader(io.StringIO(cards_export(game="legions", fmt="csv"))))
    keep = [i for i, column in enumerate(rows[0]) if column not in columns]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[row[i] for i in keep] for row in rows])
    return out.getvalue()


# -- CSV: a missing column -----------------------------------------------------------------------------------


def test_a_csv_without_an_attribute_column_exits_2_naming_it_and_changes_nothing(tmp_path):
    load_mini("legions")
    before = catalogue()
    status, _, err = run("importcards", write(tmp_path, "nokw.csv", csv_without({"keywords", "category"})))
    assert status == 2
    assert "lacks the legions column(s) keywords, category" in err
    assert catalogue() == before
    assert kasumi().attributes["keywords"] == ["速攻", "隠密"]


def test_a_csv_of_two_games_must_name_the_columns_of_both(tmp_path):
    header = [*COMMON_COLUMNS, *attribute_columns("legions")]
    row = dict.fromkeys(header, "")
    row.update(game="riders_legend", set="T-RL", set_name="x", number="001", name="n", card_type="eyecatch")
    text = ",".join(header) + "\n" + ",".join(row.values()) + "\n"
    status, _, err = run("importcards", write(tmp_path, "two.csv", text))
    assert status == 2
    assert "lacks the riders_legend column(s) alignment, faction," in err


def test_a_csv_without_a_common_column_exits_2_naming_it(tmp_path):
    load_mini("legions")
    status, _, err = run("importcards", write(tmp_path, "notext.csv", csv_without({"rules_text"})))
    assert status == 2
    assert "header row lacks the column(s) rules_text" in err


# -- CSV: a short row ----------------------------------------------------------------------------------------


def test_a_row_shorter_than_the_header_is_a_bad_row_and_nothing_is_blanked(tmp_path):
    load_mini("legions")
    before = catalogue()
    lines = csv_without(set()).splitlines()  # row 2 (星崎イノリ) has a two-line rules text: lines 2 and 3
    lines[3] = ",".join(lines[3].split(",")[:-3])  # 下忍カスミ without its keywords, category, finisher cells
    status, _, err = run("importcards", write(tmp_path, "short.csv", "\n".join(lines) + "\n"))
    assert status == 1
    total = len(csv_header("legions"))
    assert f"row 3: row: has {total - 3} cells, the header has {total}" in err
    assert "missing: keywords, category, finisher" in err
    assert catalogue() == before


def test_a_short_row_after_a_multi_line_cell_names_its_line_in_the_file(tmp_path):
    load_mini("legions")
    text = csv_without(set())  # row 2 (星崎イノリ) holds a two-line rules text: row 3 starts on line 4
    lines = text.splitlines()
    lines[3] = ",".join(lines[3].split(",")[:-1])
    status, _, err = run("importcards", write(tmp_path, "short.csv", "\n".join(lines) + "\n"))
    assert status == 1
    assert "row 3: row: has" in err and "(line 4 of the file)" in err


# -- JSON: an absent key -------------------------------------------------------------------------------------


def test_a_json_card_without_rules_text_is_refused_and_the_stored_text_kept(tmp_path):
    load_mini("legions")
    doc = mini("legions")
    del doc["cards"][0]["rules_text"]
    status, _, err = run("importcards", write(tmp_path, "c.json", json.dumps(doc, ensure_ascii=False)))
    assert status == 1
    assert "card 1: rules_text: is missing" in err
    assert Card.objects.get(collector_number="001").rules_text == "コアフェイズ開始時、コア1個を送る。\n二行目。"


@pytest.mark.parametrize("key", ["name", "reading", "attributes", "sample_fields", "abilities", "image", "thumbnail"])
def test_every_card_key_is_required(tmp_path, key):
    doc = mini("legions")
    del doc["cards"][1][key]
    status, _, err = run("importcards", write(tmp_path, "c.json", json.dumps(doc, ensure_ascii=False)))
    assert status == 1
    assert f"card 2: {key}: is missing" in err
    assert not Card.objects.exists()


def test_a_json_set_without_a_key_is_refused_like_a_card(tmp_path):
    load_mini("legions")
    doc = mini("legions")
    del doc["sets"][0]["notes"]
    status, _, err = run("importcards", write(tmp_path, "s.json", json.dumps(doc, ensure_ascii=False)))
    assert status == 1
    assert "set 1: notes: is missing" in err
    assert '"", [] or {};' in err  # the message says how to write an empty value
    assert CardSet.objects.get().notes == "Test data: every value is invented."


def test_a_null_card_text_is_refused_not_taken_as_empty(tmp_path):
    load_mini("legions")
    doc = mini("legions")
    doc["cards"][0]["rules_text"] = None
    status, _, err = run("importcards", write(tmp_path, "n.json", json.dumps(doc, ensure_ascii=False)))
    assert status == 1
    assert "card 1: rules_text: must be text, not None" in err


def test_a_null_release_date_says_the_set_has_no_date():
    load_mini("legions")
    doc = mini("legions")
    doc["sets"][0]["release_date"] = None
    report = cards_import(card_file=parse_card_bytes(json.dumps(doc).encode(), "json"))
    assert report.ok and CardSet.objects.get().release_date is None


def test_a_json_file_without_a_cards_list_is_unreadable(tmp_path):
    doc = mini("legions")
    del doc["cards"]
    status, _, err = run("importcards", write(tmp_path, "nc.json", json.dumps(doc)))
    assert status == 2
    assert 'lacks the key "cards"' in err


# -- --partial -----------------------------------------------------------------------------------------------


def partial_csv(*rows: dict[str, str]) -> str:
    header = list(rows[0])
    return "\n".join([",".join(header), *(",".join(row[c] for c in header) for row in rows)]) + "\n"


def test_a_partial_csv_updates_its_columns_and_keeps_every_other_value(tmp_path):
    load_mini("legions")
    before = kasumi()
    text = partial_csv({"game": "legions", "set": "T-LG", "number": "002", "rarity": "U", "hp": "2"})
    status, out, _ = run("importcards", "--partial", write(tmp_path, "p.csv", text))
    assert (status, out.strip()) == (0, "created 0, updated 1, unchanged 0")
    after = kasumi()
    assert (after.rarity, after.attributes["hp"]) == ("U", 2)
    assert after.attributes == {**before.attributes, "hp": 2}
    assert (after.rules_text, after.flavour_text, after.reading, after.sample_fields) == (
        before.rules_text,
        before.flavour_text,
        before.reading,
        before.sample_fields,
    )


def test_without_partial_the_same_file_is_refused(tmp_path):
    load_mini("legions")
    text = partial_csv({"game": "legions", "set": "T-LG", "number": "002", "rarity": "U"})
    status, _, err = run("importcards", write(tmp_path, "p.csv", text))
    assert status == 2
    assert "header row lacks the column(s) set_name" in err and "--partial" in err


def test_an_empty_cell_of_a_partial_csv_still_clears_its_attribute(tmp_path):
    load_mini("legions")
    text = partial_csv({"game": "legions", "set": "T-LG", "number": "002", "keywords": ""})
    assert run("importcards", "--partial", write(tmp_path, "p.csv", text))[0] == 0
    assert kasumi().attributes.get("keywords", []) == [] and kasumi().attributes["hp"] == 1


def test_a_partial_file_cannot_create_a_card(tmp_path):
    load_mini("legions")
    before = catalogue()
    text = partial_csv({"game": "legions", "set": "T-LG", "number": "099", "name": "新カード"})
    status, _, err = run("importcards", "--partial", write(tmp_path, "p.csv", text))
    assert status == 1
    assert "row 2: card: T-LG 099 is not in the catalogue" in err
    assert catalogue() == before


def test_a_partial_csv_still_needs_the_identifying_columns(tmp_path):
    text = "game,number,rarity\nlegions,002,U\n"
    status, _, err = run("importcards", "--partial", write(tmp_path, "p.csv", text))
    assert status == 2
    assert "header row lacks the column(s) set" in err


def test_a_partial_json_card_without_rules_text_keeps_the_stored_text(tmp_path):
    load_mini("legions")
    doc = mini("legions")
    doc["cards"] = [{"set": "T-LG", "number": "001", "rarity": "UR"}]
    status, out, _ = run("importcards", "--partial", write(tmp_path, "p.json", json.dumps(doc)))
    assert (status, out.strip()) == (0, "created 0, updated 1, unchanged 0")
    card = Card.objects.get(collector_number="001")
    assert (card.rarity, card.rules_text) == ("UR", "コアフェイズ開始時、コア1個を送る。\n二行目。")


def test_a_partial_json_set_without_a_key_keeps_its_value(tmp_path):
    load_mini("legions")
    doc = mini("legions")
    doc["sets"] = [{"code": "T-LG", "name_ja": "新しい名前"}]
    doc["cards"] = []
    assert run("importcards", "--partial", write(tmp_path, "p.json", json.dumps(doc)))[0] == 0
    card_set = CardSet.objects.get()
    assert (card_set.name, card_set.name_ja) == ("Test booster", "新しい名前")


# -- the seed catalogues -------------------------------------------------------------------------------------

SEEDS = sorted((Path(__file__).resolve().parents[2] / "seeds" / "catalogue").glob("*.json"))


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.stem)
def test_each_seed_catalogue_imports_under_the_strict_rule(path):
    status, out, err = run("importcards", str(path))
    assert (status, err) == (0, "")
    assert out.startswith("created ")


def test_loadseeds_still_loads_every_seed_catalogue():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("loadseeds", stdout=out)
    assert sum(".json: created" in line for line in out.getvalue().splitlines()) == len(SEEDS)
    assert Card.objects.count() == sum(len(json.loads(p.read_text())["cards"]) for p in SEEDS)

"""Bulk import and export of cards (importcards / exportcards): all or nothing, upsert, exact round trip."""

from __future__ import annotations

import csv
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.models import Card, CardSet, Game
from cards.services import cards_export, cards_import, parse_card_bytes
from cards.services.csv_columns import csv_header
from cards.services.records import COMMON_COLUMNS

DATA = Path(__file__).parent / "data"
GAMES = ("legions", "riders_legend", "iron_leaguer")

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str, str]:
    """Run a management command; return (exit status, stdout, stderr)."""
    out, err = StringIO(), StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
    except CommandError as exc:
        return exc.returncode, out.getvalue(), err.getvalue() + str(exc)
    return 0, out.getvalue(), err.getvalue()


def load_mini(game: str) -> None:
    assert run("importcards", str(DATA / f"mini_{game}.json"))[0] == 0


def catalogue() -> list[tuple]:
    """Everything an export holds, as comparable values."""
    sets = CardSet.objects.values_list("game__code", "code", "name", "name_ja", "release_date", "sample_data", "notes")
    cards = Card.objects.values_list(
        "game__code",
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
    )
    return sorted(map(repr, sets)) + sorted(map(repr, cards))


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return str(path)


def legions_row(number: str, *, name: str = "ミニオン", hp: str = "3", game: str = "legions") -> str:
    cells = dict.fromkeys(csv_header("legions"), "")
    cells.update(
        game=game,
        set="T-LG",
        set_name="Test booster",
        number=number,
        name=name,
        card_type="minion",
        colours="red",
        unlock_cost="1",
        atk="2",
        hp=hp,
        wt="1",
    )
    return ",".join(cells.values())


def legions_csv(*rows: str) -> str:
    return "\n".join([",".join(csv_header("legions")), *rows]) + "\n"


# -- round trip ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("game", GAMES)
def test_importing_an_export_reports_nothing_created_or_updated(tmp_path, game, fmt):
    load_mini(game)
    path = tmp_path / f"export.{fmt}"
    assert run("exportcards", "--game", game, "--format", fmt, "--output", str(path))[0] == 0
    status, out, _ = run("importcards", str(path))
    assert status == 0
    assert out.strip() == f"created 0, updated 0, unchanged {Card.objects.count()}"


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("game", GAMES)
def test_an_export_imported_into_an_empty_catalogue_exports_identically(game, fmt):
    load_mini(game)
    before = cards_export(game=game, fmt=fmt)
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    report = cards_import(card_file=parse_card_bytes(before.encode(), fmt))
    assert report.ok and report.created == Card.objects.count() > 0
    assert cards_export(game=game, fmt=fmt) == before


def test_the_csv_export_writes_none_as_the_minus_sign_and_lists_with_bars():
    load_mini("iron_leaguer")
    text = cards_export(game="iron_leaguer", fmt="csv")
    assert ",dark_starter,1,2,3,−," in text
    assert "named,マグナムエース|GZ,attack,1," in text


def test_a_name_holding_a_slash_survives_the_csv_round_trip():
    load_mini("riders_legend")
    cards_import(card_file=parse_card_bytes(cards_export(game="riders_legend", fmt="csv").encode(), "csv"))
    rider = Card.objects.get(collector_number="001")
    assert rider.attributes["transforms_from"] == ["本郷猛", "1号/2号 (ダブルライダー)"]


def test_the_json_export_holds_the_file_format_and_japanese_text_unescaped():
    load_mini("legions")
    text = cards_export(game="legions", fmt="json")
    doc = json.loads(text)
    assert (doc["format"], doc["version"], doc["game"]["code"]) == ("shinpan.cards", 1, "legions")
    assert "星崎イノリ" in text


def test_exportcards_writes_to_standard_output_without_output_option():
    load_mini("legions")
    status, out, _ = run("exportcards", "--game", "legions", "--format", "csv")
    assert status == 0
    rows = list(csv.reader(StringIO(out)))
    assert rows[0] == csv_header("legions")
    assert [row[5] for row in rows[1:]] == ["001", "002", "003", "004"]


# -- upsert and dry run --------------------------------------------------------------------------------------


def test_a_changed_value_updates_that_card_only(tmp_path):
    load_mini("legions")
    doc = json.loads((DATA / "mini_legions.json").read_text(encoding="utf-8"))
    doc["cards"][1]["attributes"]["hp"] = 4
    status, out, _ = run("importcards", write(tmp_path, "changed.json", json.dumps(doc, ensure_ascii=False)))
    assert (status, out.strip()) == (0, "created 0, updated 1, unchanged 3")
    assert Card.objects.get(name="下忍カスミ").attributes["hp"] == 4


def test_an_update_moves_updated_at_of_the_changed_card_only(tmp_path):
    load_mini("legions")
    before = dict(Card.objects.values_list("collector_number", "updated_at"))
    doc = json.loads((DATA / "mini_legions.json").read_text(encoding="utf-8"))
    doc["cards"][0]["rules_text"] = "新しい効果。"
    assert run("importcards", write(tmp_path, "changed.json", json.dumps(doc)))[0] == 0
    after = dict(Card.objects.values_list("collector_number", "updated_at"))
    assert after["001"] > before["001"]
    assert {k: v for k, v in after.items() if k != "001"} == {k: v for k, v in before.items() if k != "001"}
    assert Card.objects.get(collector_number="001").rules_text == "新しい効果。"


def test_a_dry_run_counts_what_would_change_and_writes_nothing(tmp_path):
    load_mini("legions")
    before = catalogue()
    path = write(tmp_path, "more.csv", legions_csv(legions_row("002", name="改名"), legions_row("099")))
    status, out, _ = run("importcards", path, "--dry-run")
    assert (status, out.strip()) == (0, "created 1, updated 1, unchanged 0 (dry run: nothing written)")
    assert catalogue() == before


def test_an_import_creates_the_game_row_when_missing():
    assert not Game.objects.exists()
    load_mini("iron_leaguer")
    assert Game.objects.get().name_ja == "疾風！アイアンリーガー カードゲーム"


def test_the_number_of_queries_does_not_grow_with_the_number_of_cards(django_assert_max_num_queries):
    rows = [legions_row(f"{n:03}") for n in range(1, 301)]
    card_file = parse_card_bytes(legions_csv(*rows).encode(), "csv")
    # 13, and the catalogue version of the game (decks.catalogue): on SQLite the 300 rows take six multi-row
    # INSERTs under its parameter limit since cards carry their sources (issue 29.4); PostgreSQL takes one
    with django_assert_max_num_queries(14):
        report = cards_import(card_file=card_file)
    assert report.created == 300


# -- bad rows: exit 1, every row listed, nothing written -----------------------------------------------------


def test_a_csv_with_three_bad_rows_exits_1_names_each_row_and_changes_nothing():
    load_mini("legions")
    before = catalogue()
    status, _, err = run("importcards", str(DATA / "bad_three_rows.csv"))
    assert status == 1
    assert "row 3: game: unknown game 'gundam'" in err
    assert "row 4: name: " in err
    assert "row 5: hp: must be at least 1, not -1" in err
    assert "row 2" not in err
    assert catalogue() == before


def test_the_same_card_twice_in_a_file_is_refused_naming_both_rows(tmp_path):
    status, _, err = run("importcards", write(tmp_path, "dup.csv", legions_csv(legions_row("001"), legions_row("001"))))
    assert status == 1
    assert "row 3: number: T-LG 001 is already on row 2" in err
    assert not Card.objects.exists()


def test_an_attribute_column_of_another_game_is_refused_on_that_row(tmp_path):
    header = csv_header("legions") + ["faction"]
    text = ",".join(header) + "\n" + legions_row("001") + ",正義\n"
    status, _, err = run("importcards", write(tmp_path, "mixed.csv", text))
    assert status == 1
    assert "row 2: faction: is not an attribute of legions cards" in err


def test_a_card_of_a_set_missing_from_file_and_catalogue_is_refused(tmp_path):
    doc = json.loads((DATA / "mini_legions.json").read_text(encoding="utf-8"))
    doc["cards"][2]["set"] = "NOPE"
    status, _, err = run("importcards", write(tmp_path, "set.json", json.dumps(doc)))
    assert status == 1
    assert "card 3: set: no set 'NOPE' of legions in the file or the catalogue" in err
    assert not Card.objects.exists()


def test_a_new_set_without_a_name_is_refused(tmp_path):
    row = legions_row("001").replace("Test booster", "")
    status, _, err = run("importcards", write(tmp_path, "noname.csv", legions_csv(row)))
    assert status == 1
    assert "row 2: set_name: is required for the new set 'T-LG'" in err


def test_sample_fields_naming_no_field_of_the_game_is_refused(tmp_path):
    doc = json.loads((DATA / "mini_legions.json").read_text(encoding="utf-8"))
    doc["cards"][0]["sample_fields"] = ["speed"]
    status, _, err = run("importcards", write(tmp_path, "sample.json", json.dumps(doc)))
    assert status == 1
    assert "card 1: sample_fields: 'speed' is not a field of legions cards" in err


def test_a_json_file_of_an_unknown_game_is_refused(tmp_path):
    doc = {"format": "shinpan.cards", "version": 1, "game": {"code": "gundam"}, "sets": [], "cards": []}
    status, _, err = run("importcards", write(tmp_path, "g.json", json.dumps(doc)))
    assert status == 1
    assert "game: code: unknown game 'gundam'" in err


def test_a_json_card_with_an_unknown_key_is_refused(tmp_path):
    doc = json.loads((DATA / "mini_legions.json").read_text(encoding="utf-8"))
    doc["cards"][3]["hp"] = 3  # an attribute belongs in "attributes"
    status, _, err = run("importcards", write(tmp_path, "k.json", json.dumps(doc)))
    assert status == 1
    assert "card 4: hp: is not a card field" in err


# -- unreadable files: exit 2 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("latin1.csv", "game,set\nlégions".encode("latin-1"), "not UTF-8 text"),
        ("broken.json", '{"format": "shinpan.cards",', "not valid JSON: line 1"),
        ("other.json", '{"format": "something"}', "not a Shinpan card file"),
        ("cards.xlsx", "x", "unknown file type '.xlsx'"),
        ("short.csv", "game,set,number,name\n", "header row lacks the column(s) set_name"),
        ("typo.csv", ",".join(csv_header("legions")) + ",hitpoints\n", "unknown column(s) 'hitpoints'"),
    ],
)
def test_an_unreadable_file_exits_2_with_a_clear_message(tmp_path, name, content, message):
    status, _, err = run("importcards", write(tmp_path, name, content))
    assert status == 2
    assert message in err


def test_a_missing_file_exits_2(tmp_path):
    status, _, err = run("importcards", str(tmp_path / "absent.json"))
    assert (status, "cannot read" in err) == (2, True)


# -- the documentation ---------------------------------------------------------------------------------------

FORMATS_DOC = Path(__file__).resolve().parents[2] / "docs" / "formats.md"


@pytest.mark.parametrize("game", GAMES)
def test_the_formats_doc_lists_every_attribute_column_of_each_game(game):
    doc = FORMATS_DOC.read_text(encoding="utf-8")
    missing = [c for c in csv_header(game)[len(COMMON_COLUMNS) :] if f"| `{c}` |" not in doc]
    assert missing == []


def test_the_csv_example_of_the_formats_doc_imports():
    doc = FORMATS_DOC.read_text(encoding="utf-8")
    example = doc.split("Example (Legions!", 1)[1].split("```\n", 2)[1]
    report = cards_import(card_file=parse_card_bytes(example.encode(), "csv"))
    assert (report.ok, report.created) == (True, 2)

"""The Riders' Legend seed catalogue and sample decks: valid cards, the coverage the foundation asks for,
and two legal decks (Riders' Legend: デッキ — 30 first half + 30 second half + 1 eyecatch, at most 4 copies
of a card by name).

Pure data tests: no database. The decklist reader here is deliberately minimal (canonical format only), so
these tests check the seed files themselves, independently of the decks app's tolerant codec.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from cards.games import SCHEMAS

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE_PATH = ROOT / "seeds" / "catalogue" / "riders_legend.json"
DECK_PATHS = sorted((ROOT / "seeds" / "decks").glob("riders_legend_*.txt"))
SCHEMA = SCHEMAS["riders_legend"]
SECTIONS = {"First half": "first_half", "Second half": "second_half", "Eyecatch": "eyecatch"}
SECTION_SIZES = {"first_half": 30, "second_half": 30, "eyecatch": 1}
COPY_LIMIT = 4
COMMON_FIELDS = {"name", "rules_text", "flavour_text", "rarity", "reading"}
_CARD_LINE = re.compile(r"^(\d+)\s+(\S.*)$")


@pytest.fixture(scope="module")
def catalogue() -> dict:
    return json.loads(CATALOGUE_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards(catalogue) -> list[dict]:
    return catalogue["cards"]


@pytest.fixture(scope="module")
def by_name(cards) -> dict[str, dict]:
    return {card["name"]: card for card in cards}


def read_deck(path: Path) -> tuple[dict[str, str], dict[str, Counter]]:
    """Read a canonical decklist: ``({header: value}, {section: Counter(name -> copies)})``.

    Raises AssertionError naming the line for a card line before any section or a line it cannot read.
    """
    headers: dict[str, str] = {}
    sections: dict[str, Counter] = {}
    current = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text in SECTIONS:
            current = sections.setdefault(SECTIONS[text], Counter())
            continue
        match = _CARD_LINE.match(text)
        if match is None and ":" in text:
            key, value = text.split(":", 1)
            headers[key.strip()] = value.strip()
            continue
        assert match is not None, f"{path.name} line {number}: cannot read {raw!r}"
        assert current is not None, f"{path.name} line {number}: card before any section header"
        current[match.group(2).strip()] += int(match.group(1))
    return headers, sections


# --- the catalogue --------------------------------------------------------------------------------

def test_catalogue_is_a_riders_legend_cards_file(catalogue):
    assert (catalogue["format"], catalogue["version"]) == ("shinpan.cards", 1)
    assert catalogue["game"]["code"] == "riders_legend"


def test_every_card_passes_the_game_schema(cards):
    problems = [
        f"{card['set']} {card['number']} {card['name']}: {problem}"
        for card in cards
        for problem in SCHEMA.validate(card["card_type"], card["attributes"])
    ]
    assert problems == []


def test_the_catalogue_holds_at_least_one_hundred_cards(cards):
    assert len(cards) >= 100


def test_at_least_two_sets_are_used_and_every_card_names_a_declared_set(catalogue, cards):
    declared = {s["code"] for s in catalogue["sets"]}
    used = {card["set"] for card in cards}
    assert used <= declared
    assert len(used) >= 2


def test_sets_carry_the_real_product_names_from_the_rules(catalogue):
    names = {s["name_ja"] for s in catalogue["sets"]}
    assert {"基本セット", "発現! 究極の力"} <= names


def test_every_set_is_marked_sample_data_and_says_why(catalogue):
    for card_set in catalogue["sets"]:
        assert card_set["sample_data"] is True, card_set["code"]
        assert "sample" in card_set["notes"].lower(), card_set["code"]


def test_collector_numbers_are_unique_within_each_set(cards):
    keys = Counter((card["set"], card["number"]) for card in cards)
    assert [key for key, count in keys.items() if count > 1] == []


def test_card_names_are_unique_so_decklists_resolve_by_name(cards):
    names = Counter(card["name"] for card in cards)
    assert [name for name, count in names.items() if count > 1] == []


def test_every_card_has_a_kana_reading(cards):
    not_kana = [card["name"] for card in cards if not re.fullmatch(r"[ぁ-ゖァ-ヶー・ ]+", card["reading"])]
    assert not_kana == []


def test_sample_fields_name_only_fields_the_card_has(cards):
    wrong = [
        (card["name"], field)
        for card in cards
        for field in card["sample_fields"]
        if field not in COMMON_FIELDS and field not in card["attributes"]
    ]
    assert wrong == []


def test_every_number_of_a_card_is_marked_as_a_sample_value(cards):
    numeric = {"attack", "defence", "operation", "required_operation"}
    unmarked = [
        (card["name"], key)
        for card in cards
        for key in numeric & card["attributes"].keys()
        if key not in card["sample_fields"]
    ]
    assert unmarked == []


# --- coverage the foundation asks for -------------------------------------------------------------

def _of(cards, card_type, alignment=None):
    return [c for c in cards if c["card_type"] == card_type
            and (alignment is None or c["attributes"].get("alignment") == alignment)]


@pytest.mark.parametrize("alignment", ["justice", "evil"])
def test_there_are_characters_of_each_alignment(cards, alignment):
    assert len(_of(cards, "character", alignment)) >= 10


@pytest.mark.parametrize("alignment", ["justice", "evil"])
def test_there_are_missions_of_each_alignment(cards, alignment):
    assert len(_of(cards, "mission", alignment)) >= 3


def test_there_are_actions(cards):
    assert len(_of(cards, "action")) >= 5


def test_there_are_at_least_two_eyecatch_cards_with_both_sides_written(cards):
    eyecatches = _of(cards, "eyecatch")
    assert len(eyecatches) >= 2
    assert all(c["attributes"]["side_a"] and c["attributes"]["side_b"] for c in eyecatches)


def test_some_cards_are_limited_to_one_on_the_field(cards):
    limited = [c["name"] for c in cards if c["attributes"].get("limit_one")]
    assert len(limited) >= 3


def test_evil_cards_span_several_factions(cards):
    factions = {c["attributes"]["faction"] for c in cards if c["attributes"].get("alignment") == "evil"}
    assert {"ショッカー", "グロンギ"} <= factions
    assert len(factions) >= 5


def test_every_transformation_names_an_existing_character(cards, by_name):
    dangling = [
        (card["name"], source)
        for card in _of(cards, "character")
        for source in card["attributes"]["transforms_from"]
        if by_name.get(source, {}).get("card_type") != "character"
    ]
    assert dangling == []


def test_transformations_stay_within_one_alignment(cards, by_name):
    crossed = [
        (card["name"], source)
        for card in _of(cards, "character")
        for source in card["attributes"]["transforms_from"]
        if by_name[source]["attributes"]["alignment"] != card["attributes"]["alignment"]
    ]
    assert crossed == []


def _chain_length(name: str, by_name: dict[str, dict], seen: frozenset[str] = frozenset()) -> int:
    assert name not in seen, f"transformation cycle through {name}"
    sources = by_name[name]["attributes"].get("transforms_from", [])
    return 1 + max((_chain_length(s, by_name, seen | {name}) for s in sources), default=0)


def test_transform_chains_have_no_cycles_and_some_are_several_steps_long(cards, by_name):
    lengths = {c["name"]: _chain_length(c["name"], by_name) for c in _of(cards, "character")}
    assert lengths["仮面ライダー1号"] == 2  # 本郷猛 → 仮面ライダー1号
    assert max(lengths.values()) >= 4  # クウガ: 五代雄介 → グローイング → マイティ → ライジングマイティ → …


# --- the sample decks -----------------------------------------------------------------------------

def test_there_are_two_riders_legend_sample_decks():
    assert len(DECK_PATHS) >= 2


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.stem)
def test_sample_deck_headers_name_the_game_and_the_advanced_format(path):
    headers, _ = read_deck(path)
    assert headers.get("Game") == "riders_legend"
    assert headers.get("Format") == "riders_legend_advanced"


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.stem)
def test_sample_deck_sections_have_thirty_thirty_and_one_cards(path):
    _, sections = read_deck(path)
    sizes = {section: sum(sections.get(section, Counter()).values()) for section in SECTION_SIZES}
    assert sizes == SECTION_SIZES


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.stem)
def test_sample_deck_names_only_catalogue_cards(path, by_name):
    _, sections = read_deck(path)
    unknown = [name for counter in sections.values() for name in counter if name not in by_name]
    assert unknown == []


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.stem)
def test_sample_deck_has_eyecatch_cards_in_the_eyecatch_section_only(path, by_name):
    _, sections = read_deck(path)
    misplaced = [
        (section, name)
        for section, counter in sections.items()
        for name in counter
        if (by_name[name]["card_type"] == "eyecatch") != (section == "eyecatch")
    ]
    assert misplaced == []


@pytest.mark.parametrize("path", DECK_PATHS, ids=lambda p: p.stem)
def test_sample_deck_has_at_most_four_copies_of_a_card_across_both_halves(path):
    _, sections = read_deck(path)
    total = sum(sections.values(), Counter())
    assert {name: n for name, n in total.items() if n > COPY_LIMIT} == {}


def test_the_sample_decks_include_a_justice_deck_and_an_evil_deck(by_name):
    alignments = set()
    for path in DECK_PATHS:
        _, sections = read_deck(path)
        names = set(sections.get("first_half", Counter())) | set(sections.get("second_half", Counter()))
        alignments |= {by_name[name]["attributes"]["alignment"] for name in names if name in by_name}
    assert alignments == {"justice", "evil"}


def test_the_deck_reader_counts_copies_across_sections(tmp_path):
    deck = tmp_path / "riders_legend_check.txt"
    deck.write_text("Game: riders_legend\nFirst half\n3 本郷猛\nSecond half\n2 本郷猛\n", encoding="utf-8")
    _, sections = read_deck(deck)
    assert sum(sections.values(), Counter())["本郷猛"] == 5


# --- the generator --------------------------------------------------------------------------------

def test_the_seed_file_is_what_the_generator_writes():
    tool = ROOT / "seeds" / "tools" / "make_riders_legend.py"
    spec = importlib.util.spec_from_file_location("make_riders_legend", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert CATALOGUE_PATH.read_text(encoding="utf-8") == module.render()

"""The Iron Leaguer seed catalogue and sample rosters hold enough valid cards to play the whole game.

Rules: /work/shared/rules/iron_leaguer.ja.txt (IL 2 set-up, 5 techniques, 8.6 defence results, 9 rough play,
12.2/12.3.2 forced retirement, 19.4/19.5/21.6/21.7 the ILs the rules name). Pure data checks: no database.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from cards.games import SCHEMAS
from cards.games.iron_leaguer import HALF_KINDS

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "seeds" / "catalogue" / "iron_leaguer.json"
ROSTERS = sorted((ROOT / "seeds" / "decks").glob("iron_leaguer_*.txt"))
SCHEMA = SCHEMAS["iron_leaguer"]
DARK_SIDE = {"dark_starter", "dark_leaguer"}
PERIODS = (1, 2, 3)
# IL 19.4, 19.5, 21.6, 21.7: the ILs the rules name, with the affiliation a fair reading gives them.
RULE_NAMED = {
    "極十郎太": "stray_leaguer",  # 19.5: Dark may not scout them, listed apart from the Silver starters
    "ブルアーマー": "stray_leaguer",
    "ファイタースピリッツ": "dark_leaguer",  # 19.4/21.6: Dark ILs Silver cannot scout and that never depart
    "ファイターアロー": "dark_leaguer",
    "トップジョイ": "dark_leaguer",  # 21.7: Dark ILs with +2 on the departure check
    "GZ": "dark_leaguer",
}


@cache
def catalogue() -> dict:
    return json.loads(CATALOGUE.read_text(encoding="utf-8"))


def cleaned_cards() -> list[dict]:
    """Every card with its attributes normalised by the schema (growth "−" -> None)."""
    return [{**card, "attributes": SCHEMA.clean(card["card_type"], card["attributes"])[0]}
            for card in catalogue()["cards"]]


def ils(affiliation: str | None = None) -> list[dict]:
    """IL cards in collector order, optionally of one affiliation."""
    found = [c for c in cleaned_cards() if c["card_type"] == "il"]
    found.sort(key=lambda c: c["number"])
    return [c for c in found if affiliation is None or c["attributes"]["affiliation"] == affiliation]


def halves(period: int) -> list[tuple[str, dict]]:
    """(side, half) for every half of every technique card of ``period``; side is "upper" or "lower"."""
    cards = [c for c in cleaned_cards()
             if c["card_type"] == "technique" and c["attributes"]["period"] == period]
    return [(side, c["attributes"][side]) for c in cards for side in ("upper", "lower")]


def can_use(il: dict, half: dict) -> bool:
    """IL 5.4.1, 5.4.4, 5.4.5: kind matches; heart and body reached; skill reached, +1 per 2 spare heart."""
    attrs = il["attributes"]
    if half["kind"] == "named" and il["name"] not in half["named_ils"]:
        return False
    if half["kind"] not in ("any", "named") and half["kind"] not in attrs["kinds"]:
        return False
    if attrs["heart"] < half["heart"] or attrs["body"] < half["body"]:
        return False
    return attrs["skill"] + (attrs["heart"] - half["heart"]) // 2 >= half["skill"]


def read_roster(path: Path) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """Headers (``Game``, ``Format``, ``Side``…) and the ``Roster`` section's (count, name) lines."""
    headers: dict[str, str] = {}
    entries: list[tuple[int, str]] = []
    section = None
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if text == "Roster":
            section = text
        elif section is None and ":" in text:
            key, value = text.split(":", 1)
            headers[key.strip()] = value.strip()
        else:
            count, name = text.split(" ", 1)
            entries.append((int(count), name.strip()))
    return headers, entries


def test_the_file_is_a_shinpan_cards_file_for_iron_leaguer():
    data = catalogue()
    assert (data["format"], data["version"], data["game"]["code"]) == ("shinpan.cards", 1, "iron_leaguer")


def test_every_card_passes_the_iron_leaguer_schema():
    problems = [
        f"{card['set']} {card['number']} {card['name']}: {error}"
        for card in catalogue()["cards"]
        for error in SCHEMA.validate(card["card_type"], card["attributes"])
    ]
    assert problems == []


def test_every_card_is_stored_in_the_schemas_normalised_form():
    # The engine reads the file as it is: defaults present, growth/persons "−" written as null (as exported).
    changed = [
        f"{card['set']} {card['number']} {card['name']}"
        for card in catalogue()["cards"]
        if SCHEMA.clean(card["card_type"], card["attributes"])[0] != card["attributes"]
    ]
    assert changed == []


def test_every_card_belongs_to_a_declared_set_with_a_unique_collector_number():
    codes = {s["code"] for s in catalogue()["sets"]}
    keys = [(c["set"], c["number"]) for c in catalogue()["cards"]]
    assert {s for s, _ in keys} <= codes
    assert len(keys) == len(set(keys))


def test_every_set_says_its_values_are_samples_and_why():
    for card_set in catalogue()["sets"]:
        assert card_set["sample_data"] is True, card_set["code"]
        assert "sample" in card_set["notes"].lower(), card_set["code"]


def test_every_card_lists_its_sample_attributes():
    for card in catalogue()["cards"]:
        fields = set(card["sample_fields"])
        assert fields, card["name"]
        assert fields <= set(card["attributes"]) | {"rules_text"}, card["name"]


def test_il_names_are_unique():
    names = [c["name"] for c in ils()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("affiliation", ["silver_starter", "dark_starter"])
def test_each_side_has_a_starting_line_up_of_eleven(affiliation):
    assert len(ils(affiliation)) == 11  # IL 2.2


def test_starting_line_ups_come_first_in_slot_order():
    # IL 12.3.2: collector numbers 001-011 are Silver's slots 1-11, 012-022 Dark's.
    numbers = [c["number"] for c in ils("silver_starter") + ils("dark_starter")]
    assert numbers == [f"{n:03d}" for n in range(1, 23)]


def test_the_il_deck_holds_at_least_twelve_dark_and_stray_leaguers():
    # IL 2.3, 15: three newcomers are drawn at each interval.
    assert len(ils("dark_leaguer")) + len(ils("stray_leaguer")) >= 12
    assert ils("dark_leaguer") and ils("stray_leaguer")


@pytest.mark.parametrize("name,affiliation", sorted(RULE_NAMED.items()))
def test_an_il_named_by_the_rules_is_present_with_its_affiliation(name, affiliation):
    found = [c["attributes"]["affiliation"] for c in ils() if c["name"] == name]
    assert found == [affiliation]


def test_the_dark_line_up_includes_an_il_without_growth_value():
    # IL 12.2: after a lost match every Dark IL with growth "−" retires.
    assert any(c["attributes"]["growth"] is None for c in ils("dark_starter"))


def test_silver_starters_all_have_a_growth_value():
    assert all(c["attributes"]["growth"] is not None for c in ils("silver_starter"))


@pytest.mark.parametrize("period", PERIODS)
def test_each_period_has_at_least_thirty_technique_cards(period):
    assert len(halves(period)) // 2 >= 30  # IL 2.4, 14.4


@pytest.mark.parametrize("period", PERIODS)
def test_each_period_covers_every_kind_timing_and_number_of_persons(period):
    found = halves(period)
    assert {h["kind"] for _, h in found} == set(HALF_KINDS)  # IL 5.4.1
    assert {h["timing"] for _, h in found} == {"attack", "defence", "either"}  # IL 5.4.2
    assert {h["persons"] for _, h in found} >= {1, 2, 3, None}  # IL 5.4.3


@pytest.mark.parametrize("period", PERIODS)
@pytest.mark.parametrize("name,persons", [("ディフェンス", {None}), ("ブロック", {1})])
def test_each_period_has_the_lower_half_defences(period, name, persons):
    # IL 5.4.7, 8.6.4: 'ディフェンス' and 'ブロック' are lower-half defences.
    found = [h for side, h in halves(period) if h["name"] == name]
    assert found
    assert all(h["timing"] == "defence" and h["persons"] in persons for h in found)
    assert all(side == "lower" for side, h in halves(period) if h["name"] == name)


@pytest.mark.parametrize("period", PERIODS)
def test_each_period_has_attack_timing_rough_plays(period):
    rough = [h for _, h in halves(period) if h["rough_play"]]
    assert len(rough) >= 2  # IL 9
    assert all(h["timing"] == "attack" and h["rough_value"] and h["rough_penalty"] for h in rough)


@pytest.mark.parametrize("period", PERIODS)
def test_each_period_has_every_result_of_a_successful_defence(period):
    results = {h.get("on_defence") for _, h in halves(period) if h["timing"] in ("defence", "either")}
    assert results >= {"attack_right", "reset", "counter"}  # IL 8.6.1-8.6.3


@pytest.mark.parametrize("period", PERIODS)
def test_each_period_has_attack_right_moves_and_growth_bonuses(period):
    found = [h for _, h in halves(period)]
    assert any(h["moves_attack_right"] for h in found)  # IL 6.9
    assert any(h["growth_bonus"] > 0 for h in found)  # IL 11.4


def test_named_techniques_name_ils_of_the_catalogue():
    names = {c["name"] for c in ils()}
    named = [h for period in PERIODS for _, h in halves(period) if h["kind"] == "named"]
    assert named
    assert all(set(h["named_ils"]) <= names for h in named)


@pytest.mark.parametrize("period", PERIODS)
def test_technique_values_are_in_a_playable_range(period):
    for _, half in halves(period):
        for key in ("attack", "defence"):
            if half.get(key) is not None:
                assert 8 <= half[key] <= 18, (period, half["name"], key)
        assert half["heart"] <= 6 and half["skill"] <= 8 and half["body"] <= 8, (period, half["name"])


@pytest.mark.parametrize("period", PERIODS)
@pytest.mark.parametrize("affiliation", ["silver_starter", "dark_starter"])
def test_starters_can_use_most_attack_and_defence_halves(period, affiliation):
    team = ils(affiliation)
    usable = [
        h for _, h in halves(period)
        if not (h["rough_play"] and affiliation == "silver_starter")  # IL 9.2
        and sum(can_use(il, h) for il in team) >= (h["persons"] or 1)
    ]
    attack = [h for _, h in halves(period) if h["timing"] in ("attack", "either")]
    defence = [h for _, h in halves(period) if h["timing"] in ("defence", "either")]
    assert len([h for h in usable if h in attack]) * 2 >= len(attack)
    assert len([h for h in usable if h in defence]) * 2 >= len(defence)


def test_there_are_two_sample_rosters():
    assert len(ROSTERS) == 2


@pytest.mark.parametrize("path", ROSTERS, ids=lambda p: p.name)
def test_a_sample_roster_names_eleven_distinct_ils_of_one_side(path):
    headers, entries = read_roster(path)
    by_name = {c["name"]: c["attributes"]["affiliation"] for c in ils()}
    names = [name for _, name in entries]
    assert headers["Game"] == "iron_leaguer"
    assert all(count == 1 for count, _ in entries)
    assert len(names) == 11 and len(set(names)) == 11
    assert set(names) <= set(by_name), set(names) - set(by_name)
    allowed = {"silver": {"silver_starter"}, "dark": DARK_SIDE}[headers["Side"]]
    assert {by_name[n] for n in names} <= allowed


def test_a_standard_roster_is_its_sides_starting_line_up_in_slot_order():
    # IL 2.2, 12.3.2: the standard format fields the starting line-up; its order is the slot order.
    standard = [read_roster(p) for p in ROSTERS if read_roster(p)[0]["Format"] == "iron_leaguer_standard"]
    assert standard
    for headers, entries in standard:
        starters = [c["name"] for c in ils(f"{headers['Side']}_starter")]
        assert [name for _, name in entries] == starters


def test_the_rosters_use_both_formats_and_both_sides():
    seen = {(read_roster(p)[0]["Format"], read_roster(p)[0]["Side"]) for p in ROSTERS}
    assert seen == {("iron_leaguer_standard", "silver"), ("iron_leaguer_custom", "dark")}


def test_the_dark_custom_roster_avoids_the_ils_dark_may_not_hold():
    # IL 19.5: Dark never takes Silver starters, 極十郎太 or ブルアーマー.
    forbidden = {c["name"] for c in ils("silver_starter")} | {"極十郎太", "ブルアーマー"}
    for path in ROSTERS:
        headers, entries = read_roster(path)
        if headers["Side"] == "dark":
            assert not {name for _, name in entries} & forbidden

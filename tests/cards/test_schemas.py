"""Per-game card attribute validation (cards.games): impossible cards are refused with the field named."""

import pytest

from cards.games import SCHEMAS

LEGIONS = SCHEMAS["legions"]
RIDERS = SCHEMAS["riders_legend"]
IRON = SCHEMAS["iron_leaguer"]

MINION = {"colours": ["red"], "unlock_cost": 1, "atk": 2, "hp": 1, "wt": 1}


def fields(errors):
    return {e.field for e in errors}


def test_a_standard_legions_minion_is_possible():
    assert LEGIONS.validate("minion", MINION) == []


def test_a_legions_minion_without_hp_is_refused_naming_hp():
    assert fields(LEGIONS.validate("minion", {k: v for k, v in MINION.items() if k != "hp"})) == {"hp"}


def test_a_legions_lord_without_core_cost_is_refused_naming_core_cost():
    lord = {"colours": ["black"], "unlock_cost": 7, "atk": 4, "hp": 7}
    assert fields(LEGIONS.validate("lord", lord)) == {"core_cost"}


def test_wait_turn_five_is_refused():
    # Legions: timeline — four wait zones, so WT runs 1–4.
    assert fields(LEGIONS.validate("minion", {**MINION, "wt": 5})) == {"wt"}


def test_a_card_with_three_colours_is_refused():
    assert fields(LEGIONS.validate("minion", {**MINION, "colours": ["red", "green", "blue"]})) == {"colours"}


def test_a_master_needs_a_two_colour_class():
    assert fields(LEGIONS.validate("master", {"colours": ["red"]})) == {"colours"}
    assert LEGIONS.validate("master", {"colours": ["red", "green"], "class_label": "フェアリーテイマー"}) == []


def test_an_attribute_of_another_card_type_is_refused():
    assert fields(LEGIONS.validate("arts", {"colours": ["black"], "unlock_cost": 5, "wt": 2})) == {"wt"}


def test_an_unknown_attribute_is_refused():
    assert fields(LEGIONS.validate("minion", {**MINION, "speed": 3})) == {"speed"}


def test_an_unknown_card_type_is_refused():
    assert fields(LEGIONS.validate("planeswalker", {})) == {"card_type"}


def test_negative_hp_is_refused():
    assert fields(LEGIONS.validate("minion", {**MINION, "hp": -1})) == {"hp"}


def test_a_riders_justice_card_must_be_of_the_justice_faction():
    char = {"alignment": "justice", "faction": "ショッカー", "attack": 3, "defence": 3, "operation": 1}
    assert fields(RIDERS.validate("character", char)) == {"faction"}
    assert RIDERS.validate("character", {**char, "faction": "正義"}) == []


def test_a_riders_eyecatch_needs_both_sides():
    assert fields(RIDERS.validate("eyecatch", {"side_a": "A"})) == {"side_b"}


def test_an_il_growth_value_may_be_none():
    # IL 11.7: growth value "−" means no growth check is ever made.
    il = {"affiliation": "dark_starter", "heart": 0, "skill": 5, "body": 5, "growth": "−", "kinds": ["arm"]}
    cleaned, errors = IRON.clean("il", il)
    assert errors == [] and cleaned["growth"] is None


HALF = {"name": "パンチ", "kind": "arm", "timing": "attack", "persons": 1, "attack": 10}


@pytest.mark.parametrize(
    ("half", "field"),
    [
        ({**HALF, "timing": "defence"}, "upper.defence"),
        ({**HALF, "kind": "named"}, "upper.named_ils"),
        ({**HALF, "rough_play": True, "rough_value": 9}, "upper.rough_penalty"),
        ({**HALF, "persons": 0}, "upper.persons"),
        ({**HALF, "timing": "sometimes"}, "upper.timing"),
    ],
)
def test_an_impossible_technique_half_is_refused_naming_the_field(half, field):
    lower = {"name": "ディフェンス", "kind": "any", "timing": "defence", "persons": "−", "defence": 8}
    assert field in fields(IRON.validate("technique", {"period": 1, "upper": half, "lower": lower}))

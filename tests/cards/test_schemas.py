"""Per-game card attribute validation (cards.games): impossible cards are refused with the field named."""

import re
from pathlib import Path

import polib
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


# The schema's messages in the reader's language: the bug was a Japanese proposal form (and admin) saying
# "ATK: must be at least 0, not -4" in English.

GAMES_DIR = Path(__file__).resolve().parents[2] / "cards" / "games"


def schema_templates() -> set[str]:
    """Every message template the schema modules mark ``_("…")``."""
    text = "".join(path.read_text() for path in GAMES_DIR.glob("*.py"))
    return set(re.findall(r'\b_\("((?:[^"\\]|\\.)+)"\)', text)) - {"…"}


def test_every_schema_message_has_a_japanese_translation_with_the_same_placeholders():
    po = polib.pofile(str(GAMES_DIR.parent / "locale" / "ja" / "LC_MESSAGES" / "django.po"))
    translated = {entry.msgid: entry.msgstr for entry in po if entry.msgstr}
    templates = schema_templates()
    assert len(templates) >= 20 and templates - set(translated) == set()
    for template in templates:
        placeholders = sorted(re.findall(r"\{[^}]*\}", template))
        assert sorted(re.findall(r"\{[^}]*\}", translated[template])) == placeholders, template


def test_a_problems_english_message_is_its_template_formatted():
    [problem] = LEGIONS.validate("minion", {**MINION, "atk": -4})
    assert problem.message == "must be at least 0, not -4" and str(problem) == "atk: must be at least 0, not -4"
    assert problem.localized(lambda text: text) == problem.message


@pytest.mark.django_db
def test_a_refused_card_speaks_the_readers_language(legions):
    from django.core.exceptions import ValidationError
    from django.utils import translation

    from cards.models import Card

    card_set = legions["下忍カスミ"].card_set
    card = Card(game=card_set.game, card_set=card_set, name="x", card_type="minion", collector_number="999",
                attributes={k: v for k, v in {**MINION, "atk": -4}.items() if k != "hp"})
    with translation.override("ja"), pytest.raises(ValidationError) as caught:
        card.clean()
    messages = caught.value.message_dict["attributes"]
    assert "atk: 0 以上にしてください（-4 になっています）" in messages
    assert "hp: ミニオンには必須です" in messages  # the card type in the reader's words
    with translation.override("en"), pytest.raises(ValidationError) as caught:
        card.clean()
    assert "hp: is required on a minion card" in caught.value.message_dict["attributes"]

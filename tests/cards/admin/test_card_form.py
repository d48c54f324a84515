"""The card admin's form: per-game attribute fields, a card added and changed with its values, an impossible card
refused with the error next to its field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card

from .forms import (
    ADD_URL,
    IRON_TECHNIQUE,
    LEGIONS_MINION,
    RIDERS_CHARACTER,
    add,
    card_post,
    change_url,
    field,
    form_errors,
)

pytestmark = pytest.mark.django_db


# -- add page ------------------------------------------------------------------------------------------------


def test_the_add_page_shows_a_fieldset_for_each_game(admin_client, games):
    page = admin_client.get(reverse(ADD_URL)).content.decode()
    assert all(f"game-{code}" in page for code in games)


def test_the_add_page_for_a_chosen_game_shows_only_that_games_fields(admin_client, games):
    page = admin_client.get(reverse(ADD_URL), {"game": games["riders_legend"].pk}).content.decode()
    assert (field("riders_legend", "faction") in page, field("legions", "hp") in page) == (True, False)


def test_the_add_page_shows_iron_leaguer_technique_halves_as_upper_and_lower_fields(admin_client, games):
    page = admin_client.get(reverse(ADD_URL), {"game": games["iron_leaguer"].pk}).content.decode()
    assert field("iron_leaguer", "upper.timing") in page and field("iron_leaguer", "lower.timing") in page


def test_a_legions_minion_is_added_with_its_attributes(admin_client, sets):
    response = add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION))
    assert response.status_code == 302
    assert Card.objects.get().attributes == {
        "colours": ["red"],
        "unlock_cost": 2,
        "atk": 3,
        "hp": 2,
        "wt": 1,
        "keywords": ["速攻", "貫通"],
    }


def test_a_zero_cost_zero_attack_minion_is_added_with_its_zeros(admin_client, sets):
    # Regression: 0 == False in Python, and the form once dropped every 0 as an empty field.
    response = add(admin_client, card_post(sets, "legions", "minion", {**LEGIONS_MINION, "unlock_cost": 0, "atk": 0}))
    assert response.status_code == 302
    assert (Card.objects.get().attributes["unlock_cost"], Card.objects.get().attributes["atk"]) == (0, 0)


def test_an_il_with_heart_zero_is_added_and_saved_again_unchanged(admin_client, sets):
    il = {"affiliation": "dark_starter", "heart": 0, "skill": 4, "body": 5, "growth": "−"}
    add(admin_client, card_post(sets, "iron_leaguer", "il", il))
    card = Card.objects.get()
    response = admin_client.post(change_url(card), card_post(sets, "iron_leaguer", "il", il))
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.attributes["heart"] == 0


def test_a_riders_legend_character_is_added_with_its_attributes(admin_client, sets):
    add(admin_client, card_post(sets, "riders_legend", "character", RIDERS_CHARACTER))
    assert Card.objects.get().attributes["operation"] == 3


def test_an_iron_leaguer_technique_is_added_with_both_halves(admin_client, sets):
    add(admin_client, card_post(sets, "iron_leaguer", "technique", IRON_TECHNIQUE))
    card = Card.objects.get()
    assert (card.attributes["upper"]["attack"], card.attributes["lower"]["on_defence"]) == (8, "reset")


def test_an_iron_leaguer_growth_value_written_as_a_dash_is_stored_as_none(admin_client, sets):
    il = {"affiliation": "dark_leaguer", "heart": 3, "skill": 4, "body": 5, "growth": "−"}
    add(admin_client, card_post(sets, "iron_leaguer", "il", il))
    assert Card.objects.get().attributes["growth"] is None


def test_sample_values_are_saved_as_the_list_of_ticked_fields(admin_client, sets):
    add(
        admin_client,
        card_post(sets, "legions", "minion", LEGIONS_MINION, sample_fields=["atk", "rules_text"]),
    )
    assert Card.objects.get().sample_fields == ["atk", "rules_text"]


# -- impossible cards are refused with the field named -------------------------------------------------------


def test_a_legions_minion_without_hp_is_refused_next_to_the_hp_field(admin_client, sets):
    data = card_post(sets, "legions", "minion", {**LEGIONS_MINION, "hp": ""})
    errors = form_errors(add(admin_client, data))
    assert errors[field("legions", "hp")] == ["hp: is required on a minion card"]


def test_a_japanese_editor_reads_the_refusal_in_japanese(admin_client, sets):
    # the bug: the schema's messages were English in the Japanese admin
    data = card_post(sets, "legions", "minion", {**LEGIONS_MINION, "hp": "", "wt": 5})
    errors = form_errors(admin_client.post(reverse(ADD_URL), data, headers={"Accept-Language": "ja"}))
    assert errors[field("legions", "hp")] == ["hp: ミニオンには必須です"]
    assert errors[field("legions", "wt")] == ["wt: 4 以下にしてください（5 になっています）"]


def test_a_legions_minion_with_wait_turn_five_is_refused_next_to_the_wt_field(admin_client, sets):
    errors = form_errors(add(admin_client, card_post(sets, "legions", "minion", {**LEGIONS_MINION, "wt": 5})))
    assert list(errors) == [field("legions", "wt")]


def test_an_evil_riders_legend_card_of_the_justice_faction_is_refused_next_to_faction(admin_client, sets):
    data = card_post(sets, "riders_legend", "character", {**RIDERS_CHARACTER, "alignment": "evil"})
    assert list(form_errors(add(admin_client, data))) == [field("riders_legend", "faction")]


def test_a_rough_play_half_without_a_penalty_is_refused_next_to_upper_rough_penalty(admin_client, sets):
    technique = {**IRON_TECHNIQUE, "upper.rough_play": "on", "upper.rough_value": 5}
    errors = form_errors(add(admin_client, card_post(sets, "iron_leaguer", "technique", technique)))
    assert list(errors) == [field("iron_leaguer", "upper.rough_penalty")]


def test_a_technique_without_a_lower_half_names_each_missing_lower_field(admin_client, sets):
    technique = {k: v for k, v in IRON_TECHNIQUE.items() if not k.startswith("lower.")}
    errors = form_errors(add(admin_client, card_post(sets, "iron_leaguer", "technique", technique)))
    assert {field("iron_leaguer", f"lower.{name}") for name in ("name", "kind", "timing", "persons")} <= set(
        errors
    )


def test_a_card_type_of_another_game_is_refused_next_to_card_type(admin_client, sets):
    errors = form_errors(add(admin_client, card_post(sets, "legions", "technique", {})))
    assert list(errors) == ["card_type"]


def test_a_set_of_another_game_is_refused_next_to_the_set(admin_client, sets):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION, card_set=sets["iron_leaguer"].pk)
    assert list(form_errors(add(admin_client, data))) == ["card_set"]


def test_a_sample_value_naming_another_games_field_is_refused(admin_client, sets):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION, sample_fields=["faction"])
    assert "sample_fields" in form_errors(add(admin_client, data))


def test_a_refused_card_is_not_saved(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", {**LEGIONS_MINION, "wt": 5}))
    assert Card.objects.count() == 0


# -- change page ---------------------------------------------------------------------------------------------






def test_the_change_page_shows_only_the_cards_game_fields_with_stored_values(admin_client, minion):
    form = admin_client.get(change_url(minion)).context["adminform"].form
    shown = admin_client.get(change_url(minion)).content.decode()
    assert (form.initial[field("legions", "atk")], field("iron_leaguer", "period") in shown) == (3, False)


def test_the_change_page_shows_a_list_attribute_one_per_line(admin_client, minion):
    form = admin_client.get(change_url(minion)).context["adminform"].form
    assert form.initial[field("legions", "keywords")] == "速攻\n貫通"


def test_the_change_page_of_a_technique_shows_its_upper_and_lower_values(admin_client, sets):
    add(admin_client, card_post(sets, "iron_leaguer", "technique", IRON_TECHNIQUE))
    form = admin_client.get(change_url(Card.objects.get())).context["adminform"].form
    assert (
        form.initial[field("iron_leaguer", "upper.attack")],
        form.initial[field("iron_leaguer", "lower.defence")],
    ) == (8, 6)


def test_changing_an_attribute_saves_it(admin_client, sets, minion):
    admin_client.post(change_url(minion), card_post(sets, "legions", "minion", {**LEGIONS_MINION, "atk": 7}))
    minion.refresh_from_db()
    assert minion.attributes["atk"] == 7


def test_an_impossible_change_is_refused_next_to_the_field_and_not_saved(admin_client, sets, minion):
    response = admin_client.post(
        change_url(minion), card_post(sets, "legions", "minion", {**LEGIONS_MINION, "colours": []})
    )
    minion.refresh_from_db()
    assert (list(form_errors(response)), minion.attributes["colours"]) == (
        [field("legions", "colours")],
        ["red"],
    )

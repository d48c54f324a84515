"""The card admin's list: filters by game attribute, search, the JSON export of selected cards."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from cards.models import Card

from .forms import (
    LEGIONS_MINION,
    LIST_URL,
    RIDERS_CHARACTER,
    add,
    card_post,
    change_url,
)

pytestmark = pytest.mark.django_db


# -- list: filters, search, export ---------------------------------------------------------------------------


@pytest.fixture
def catalogue(admin_client, sets):
    add(
        admin_client,
        card_post(sets, "legions", "minion", LEGIONS_MINION, name="赤の戦士", reading="あかのせんし"),
    )
    add(
        admin_client,
        card_post(
            sets,
            "legions",
            "minion",
            {**LEGIONS_MINION, "colours": ["blue", "black"]},
            collector_number="002",
            name="青の魔術師",
            reading="あおのまじゅつし",
        ),
    )
    add(
        admin_client,
        card_post(
            sets,
            "riders_legend",
            "character",
            {**RIDERS_CHARACTER, "alignment": "evil", "faction": "ショッカー"},
            name="戦闘員",
        ),
    )
    add(
        admin_client,
        card_post(
            sets,
            "iron_leaguer",
            "il",
            {"affiliation": "dark_leaguer", "heart": 1, "skill": 2, "body": 3, "growth": "2"},
            name="ダークプリンス",
        ),
    )
    assert Card.objects.count() == 4
    return Card.objects.all()


def listed(admin_client, **params) -> list[str]:
    response = admin_client.get(reverse(LIST_URL), params)
    return sorted(card.name for card in response.context["cl"].result_list)


def test_the_list_filters_legions_cards_by_colour(admin_client, catalogue):
    assert listed(admin_client, legions_colours="black") == ["青の魔術師"]


def test_the_list_filters_riders_legend_cards_by_faction(admin_client, catalogue):
    assert listed(admin_client, riders_legend_faction="ショッカー") == ["戦闘員"]


def test_the_list_filters_iron_leaguer_cards_by_affiliation(admin_client, catalogue):
    assert listed(admin_client, iron_leaguer_affiliation="dark_leaguer") == ["ダークプリンス"]


def test_the_list_filters_by_game_and_card_type(admin_client, catalogue, games):
    assert listed(admin_client, game__id__exact=games["riders_legend"].pk, type="character") == ["戦闘員"]


def test_the_list_searches_by_reading(admin_client, catalogue):
    assert listed(admin_client, q="あおの") == ["青の魔術師"]


def test_the_list_searches_by_collector_number(admin_client, catalogue):
    assert listed(admin_client, q="002") == ["青の魔術師"]


def export(admin_client, cards):
    return admin_client.post(
        reverse(LIST_URL), {"action": "export_selected_json", "_selected_action": [c.pk for c in cards]}
    )


def test_exporting_selected_cards_downloads_them_in_the_import_format(admin_client, catalogue):
    legions = [c for c in catalogue if c.game.code == "legions"]
    document = json.loads(export(admin_client, legions).content)
    assert (document["format"], document["game"]["code"], [c["number"] for c in document["cards"]]) == (
        "shinpan.cards",
        "legions",
        ["001", "002"],
    )


def test_exporting_cards_of_two_games_at_once_is_refused_with_a_message(admin_client, catalogue):
    response = export(admin_client, catalogue)
    assert response.status_code == 302 and response.get("Content-Disposition") is None


def test_the_set_list_filters_by_game(admin_client, sets, games):
    response = admin_client.get(
        reverse("admin:cards_cardset_changelist"), {"game__id__exact": games["legions"].pk}
    )
    assert [s.code for s in response.context["cl"].result_list] == [sets["legions"].code]


# -- the seed catalogues -------------------------------------------------------------------------------------


@pytest.fixture
def seed_catalogue(db):
    call_command("loadseeds", stdout=io.StringIO())
    return Card.objects.select_related("game")


def resubmitted(admin_client, card):
    """Post the card's change form back exactly as the admin rendered it."""
    form = admin_client.get(change_url(card)).context["adminform"].form
    data = {}
    for name in form.fields:
        value = form[name].value()
        if name == "image" or value in (None, False, "", []):
            continue
        data[name] = "on" if value is True else value
    return admin_client.post(change_url(card), data)


def test_every_kind_of_seed_card_round_trips_through_its_change_form_unchanged(admin_client, seed_catalogue):
    samples = {(card.game.code, card.card_type): card for card in seed_catalogue}
    for card in samples.values():
        before = (card.attributes, card.sample_fields)
        response = resubmitted(admin_client, card)
        card.refresh_from_db()
        assert (response.status_code, card.attributes, card.sample_fields) == (302, *before), card

"""In headless Chromium: a Legions deck built from an empty page to legal, the legality panel changing as it
goes."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from decks import services

from .conftest import SEED_DECKS, read

pytestmark = pytest.mark.browser

MAO = next(p for p in SEED_DECKS if p.stem == "legions_mao_nyan_2017").read_text(encoding="utf-8")


def sign_in(context, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


def add(page, name: str, section_title: str, copies: int) -> None:
    page.fill("#card-search", name)
    page.click("#search-button")
    button = page.locator(f'[data-result="{name}"] button', has_text=section_title)
    button.wait_for()
    for n in range(1, copies + 1):
        button.click()
        page.locator(f'#deck-panel [data-card="{name}"] .n', has_text=str(n)).wait_for()


def test_a_legions_deck_is_built_from_an_empty_page_to_legal(seeded, live_server, new_context):
    user = get_user_model().objects.create_user("builder")
    deck = services.deck_create(owner=user, format_code="legions_standard", name="Browser deck")
    context = new_context(locale="en-US")
    sign_in(context, live_server, user)
    page = context.new_page()
    page.goto(f"{live_server.url}/decks/{deck.pk}/edit/")
    legality = page.locator("#legality")
    assert legality.get_attribute("data-legal") == "false"
    assert page.locator('#legality [data-code="legions.master_count"]').count() == 1

    add(page, "マオ・ニャン", "Master", 1)
    assert page.locator('#legality [data-code="legions.master_count"]').count() == 0
    assert page.locator('#legality [data-code="deck.section_size"]').count() == 1

    parsed = read(MAO)
    cards = [
        (parsed.index.cards[e["card"]]["name"], e["count"]) for e in parsed.entries if e["section"] == "deck"
    ]
    for name, count in cards:
        assert page.locator("#legality").get_attribute("data-legal") == "false"
        add(page, name, "Deck", count)
    page.locator('#legality[data-legal="true"]').wait_for()
    assert page.locator("#legality li").count() == 0
    assert page.locator('#deck-panel [data-section="deck"] .count').inner_text() == "40/40"

"""Done-when scenario in headless Chromium: search the Legions page, open a card, switch to Japanese."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_searching_opening_a_card_and_switching_to_japanese(page, live_server, legions):
    page.goto(f"{live_server.url}/games/legions/")
    page.get_by_label("Search cards").fill("t:minion c:red atk>=2")
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url("**q=t*")
    page.wait_for_selector("#result-count:has-text('2 cards found')")
    found = set(page.locator("#result-grid .card-placeholder").all_inner_texts())
    assert found == {"下忍カスミ", "炎の双剣士"}

    page.get_by_role("link", name="炎の双剣士").click()
    page.wait_for_selector("#card-name")
    assert "炎の双剣士" in page.locator("#card-name").inner_text()
    assert "LG01" in page.content()

    page.get_by_label("Language").select_option("ja")
    page.get_by_role("button", name="Change language").click()
    page.wait_for_selector("html[lang='ja']")
    assert page.get_by_role("heading", name="属性").is_visible()
    assert page.get_by_role("button", name="言語を変更").is_visible()


def test_a_malformed_search_shows_its_position_in_the_browser(page, live_server, legions):
    page.goto(f"{live_server.url}/games/legions/")
    page.get_by_label("Search cards").fill("atk>=")
    page.get_by_role("button", name="Search", exact=True).click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "At position 4" in alert.inner_text()


def test_typing_a_once_crashing_query_live_shows_the_error_and_keeps_the_page(page, live_server, legions):
    page.goto(f"{live_server.url}/games/legions/")
    page.get_by_label("Search cards").type("atk>=--3", delay=20)  # no submit: htmx searches as one types
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "At position 6" in alert.inner_text() and "atk takes a whole number" in alert.inner_text()
    assert page.get_by_role("heading", name="Legions!").is_visible()

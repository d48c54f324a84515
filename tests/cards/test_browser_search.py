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
    found = set(page.locator("#result-grid .cf-name").all_inner_texts())
    assert found == {"下忍カスミ", "炎の双剣士"}

    page.locator("#result-grid a", has_text="炎の双剣士").click()
    page.wait_for_selector("#card-name")
    assert "炎の双剣士" in page.locator("#card-name").inner_text()
    assert "LG01" in page.content()

    page.get_by_label("Language").select_option("ja")  # the menu submits itself
    page.wait_for_selector("html[lang='ja']")
    assert page.get_by_role("heading", name="属性").is_visible()


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


def test_typing_a_name_suggests_it_and_enter_opens_the_card(page, live_server, legions):
    page.goto(f"{live_server.url}/games/legions/")
    box = page.get_by_role("combobox", name="Search cards")
    box.type("げにん", delay=30)
    option = page.get_by_role("option", name="下忍カスミ")
    option.wait_for()
    assert box.get_attribute("aria-expanded") == "true"
    box.press("ArrowDown")
    assert option.get_attribute("aria-selected") == "true"
    assert box.get_attribute("aria-activedescendant") == option.get_attribute("id")
    box.press("Enter")
    page.wait_for_selector("#card-name")
    assert "下忍カスミ" in page.locator("#card-name").inner_text()


def test_escape_closes_the_suggestions_and_a_search_query_asks_for_none(page, live_server, legions):
    page.goto(f"{live_server.url}/games/legions/")
    box = page.get_by_role("combobox", name="Search cards")
    box.type("炎", delay=30)
    page.get_by_role("option", name="炎の双剣士").wait_for()
    box.press("Escape")
    assert box.get_attribute("aria-expanded") == "false" and not page.get_by_role("listbox").is_visible()
    box.fill("")
    box.type("t:minion", delay=20)
    page.wait_for_timeout(400)
    assert page.locator("#search-q-listbox [role=option]").count() == 0


def test_the_sort_menu_reorders_the_results_without_a_reload(page, live_server, legions):
    page.goto(f"{live_server.url}/games/legions/?q=t:minion")
    page.get_by_label("Sort by").select_option("-atk")
    page.wait_for_url("**order=-atk*")
    page.wait_for_function("document.querySelector('#result-grid .cf-name').textContent.includes('緑の巨人')")
    assert page.locator("#result-grid .cf-name").first.inner_text() == "緑の巨人"


def test_the_catalogue_pages_fit_a_phone_without_sideways_scrolling(new_context, live_server, legions):
    page = new_context(viewport={"width": 390, "height": 844}, locale="ja-JP").new_page()
    card = legions["炎の双剣士"]
    for path in ("/", "/games/legions/", f"/cards/{card.pk}/", "/search/help/"):
        page.goto(f"{live_server.url}{path}")
        overflowing = page.evaluate(
            "[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > 391"
            " && !e.closest('.table-container, .visually-hidden')).map(e => e.tagName + '.' + e.className)"
        )
        assert overflowing == [], (path, overflowing[:5])

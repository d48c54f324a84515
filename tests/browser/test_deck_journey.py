"""Journey (b), issue 10 point 7: a new visitor creates an account, signs out and in again, and builds a legal
Iron Leaguer roster by typing card names into the deck builder's name box (suggestions, keyboard to choose)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.forms import UserCreationForm
from django.utils import translation
from playwright.sync_api import expect

from decks.models import Deck

from .conftest import PASSWORD, assert_no_sideways_scroll, exact, go_by_menu, sign_in_with_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JOURNEY = "decks"
FORMAT = "iron_leaguer_standard"
# Silver Castle's starting line-up (seeds/decks/iron_leaguer_silver_castle.txt): the format's only legal roster.
ROSTER = ["マグナムエース", "マッハウインディ", "キアイリュウケン",
          *(f"シルバー量産型リーガー{letter}" for letter in "ABCDEFGH")]


def signup_labels(lang: str) -> list[str]:
    """The sign-up form's field labels as the page shows them (Django's own, in ``lang``)."""
    with translation.override(lang):
        return [str(field.label) for field in UserCreationForm() if not field.is_hidden][:3]


def test_a_new_player_signs_up_and_builds_a_legal_roster_by_typing_names(seeded, live_server, context, t, shots,
                                                                          lang, viewport):
    username = f"builder_{viewport}_{lang}"
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    shots.take(page, "sign_up")
    name_label, password_label, again_label = signup_labels(lang)
    page.get_by_label(name_label, exact=True).fill(username)
    page.get_by_label(password_label, exact=True).fill(PASSWORD)
    page.get_by_label(again_label, exact=True).fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name=t("Create an account")).click()
    page.wait_for_url(re.compile(r"/matches/$"))
    sign_out = page.get_by_role("button", name=t("Sign out"))
    if not sign_out.is_visible():  # phone: the account controls are in the folded menu
        page.get_by_role("button", name=t("Menu")).click()
    sign_out.click()
    page.wait_for_load_state()
    assert not page.get_by_role("button", name=t("Sign out")).count()

    sign_in_with_form(page, live_server, t, username)
    go_by_menu(page, t("Decks"))
    page.get_by_label(t("Deck name")).fill("Silver line-up")
    page.get_by_label(t("Format")).select_option(FORMAT)
    page.get_by_role("button", name=t("Start an empty deck")).click()
    page.wait_for_url(re.compile(r"/decks/\d+/edit/$"))
    deck = Deck.objects.get(owner__username=username)
    assert deck.format.code == FORMAT and deck.entries.count() == 0
    page.get_by_label(t("Side")).select_option("silver")
    page.get_by_role("button", name=t("Save"), exact=True).click()
    page.wait_for_load_state()
    deck.refresh_from_db()
    assert deck.side == "silver"
    assert page.get_by_role("link", name=t("Not legal yet"), exact=True).is_visible()

    name_box = page.get_by_label(t("Card name"), exact=True)
    for added, name in enumerate(ROSTER, start=1):
        name_box.fill(name)
        suggestions = page.get_by_role("listbox")
        suggestions.get_by_role("option", name=re.compile(rf"^{re.escape(name)}")).first.wait_for()
        name_box.press("ArrowDown")  # the first suggestion is the typed name: names starting with it come first
        assert name in suggestions.get_by_role("option", selected=True).inner_text()
        name_box.press("Enter")
        page.get_by_role("main").get_by_role("link", name=exact(name)).first.wait_for()
        page.get_by_role("heading", level=2, name=exact(f"{t('Cards')} {added}")).wait_for()
        expect(name_box).to_have_value("")  # emptied for the next name
        if added == 3:
            shots.take(page, "builder_started")

    assert sorted(e.card.name for e in deck.entries.select_related("card")) == sorted(ROSTER)
    page.reload()
    assert page.get_by_role("link", name=t("Legal"), exact=True).is_visible()
    assert not page.get_by_role("link", name=t("Not legal yet"), exact=True).count()
    if viewport == "phone":
        assert_no_sideways_scroll(page)
    shots.take(page, "builder_legal")

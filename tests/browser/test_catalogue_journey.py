"""Journey (a), issue 10 point 7: a visitor searches the catalogue from the home page and opens a card, on a phone
and a desktop, in English and Japanese."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from cards.models import Card, Game
from cards.search import search

from .conftest import assert_no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JOURNEY = "catalogue"
GAME = "legions"
QUERY = "t:minion c:red atk>=2"
CARD = "紅蓮の剣士"  # a red Legions minion with ATK 2 or more in the seed catalogue


def found_text(lang: str, count: int) -> str:
    with translation.override(lang):
        return translation.ngettext("%(shown)s card found", "%(shown)s cards found", count) % {"shown": f"{count:,}"}


def test_a_visitor_searches_the_catalogue_and_opens_a_card(seeded, live_server, context, t, shots, lang, viewport):
    game = Game.objects.get(code=GAME)
    game_name = game.name_ja if lang == "ja" else game.name
    expected = search(Card.objects.filter(game=game), QUERY, [GAME])
    assert expected.filter(name=CARD).exists()
    page = context.new_page()

    page.goto(f"{live_server.url}/")
    assert page.evaluate("document.documentElement.lang") == lang
    shots.take(page, "home")
    game_box = page.get_by_role("article", name=game_name)
    game_box.get_by_label(t("Search cards")).fill(QUERY)
    game_box.get_by_role("button", name=t("Search"), exact=True).click()

    page.wait_for_url(re.compile(rf"/games/{GAME}/\?q="))
    page.get_by_text(found_text(lang, expected.count()), exact=True).wait_for()
    assert page.get_by_role("heading", level=1).inner_text().strip() == game_name
    assert page.get_by_label(t("Search cards")).input_value() == QUERY
    if viewport == "phone":
        assert_no_sideways_scroll(page)
    shots.take(page, "results")

    page.get_by_role("link", name=re.compile(re.escape(CARD))).first.click()
    page.wait_for_url(re.compile(r"/cards/\d+/$"))
    heading = page.get_by_role("heading", level=1)
    assert CARD in heading.inner_text()
    card = Card.objects.get(pk=int(re.search(r"/cards/(\d+)/", page.url).group(1)))
    assert card.name == CARD
    assert card.card_set.code in page.get_by_role("main").inner_text()
    if viewport == "phone":
        assert_no_sideways_scroll(page)
    shots.take(page, "card")

"""The catalogue pages' sort control, example searches, Japanese labels, and the name suggestions."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from cards.games import SCHEMAS
from cards.search import compile_query, search
from referee import registry

from .test_pages import GAME_URL, JA, visible_text

EXAMPLES = {code: SCHEMAS[code].search.examples for code in registry.codes()}


def result_names(response) -> list[str]:
    return [card.name for card in response.context["page"]]


def test_the_sort_control_orders_the_results(client, legions):
    response = client.get(GAME_URL, {"q": "t:minion", "order": "-atk"})
    assert result_names(response) == ["緑の巨人", "炎の双剣士", "下忍カスミ", "赤の弓兵"]


def test_the_sort_control_offers_each_numeric_key_both_ways_and_keeps_the_choice(client, legions):
    html = client.get(GAME_URL, {"order": "-hp"}).content.decode()
    assert '<option value="-hp" selected>HP: high to low</option>' in html
    assert '<option value="cost">Unlock cost: low to high</option>' in html


def test_order_in_the_query_sorts_the_page_too(client, legions):
    response = client.get(GAME_URL, {"q": "t:minion order:hp"})
    assert result_names(response)[0] == "下忍カスミ"


def test_an_unknown_order_on_the_page_is_a_400_naming_its_position(client, legions):
    response = client.get(GAME_URL, {"q": "t:minion order:power"})
    assert response.status_code == 400 and "At position 16" in visible_text(response.content.decode())


def test_the_pages_links_keep_the_sort(client, legions, monkeypatch):
    monkeypatch.setattr("cards.views.PAGE_SIZE", 2)
    html = client.get(GAME_URL, {"order": "-atk"}).content.decode()
    assert "order=-atk&amp;view=grid&amp;page=2" in html and "order=-atk&amp;view=table" in html


def test_the_japanese_sort_control_is_in_japanese(client, legions):
    html = client.get(GAME_URL, headers=JA).content.decode()
    assert "並び順" in html and "アンロックコスト：大きい順" in html and "セット・番号順" in html


@pytest.mark.parametrize("code", list(EXAMPLES))
def test_every_example_search_uses_only_its_games_keys(code):
    for query, _description in EXAMPLES[code]:
        compile_query(query, [code])  # raises QueryError for a key or value the game does not have


def test_each_game_page_shows_its_own_example_in_the_placeholder_and_as_links(client, db):
    from cards.models import Game

    for spec in registry.specs():
        Game.objects.create(code=spec.code, name=spec.title[0], name_ja=spec.title[1])
    for code in SCHEMAS:
        html = client.get(reverse("cards:game", args=[code])).content.decode()
        first = EXAMPLES[code][0][0]
        assert f'placeholder="{first}"' in html.replace("&gt;", ">")
        assert all(query.split()[0] in html for query, _ in EXAMPLES[code])


def test_the_home_page_gives_each_game_a_search_box_and_an_example(client, legions):
    html = client.get("/").content.decode()
    assert (
        'action="/games/legions/"' in html
        and 'id="home-q-legions"' in html
        and "Red minions with ATK 2 or more" in html
    )


def test_the_japanese_game_page_shows_no_raw_type_or_colour_codes(client, legions):
    html = client.get(GAME_URL, {"view": "table"}, headers=JA).content.decode()
    prose = visible_text(re.sub(r"<code>.*?</code>", " ", html)).lower()  # example queries are code, not words
    for code in ("minion", "master", "arts", "red", "green"):
        assert code not in prose, code


def test_an_english_card_page_names_the_type_as_a_word_not_a_code(client, legions):
    html = client.get(reverse("cards:card", args=[legions["緑の巨人"].pk])).content.decode()
    assert 'id="card-type">Minion<' in html


def test_a_bad_choice_error_lists_the_japanese_words_on_a_japanese_page(client, legions):
    text = visible_text(client.get(GAME_URL, {"q": "c:purple"}, headers=JA).content.decode())
    assert "黒、赤、白、緑、青" in text and "black" not in text


def test_a_bad_affiliation_in_english_names_each_code_with_its_label(client, db):
    from cards.models import Game

    Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    text = visible_text(client.get("/games/iron_leaguer/", {"q": "aff:gold"}).content.decode())
    assert "silver_starter (Silver Castle starter)" in text


def test_japanese_card_type_and_affiliation_names_are_search_values(legions):
    from cards.models import Card

    assert search(Card.objects.all(), "t:ミニオン c:赤", ["legions"]).count() == 3


def test_the_help_page_labels_each_keys_values(client, db):
    html = client.get(reverse("cards:search_help"), headers=JA).content.decode()
    assert "シルバースタメン、ダークスタメン" in html and "silver_starter" not in html.split("ゲームごとのキー")[1]


def test_the_help_page_documents_sorting(client, db):
    html = client.get(reverse("cards:search_help")).content.decode()
    assert 'id="sorting"' in html and "order:-atk" in html


# Suggestions (``/api/cards/suggest/``).

SUGGEST = "/api/cards/suggest/"


def suggested(client, text, **params) -> list[str]:
    response = client.get(SUGGEST, {"game": "legions", "q": text, **params})
    assert response.status_code == 200
    return [item["name"] for item in response.json()["results"]]


def test_names_starting_with_the_text_come_before_names_containing_it(client, legions):
    assert suggested(client, "赤") == ["赤の弓兵"] and suggested(client, "の")[:1] != []
    assert suggested(client, "下忍") == ["下忍カスミ"]


def test_a_reading_in_hiragana_or_katakana_finds_the_card(client, legions):
    assert suggested(client, "げにん") == suggested(client, "ゲニン") == ["下忍カスミ"]


def test_a_prefix_match_on_the_reading_comes_before_a_match_inside_a_name(client, legions):
    found = suggested(client, "みどり")  # 緑の巨人 reads みどりのきょじん
    assert found[0] == "緑の巨人"


def test_suggestions_are_limited_and_give_each_name_once(client, legions):
    from cards.models import CardSet

    from .conftest import make_card

    reprint_set = CardSet.objects.create(game=legions["下忍カスミ"].game, code="LG02", name="Booster 2")
    make_card(
        reprint_set, "001", "下忍カスミ", "minion", dict(legions["下忍カスミ"].attributes), reading="げにんかすみ"
    )
    assert suggested(client, "げ") == ["下忍カスミ"]
    assert len(suggested(client, "の", limit=2)) == 2


def test_a_suggestion_carries_its_page_url_and_a_labelled_type(client, legions):
    item = client.get(SUGGEST, {"game": "legions", "q": "下忍"}, headers=JA).json()["results"][0]
    assert item["url"] == reverse("cards:card", args=[legions["下忍カスミ"].pk]) and item["type_label"] == "ミニオン"


def test_suggest_without_a_known_game_answers_400(client, legions):
    assert client.get(SUGGEST, {"q": "下"}).json()["error"]["field"] == "game"
    assert client.get(SUGGEST, {"game": "chess", "q": "下"}).status_code == 400


def test_blank_text_suggests_nothing(client, legions):
    assert suggested(client, "  ") == []


def test_the_home_page_shows_real_cards_of_each_game_as_faces(client, db):
    from django.core.management import call_command

    call_command("loadseeds", stdout=__import__("io").StringIO())
    html = client.get("/").content.decode()
    assert html.count('class="catalogue-showcase-card"') == 9
    assert "下忍カスミ" in html and "マグナムエース" in html

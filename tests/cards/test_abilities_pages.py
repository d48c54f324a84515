"""Card abilities on the card page (readable text in Japanese and English, keyword reminders on hover) and
in the search language (``kw:速攻``), issue 12 point 4."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card
from cards.search import QueryError, search

PING = {"when": "配置時", "effects": [{"effect": "damage", "amount": 1,
                                       "target": {"pick": "choose", "side": "opponent", "units": ["minion"]}}]}


@pytest.fixture
def haste(legions):
    """赤の弓兵 with 速攻 and a 配置時 ping; 緑の巨人 with 衝撃1; the others without abilities."""
    Card.objects.filter(pk=legions["赤の弓兵"].pk).update(
        abilities={"keywords": [{"keyword": "速攻"}], "triggers": [PING]})
    Card.objects.filter(pk=legions["緑の巨人"].pk).update(abilities={"keywords": [{"keyword": "衝撃", "n": 1}]})
    return legions


def page(client, card: Card, lang: str = "en") -> str:
    return client.get(reverse("cards:card", args=[card.pk]), headers={"Accept-Language": lang}).content.decode()


def names(query: str) -> set[str]:
    return set(search(Card.objects.all(), query, ["legions"]).values_list("name", flat=True))


def test_the_card_page_shows_the_abilities_in_japanese_and_english(client, haste):
    html = page(client, haste["赤の弓兵"])
    assert 'id="card-abilities"' in html
    assert "配置時：相手のミニオン1体に1ダメージを与える。" in html
    assert "When placed: Deal 1 damage to an opposing minion." in html


def test_a_keyword_shows_its_reminder_text_on_hover(client, haste):
    html = page(client, haste["緑の巨人"], "ja")
    reminder = "このアタックが相手のマスターにダメージを与えた時、相手のスタンバイカード1枚を選び除外する。"
    assert f'data-keyword="衝撃" title="{reminder}"' in html
    assert ">衝撃1</abbr>" in html


def test_the_english_page_names_the_keyword_and_its_reminder_in_english(client, haste):
    html = page(client, haste["赤の弓兵"])
    assert 'title="Can attack on the turn it is placed.">Haste</abbr>' in html


def test_a_card_without_abilities_has_no_abilities_section(client, haste):
    assert 'id="card-abilities"' not in page(client, haste["下忍カスミ"])


def test_kw_finds_the_cards_whose_abilities_hold_the_keyword(haste):
    assert names("kw:速攻") == {"赤の弓兵"}


def test_kw_takes_the_english_name_and_a_parameterised_keyword_by_its_code(haste):
    assert names("kw:haste") == {"赤の弓兵"}
    assert names("keyword:衝撃") == {"緑の巨人"}


def test_a_negated_kw_keeps_the_cards_without_abilities(haste):
    assert names("-kw:速攻") == set(haste) - {"赤の弓兵"}


def test_kw_with_no_keyword_of_the_vocabulary_is_refused_naming_the_keywords(haste):
    with pytest.raises(QueryError) as caught:
        names("kw:速効")
    assert "速攻" in str(caught.value) and "速効" in str(caught.value)


def test_the_game_page_searches_kw(client, haste):
    html = client.get(reverse("cards:game", args=["legions"]), {"q": "kw:速攻"}).content.decode()
    assert "赤の弓兵" in html and "緑の巨人" not in html


def test_the_help_page_documents_kw(client, db):
    html = client.get(reverse("cards:search_help")).content.decode()
    assert 'id="search-keywords"' in html and "<code>kw</code>" in html and "<code>kw:速攻</code>" in html

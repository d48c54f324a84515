"""The card API's ``abilities`` (docs/api.md, "Cards"): the structured data beside the text the card page shows,
in the request's language, on a card by id and in the list; null for a card without abilities."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card

PING = {"when": "配置時", "effects": [{"effect": "damage", "amount": 1,
                                       "target": {"pick": "choose", "side": "opponent", "units": ["minion"]}}]}
ABILITIES = {"keywords": [{"keyword": "衝撃", "n": 1}], "triggers": [PING], "sample": True}


@pytest.fixture
def impact(legions):
    """赤の弓兵 with 衝撃1 and a 配置時 ping (sample data); the other cards without abilities."""
    Card.objects.filter(pk=legions["赤の弓兵"].pk).update(abilities=ABILITIES)
    return legions


def card_json(client, card: Card, lang: str) -> dict:
    response = client.get(f"/api/cards/{card.pk}/", headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.json()


def test_a_card_with_abilities_answers_its_data_and_its_english_text(client, impact):
    body = card_json(client, impact["赤の弓兵"], "en")
    assert body["abilities"] == {
        "data": ABILITIES,
        "text": ["Impact 1", "When placed: Deal 1 damage to an opposing minion."],
        "keywords": [{"code": "衝撃", "name": "Impact 1",
                      "reminder": "When this attack damages the opposing master, choose 1 of their standby cards "
                                  "and exile them."}],
        "not_refereed": "",
        "sample": True,
    }


def test_a_card_with_abilities_answers_its_text_in_japanese_for_accept_language_ja(client, impact):
    abilities = card_json(client, impact["赤の弓兵"], "ja")["abilities"]
    assert abilities["data"] == ABILITIES
    assert abilities["text"] == ["衝撃1", "配置時：相手のミニオン1体に1ダメージを与える。"]
    assert abilities["keywords"] == [{
        "code": "衝撃", "name": "衝撃1",
        "reminder": "このアタックが相手のマスターにダメージを与えた時、相手のスタンバイカード1枚を選び除外する。"}]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_card_without_abilities_answers_null(client, impact, lang):
    assert card_json(client, impact["下忍カスミ"], lang)["abilities"] is None


def test_a_card_marked_not_refereed_says_why(client, impact):
    Card.objects.filter(pk=impact["緑の巨人"].pk).update(
        abilities={"keywords": [{"keyword": "速攻"}], "not_refereed": "its second ability"})
    abilities = card_json(client, impact["緑の巨人"], "en")["abilities"]
    assert abilities["not_refereed"] == "its second ability" and abilities["text"] == ["Haste"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_list_answers_the_same_abilities_as_the_card_by_id(client, impact, lang):
    listed = client.get("/api/cards/?game=legions", headers={"Accept-Language": lang}).json()["results"]
    by_name = {card["name"]: card["abilities"] for card in listed}
    assert by_name["赤の弓兵"] == card_json(client, impact["赤の弓兵"], lang)["abilities"]
    assert by_name["下忍カスミ"] is None


def test_the_abilities_add_no_query_to_a_list_page(client, impact):
    client.get("/api/cards/?game=legions")  # compiles and caches the search
    with CaptureQueriesContext(connection) as with_abilities:
        client.get("/api/cards/?game=legions&page_size=2")
    Card.objects.update(abilities={})
    with CaptureQueriesContext(connection) as without:
        client.get("/api/cards/?game=legions&page_size=2")
    assert len(with_abilities) == len(without)


def test_the_answer_varies_with_the_language(client, impact):
    response = client.get(f"/api/cards/{impact['赤の弓兵'].pk}/", headers={"Accept-Language": "ja"})
    vary = {v.strip().lower() for v in response["Vary"].split(",")}
    assert {"accept-language", "cookie"} <= vary

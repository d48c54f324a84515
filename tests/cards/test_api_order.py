"""The card API's order (``order:`` in ``q`` and ``?order=``, one behaviour), its count, and its keyset pages."""

from __future__ import annotations

import pytest

from cards.search import errors as E

from .conftest import make_card

ALL_BY_ATK_DESC = ["緑の巨人", "炎の双剣士", "下忍カスミ", "赤の弓兵"]  # then the cards without ATK


def names(client, url) -> list[str]:
    return [card["name"] for card in client.get(url).json()["results"]]


def every_page(client, url) -> tuple[list[str], list[dict]]:
    """The names on every page from ``url`` on (following ``next``) and every page's body."""
    found, bodies = [], []
    while url:
        body = client.get(url).json()
        bodies.append(body)
        found += [card["name"] for card in body["results"]]
        url = body["next"]
    return found, bodies


def test_order_minus_atk_sorts_by_atk_descending_with_the_cards_without_atk_last(client, legions):
    found = names(client, "/api/cards/?game=legions&q=order:-atk")
    assert found[:4] == ALL_BY_ATK_DESC and set(found[4:]) == {"ダークフレイム", "マオ・ニャン"}


def test_order_atk_sorts_ascending_and_still_puts_the_cards_without_atk_last(client, legions):
    found = names(client, "/api/cards/?game=legions&q=order:atk")
    assert found[:4] == ["赤の弓兵", "下忍カスミ", "炎の双剣士", "緑の巨人"]
    assert set(found[4:]) == {"ダークフレイム", "マオ・ニャン"}


def test_the_order_parameter_sorts_as_the_order_key_does(client, legions):
    assert names(client, "/api/cards/?game=legions&order=-atk") == names(
        client, "/api/cards/?game=legions&q=order:-atk"
    )


def test_order_combines_with_the_search_terms(client, legions):
    assert names(client, "/api/cards/?game=legions&q=t:minion c:red order:-atk") == [
        "炎の双剣士",
        "下忍カスミ",
        "赤の弓兵",
    ]


def test_order_name_sorts_by_reading(client, legions):
    found = names(client, "/api/cards/?game=legions&order=name")
    assert found == ["赤の弓兵", "下忍カスミ", "ダークフレイム", "炎の双剣士", "マオ・ニャン", "緑の巨人"]


def test_equal_values_are_ordered_by_set_order(client, legions):
    found = names(client, "/api/cards/?game=legions&q=t:minion order:wt")  # wt 1, 1, 2, 3
    assert found == ["下忍カスミ", "赤の弓兵", "炎の双剣士", "緑の巨人"]


def test_several_orders_sort_by_each_in_turn(client, legions):
    found = names(client, "/api/cards/?game=legions&q=t:minion order:cost&order=-hp")
    assert found == ["赤の弓兵", "下忍カスミ", "炎の双剣士", "緑の巨人"]


def test_order_type_follows_the_games_card_type_order(client, legions):
    types = [card["card_type"] for card in client.get("/api/cards/?game=legions&order=type").json()["results"]]
    assert types == ["master", "minion", "minion", "minion", "minion", "arts"]


def test_an_unknown_order_in_q_answers_400_at_its_value(client, legions):
    body = client.get("/api/cards/?game=legions&q=t:minion order:colour").json()["error"]
    assert (body["position"], body["field"], body["fragment"]) == (16, "q", "order:colour")
    assert "cannot sort by 'colour'" in body["message"] and "atk" in body["message"]


def test_an_unknown_order_parameter_answers_400_naming_the_parameter(client, legions):
    response = client.get("/api/cards/?game=legions&order=atk,-power")
    body = response.json()["error"]
    assert (response.status_code, body["field"], body["position"]) == (400, "order", 5)


def test_a_malformed_order_parameter_answers_400(client, legions):
    response = client.get("/api/cards/?game=legions&order=atk>3")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == E.BAD_ORDER_PARAMETER.format(value="atk>3")


def test_order_inside_brackets_is_refused(client, legions):
    body = client.get("/api/cards/?game=legions&q=(c:red order:atk) or c:green").json()["error"]
    assert (body["message"], body["position"]) == (E.ORDER_NOT_TOP_LEVEL, 8)


def test_order_takes_no_comparison(client, legions):
    body = client.get("/api/cards/?game=legions&q=order>atk").json()["error"]
    assert body["message"] == E.BAD_ORDER_OPERATOR.format(key="order", op=">")


def test_a_key_of_another_game_is_not_an_order_of_this_one(client, legions):
    assert client.get("/api/cards/?game=legions&order=heart").status_code == 400


def test_without_a_game_a_key_sorts_every_game_that_has_it(client, legions, db):
    from cards.models import CardSet, Game

    game = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダー")
    card_set = CardSet.objects.create(game=game, code="RL01", name="Set 1")
    stats = {"alignment": "justice", "faction": "正義", "attack": 5, "defence": 3, "operation": 1}
    make_card(card_set, "001", "仮面ライダー1号", "character", stats)
    assert names(client, "/api/cards/?order=-atk")[:2] == ["緑の巨人", "仮面ライダー1号"]


@pytest.mark.parametrize("order", ["-atk", "atk", "name", "type", "set", "-cost,hp", ""])
def test_pages_of_any_order_list_every_card_once_in_the_order_of_one_page(client, legions, order):
    whole = names(client, f"/api/cards/?game=legions&order={order}")
    paged, bodies = every_page(client, f"/api/cards/?game=legions&order={order}&page_size=2")
    assert paged == whole and len(bodies) == 3 and {body["count"] for body in bodies} == {6}


def test_a_previous_link_goes_back_to_the_same_page(client, legions):
    first = client.get("/api/cards/?game=legions&order=-atk&page_size=2").json()
    second = client.get(first["next"]).json()
    back = client.get(second["previous"]).json()
    assert back["results"] == first["results"] and first["previous"] is None and back["next"] == first["next"]


def test_the_count_is_counted_on_the_first_page_and_carried_by_the_cursor(client, legions, django_assert_num_queries):
    first = client.get("/api/cards/?game=legions&q=t:minion&page_size=2").json()
    assert first["count"] == 4
    with django_assert_num_queries(1):  # the page: no COUNT, no game lookup
        second = client.get(first["next"]).json()
    assert second["count"] == 4


def test_a_forged_cursor_answers_400(client, legions):
    response = client.get("/api/cards/?cursor=bm90LWpzb24=")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_cursor"


def test_the_schema_documents_the_count_and_the_order_parameter(db):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/cards/"]["get"]
    page = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert "count" in schema["components"]["schemas"][page]["properties"]
    assert {"order", "q", "cursor", "page_size"} <= {parameter["name"] for parameter in operation["parameters"]}

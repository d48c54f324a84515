"""The card list's pages read from statements compiled once (``CardSearch.first_rows`` / ``cursor_rows``,
``cards.search.rows.CompiledRows``, ``cards.search.order.Keyset``): compiled once per search and page shape, the
same rows as the ORM reads, the catalogue as it is now, and a cursor value of the wrong kind a 400."""

from __future__ import annotations

import base64
import datetime
import json

import pytest

import cards.search
from cards.api import card_search as api_search
from cards.api import keyset, pagination
from cards.models import Card, CardSet
from cards.search import rows as search_rows
from cards.search.order import BadSortValue, Keyset

ORDERS = ["", "-atk", "atk", "name", "type", "set", "-cost,hp"]


@pytest.fixture(autouse=True)
def _nothing_compiled(nothing_compiled):
    """Each test starts with nothing compiled or looked up in this process (``conftest.nothing_compiled``)."""


@pytest.fixture
def compiles(monkeypatch):
    """Every page statement compiled, in order (``CompiledRows`` made), as its ``LIMIT``-less SQL."""
    made = []
    real = search_rows.CompiledRows.__init__

    def counting(self, queryset):
        real(self, queryset)
        made.append(self.sql)

    monkeypatch.setattr(search_rows.CompiledRows, "__init__", counting)
    return made


def search(query: str = "", order: str = "") -> api_search.CardSearch:
    return api_search.card_search("legions", query, order, using=Card.objects.db)


def cursor_values(row: dict, keys) -> list:
    """The sort values of ``row`` as a cursor carries them (``SortedCursorPagination``)."""
    return [pagination._jsonable(row[f"sort_{i}"]) for i in range(len(keys))]


def test_a_first_page_is_compiled_once_per_search_and_page_size(client, legions, compiles):
    for _ in range(3):
        assert client.get("/api/cards/?game=legions&q=c:red&page_size=2").status_code == 200
    assert len(compiles) == 1
    client.get("/api/cards/?game=legions&q=c:red&page_size=3")  # another size: its own statement
    client.get("/api/cards/?game=legions&q=c:green&page_size=2")  # another search: its own statement
    assert len(compiles) == 3


def test_a_cursor_page_is_compiled_once_per_shape(client, legions, compiles):
    first = client.get("/api/cards/?game=legions&order=-atk&page_size=2").json()
    second = client.get(first["next"]).json()
    third = client.get(second["next"]).json()  # the same shape: ATK set, no release date
    client.get(second["next"])
    assert len(compiles) == 2  # the first page, the pages after a cursor
    client.get(third["previous"])  # backwards: another statement
    assert len(compiles) == 3


@pytest.fixture
def two_sets(legions):
    """The Legions cards in two sets, the first with a release date (a date among the sort values)."""
    first = legions["下忍カスミ"].card_set
    first.release_date = datetime.date(2024, 6, 1)
    first.save()
    later = CardSet.objects.create(game=first.game, code="LG02", name="Booster 2")
    for name in ("緑の巨人", "マオ・ニャン"):
        card = legions[name]
        card.card_set = later
        card.save()
    return legions


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("query", ["", "c:red", "t:minion atk>=2"])
def test_compiled_pages_read_the_rows_the_orm_reads(two_sets, query, order):
    found = search(query, order)
    whole = list(found.rows.all())
    assert found.first_rows(3) == whole[:3] and found.first_rows(len(whole) + 1) == whole
    for index, row in enumerate(whole):
        values = cursor_values(row, found.keys)
        assert found.cursor_rows(2, values, forward=True) == whole[index + 1 : index + 3]
        assert found.cursor_rows(2, values, forward=False) == whole[max(index - 2, 0) : index][::-1]


def test_a_compiled_page_reads_the_catalogue_as_it_is_now(client, legions):
    url = "/api/cards/?game=legions&q=c:red&page_size=2"
    before = client.get(url).json()
    card = legions["下忍カスミ"]
    card.name = "上忍カスミ"
    card.save()
    after = client.get(url).json()
    assert [c["name"] for c in before["results"]] == ["下忍カスミ", "赤の弓兵"]
    assert [c["name"] for c in after["results"]] == ["上忍カスミ", "赤の弓兵"]
    assert client.get(after["next"]).json()["results"] == client.get(before["next"]).json()["results"]


def test_a_search_keeps_a_few_page_statements(legions):
    found = search("c:red")
    for size in range(1, 30):
        assert [row["id"] for row in found.first_rows(size)] == [row["id"] for row in found.rows.all()[:size]]
    assert len(found.pages) <= api_search.MAX_PAGE_SHAPES


def test_plain_filters_beside_the_search_page_through_a_cursor_too(client, legions):
    url = "/api/cards/?game=legions&q=c:red&card_type=minion&order=-atk&page_size=1"
    found = []
    while url:
        body = client.get(url).json()
        found += [card["name"] for card in body["results"]]
        url = body["next"]
    assert found == ["炎の双剣士", "下忍カスミ", "赤の弓兵"] and body["count"] == 3


def forged(values: list, direction: str = "a") -> str:
    return base64.urlsafe_b64encode(json.dumps({direction: values, "c": 3}).encode()).decode()


@pytest.mark.parametrize(
    ("order", "values"),
    [
        ("", ["not a number"]),  # the id
        ("", [{"id": 1}]),
        ("-atk", [3, "2024-13-45", "LG01", "001", 1]),  # no such date
        ("-atk", ["three", None, "LG01", "001", 1]),
    ],
)
@pytest.mark.parametrize("direction", ["a", "b"])
def test_a_cursor_value_of_the_wrong_kind_answers_400_not_500(client, legions, order, values, direction):
    response = client.get(f"/api/cards/?game=legions&order={order}&cursor={forged(values, direction)}")
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_cursor"


def test_keyset_fill_puts_each_value_in_its_slots_as_its_field_prepares_it(legions):
    from django.db import connection

    found = search("", "-atk")
    compiled, fields = keyset.keyset_page(found.rows.all(), found.keys, (False,) * 5, True, "legions", 2)
    params = Keyset.fill(compiled.params, ["3", "2024-06-01", "LG01", "001", "7"], fields, connection)
    assert len(params) == len(compiled.params)
    assert not any(isinstance(param, cards.search.order.Slot) for param in params)
    assert 3 in params and 7 in params  # the numbers as numbers
    with pytest.raises(BadSortValue):
        Keyset.fill(compiled.params, ["x", None, "LG01", "001", 7], fields, connection)


def test_json_columns_decode_as_the_orm_decodes_them(legions):
    card = legions["マオ・ニャン"]
    card.sample_fields = ["name", "rules_text"]
    card.save()
    rows = Card.objects.order_by("id").values("id", "attributes", "abilities", "sample_fields", "updated_at")
    compiled = search_rows.CompiledRows(rows)
    assert compiled.json == [1, 2, 3]  # the date keeps Django's own converter, if it has one
    assert compiled.fetch() == list(rows)


@pytest.mark.parametrize(
    "text", ['{"a": [1, "カ"]}', "[]", "{}", "null", "2", '"x"', " [1] ", "[1", "[1] [2]", "", None, b"[1]"]
)
def test_json_decodes_as_the_field_decodes_it(text):
    from django.db.models import JSONField

    assert search_rows._loads(text) == JSONField().from_db_value(text, None, None)

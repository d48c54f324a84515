"""The card list answered as plain JSON is assembled from pre-encoded cards (``cards.api.encoded.card_fragments``, the
JSON columns as PostgreSQL's ``jsonb`` text compacted: ``cards.search.rows._compact``): the same bytes, headers and ETag
as ``JSONRenderer`` renders the cards' dicts (the path the browsable API and ``indent=`` still take), whatever the JSON
columns hold, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from cards.api import pagination
from cards.models import Card
from cards.search import rows as search_rows

# Values whose text the compacting must get right or leave to decoding: decimals json.dumps prints otherwise,
# separators, quotes and backslashes inside strings, escapes, U+2028/2029 (escaped by the renderer), key order
TRICKY = [
    {"colours": ["red"], "speed": 1.5, "small": 0.1, "tiny": 1e-7, "big": 10**20, "neg": -3, "whole": 2.0},
    {"colours": ["red"], "note": 'a "quoted", b: c \\ d', "nested": {"k": [None, True, False, {"a": []}]}},
    {"colours": ["red"], "s": "line\nbreak\ttab\u0001", "sep": "x\u2028y\u2029z", "emoji": "😀"},
    {"colours": ["red"], "keys": {"b": 1, "a": 2, "aa": 3, "": 4}, "none": None, "e": "", "sp": "  a  , : b "},
    {"colours": ["red"], "ja": "ショッカー, 正義: 悪", "list": [1, 2, [3, [4]]], "t": True},
    {"colours": ["red"], "colon": ":", "comma": ",", "brace": "{[]}", "slashes": "/\\/"},
]


@pytest.fixture(autouse=True)
def _nothing_compiled(nothing_compiled):
    """Each test starts with nothing compiled or looked up in this process (``conftest.nothing_compiled``)."""


@pytest.fixture
def tricky(legions):
    card_set = legions["下忍カスミ"].card_set
    for index, attributes in enumerate(TRICKY):
        Card.objects.create(
            game=card_set.game, card_set=card_set, collector_number=f"T{index:02d}", name=f"奇妙{index}\u2028",
            card_type="minion", rarity="C", rules_text=f'text {index}\n"q"', attributes=attributes,
            sample_fields=["atk", "name"] if index % 2 else [], image=f"cards/t{index}.png" if index % 2 else "",
            abilities={"keywords": [{"keyword": "速攻"}], "not_refereed": "a, b: \"c\""} if index == 2 else {},
        )
    return legions


@pytest.fixture
def encoded(monkeypatch):
    """The pages answered from fragments (``get_encoded_response`` called), counted."""
    calls = []
    real = pagination.SortedCursorPagination.get_encoded_response

    def counting(self, results):
        calls.append(len(results))
        return real(self, results)

    monkeypatch.setattr(pagination.SortedCursorPagination, "get_encoded_response", counting)
    return calls


def rendered(client, url: str, monkeypatch, headers: dict):
    """The answer to ``url`` through ``JSONRenderer`` rendering the cards' dicts (no fragments)."""
    with monkeypatch.context() as patch:
        patch.setattr(pagination, "plain_json_encoder", lambda request, view: None)
        return client.get(url, headers=headers)


def decoded(value):
    return json.loads(value) if isinstance(value, search_rows.JSONText) else value


URLS = [
    "/api/cards/",
    "/api/cards/?game=legions",
    "/api/cards/?game=legions&q=c:red&order=-atk",
    "/api/cards/?game=legions&q=t:minion&page_size=2",
    "/api/cards/?game=legions&card_type=minion&page_size=3",  # a plain filter: the rows read per request
]


@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_list_answers_the_bytes_and_headers_the_renderer_gives(client, tricky, encoded, monkeypatch, url,
                                                                   language):
    pages = 0
    while url and pages < 4:
        headers = {"accept-language": language}
        response, expected = client.get(url, headers=headers), rendered(client, url, monkeypatch, headers)
        assert response.status_code == expected.status_code == 200
        assert response.content == expected.content
        assert dict(response.items()) == dict(expected.items())  # Content-Type, ETag, Vary, Cache-Control…
        url, pages = response.json()["next"], pages + 1
    assert len(encoded) == pages  # every page from fragments, none through the renderer


def test_the_tricky_values_come_back_as_they_were_stored(client, tricky, encoded):
    body = client.get("/api/cards/?game=legions&q=t:minion&page_size=50").json()
    by_number = {card["number"]: card for card in body["results"]}
    for index, attributes in enumerate(TRICKY):
        assert by_number[f"T{index:02d}"]["attributes"] == attributes
    assert b"\\u2028" in client.get("/api/cards/?game=legions&q=t:minion&page_size=50").content  # escaped
    assert by_number["T02"]["abilities"]["keywords"][0]["code"] == "速攻"
    assert by_number["T01"]["sample_fields"] == ["atk", "name"] and by_number["T01"]["image"].endswith("t1.png")


def test_a_matching_if_none_match_still_answers_304(client, tricky, encoded):
    etag = client.get("/api/cards/?game=legions")["ETag"]
    assert client.get("/api/cards/?game=legions", headers={"if-none-match": etag}).status_code == 304


@pytest.mark.parametrize("accept", ["application/json; indent=2", "text/html"])
def test_an_indented_or_browsable_answer_is_rendered_from_the_dicts(client, tricky, encoded, accept):
    response = client.get("/api/cards/?game=legions", headers={"accept": accept})
    assert response.status_code == 200 and not encoded
    if accept.startswith("application/json"):
        assert b'\n  "count"' in response.content
        assert json.loads(response.content) == client.get("/api/cards/?game=legions").json()


def test_the_json_columns_read_as_text_only_where_jsonb_gives_it(tricky):
    rows = Card.objects.order_by("id").values("id", "attributes", "abilities", "sample_fields")
    read = search_rows.CompiledRows(rows).fetch(json_text={"attributes", "sample_fields"})
    assert [{name: decoded(value) for name, value in row.items()} for row in read] == list(rows)
    texts = [row["attributes"] for row in read if type(row["attributes"]) is search_rows.JSONText]
    if connection.vendor == "postgresql":
        assert len(texts) == len(read) - 4  # not the decimals (T00) nor the escapes (T01, T02, T05)
    else:
        assert texts == []  # Django's text on SQLite (ASCII escapes, NaN…) is decoded
    assert all(not isinstance(row["abilities"], str) for row in read)  # not asked for: decoded


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's jsonb text")
@pytest.mark.django_db
@pytest.mark.parametrize("value", [*TRICKY, [], {}, None, 0, -12, "x", "a, b: c", [{"": [None]}], {"k": 10**30}])
def test_compacted_jsonb_text_is_what_json_dumps_gives(value):
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::jsonb::text", [json.dumps(value)])
        text = cursor.fetchone()[0]
    compact = search_rows._compact(text)
    dumped = json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
    assert compact is None or compact == dumped
    if "\\" not in text and "." not in text:
        assert compact == dumped  # compacted without decoding


@pytest.mark.parametrize("text", ['{"a": 1.50}', '["a\\"b"]', b"[1]", None, '{"a": NaN}', "1e5", "[1]" * 2000])
def test_text_that_needs_decoding_is_not_compacted(text):
    assert search_rows._compact(text) is None

"""Issue 31, point 3: a search's count is exact up to ``COUNT_EXACT_UP_TO`` matching cards, at a cost bounded at
any catalogue size; past it, PostgreSQL's estimate (``EXPLAIN``) marked ``count_exact: false``, the cursor pages
carrying it; and a count is shared by every process through the cache, keyed by the catalogue version."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.api import card_search as api_search

from .test_api_order import every_page

URL = "/api/cards/?game=legions&q=t:minion"  # 4 of the fixture's 6 cards


def test_a_count_within_the_bound_is_exact(client, legions, monkeypatch):
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 4)
    body = client.get(URL).json()
    assert (body["count"], body["count_exact"], body["count_at_least"]) == (4, True, False)


def test_past_the_bound_the_count_is_an_estimate_carried_by_every_page(client, legions, monkeypatch):
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 2)
    found, bodies = every_page(client, URL + "&page_size=2")
    assert len(found) == 4  # the pages still list every card
    if connection.vendor == "postgresql":
        # never below the bound: an estimate above it, or the bound said as "more than"
        assert {(b["count_exact"], b["count"] >= 3 or b["count_at_least"]) for b in bodies} == {(False, True)}
    else:  # SQLite has no estimate to give: the exact count, said so
        assert {(b["count"], b["count_exact"]) for b in bodies} == {(4, True)}


def test_the_bounded_count_reads_no_more_rows_than_the_bound(client, legions, monkeypatch):
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 2)
    with CaptureQueriesContext(connection) as queries:
        client.get(URL)
    counts = [q["sql"] for q in queries.captured_queries if "COUNT(*)" in q["sql"]]
    assert counts and all("LIMIT 3" in sql for sql in counts[:1])


def test_a_count_is_shared_between_processes_by_catalogue_version(client, legions, nothing_compiled, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert client.get(URL).json()["count"] == 4
    api_search._card_search.cache_clear()  # another process: its own compiled searches, the same cache
    with CaptureQueriesContext(connection) as queries:
        assert client.get(URL).json()["count"] == 4
    assert not [q for q in queries.captured_queries if "COUNT(*)" in q["sql"]]


@pytest.mark.parametrize(("n", "said"), [(7, 7), (99, 99), (10_001, 10_000), (21_437, 21_000), (987_654, 990_000)])
def test_an_estimate_is_said_to_two_figures(n, said):
    assert api_search._two_figures(n) == said


def test_the_search_page_says_an_estimate_as_one(client, legions, monkeypatch):
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 2)
    monkeypatch.setattr(api_search, "estimated_rows", lambda cursor, sql, params: 57)  # the planner's guess
    page = client.get("/games/legions/", {"q": "t:minion"}).content.decode()
    if connection.vendor == "postgresql":
        assert "About 57 cards found" in page.split('id="result-count"')[1][:200]
    else:
        assert "4 cards found" in page
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 10)
    api_search._card_search.cache_clear()
    from tests.cache import clear_cache

    clear_cache()
    assert "4 cards found" in client.get("/games/legions/", {"q": "t:minion"}).content.decode()


needs_estimates = pytest.mark.skipif("connection.vendor != 'postgresql'", reason="SQLite gives no estimate")


@needs_estimates
@pytest.mark.parametrize(("planned", "said"), [(1, (2, False, True)), (2, (2, False, True)), (57, (57, False, False))])
def test_an_estimate_below_the_bound_is_said_as_more_than_the_bound(client, legions, monkeypatch, planned, said):
    """The planner may guess fewer rows than the bounded COUNT proved (a screenshot said "About 21" for 54
    minions): the answer is then the bound, marked at least ("More than 2"), on every page."""
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 2)
    monkeypatch.setattr(api_search, "estimated_rows", lambda cursor, sql, params: planned)
    found, bodies = every_page(client, URL + "&page_size=2")
    assert len(found) == 4
    assert {(b["count"], b["count_exact"], b["count_at_least"]) for b in bodies} == {said}


@needs_estimates
def test_the_search_page_says_more_than_the_bound_when_the_estimate_is_below_it(client, legions, monkeypatch):
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 2)
    monkeypatch.setattr(api_search, "estimated_rows", lambda cursor, sql, params: 1)
    said = client.get("/games/legions/", {"q": "t:minion"}).content.decode().split('id="result-count"')[1][:200]
    assert "More than 2 cards found" in said
    api_search._card_search.cache_clear()
    from tests.cache import clear_cache

    clear_cache()
    japanese = client.get("/games/legions/", {"q": "t:minion"}, HTTP_ACCEPT_LANGUAGE="ja")
    assert "2枚以上見つかりました" in japanese.content.decode()


@needs_estimates
@pytest.mark.parametrize(("lang", "said"), [("en", "About 54,000 cards found"), ("ja", "約54,000枚見つかりました")])
def test_a_large_count_is_written_with_its_thousands_grouped(client, legions, monkeypatch, lang, said):
    """Seen on a screenshot: "About 54000 cards found"."""
    monkeypatch.setattr(api_search, "COUNT_EXACT_UP_TO", 2)
    monkeypatch.setattr(api_search, "estimated_rows", lambda cursor, sql, params: 54_321)
    page = client.get("/games/legions/", {"q": "t:minion"}, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert said in page.split('id="result-count"')[1][:200]


@needs_estimates
def test_an_estimate_far_past_the_bound_is_said_without_counting(client, legions, monkeypatch):
    """A common phrase at a million cards: its bounded COUNT read every trigram's posting list (43 of 56 ms) to
    say the estimate all the same. From ESTIMATE_ALONE_FROM planned rows, nothing is counted."""
    monkeypatch.setattr(api_search, "estimated_rows", lambda cursor, sql, params: 61_234)
    with CaptureQueriesContext(connection) as queries:
        body = client.get(URL).json()
    assert (body["count"], body["count_exact"], body["count_at_least"]) == (61_000, False, False)
    assert not [q for q in queries.captured_queries if "COUNT(*)" in q["sql"]]
    assert [card["name"] for card in body["results"]]  # the page itself is read as ever
    monkeypatch.setattr(api_search, "estimated_rows", lambda cursor, sql, params: api_search.ESTIMATE_ALONE_FROM - 1)
    api_search._card_search.cache_clear()
    from tests.cache import clear_cache

    clear_cache()
    with CaptureQueriesContext(connection) as queries:
        client.get(URL)
    assert [q for q in queries.captured_queries if "COUNT(*)" in q["sql"]]  # under it, counted

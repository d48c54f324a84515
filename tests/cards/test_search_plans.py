"""Issue 31, point 3: a text search's plan is chosen by the share of the game's cards its bounded count found
(``cards.api.search_plans``), not by PostgreSQL's estimate of a ``LIKE``, so it keeps one plan at every catalogue
size (``bench/search.py --cards 10000,100000,1000000``); the plan's settings end with its statement; the cards
and their order are the same whichever plan reads them."""

from __future__ import annotations

import base64
import json
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from django.db import connection, transaction

from cards.api import card_search as api_search
from cards.api import search_plans
from cards.api.search_plans import has_text, page_plan, planned

from .test_api_order import every_page

on_postgresql = pytest.mark.skipif("connection.vendor != 'postgresql'", reason="planner settings are PostgreSQL's")
URL = f"/api/cards/?game=legions&q={quote('カスミ')}&page_size=1"  # 下忍カスミ and the two of ``kasumi``
KASUMI = ["下忍カスミ", "カスミの影", "影のかすみ"]


@pytest.fixture
def kasumi(legions):
    """The six Legions cards and two more with カスミ in their name or reading: three of eight match."""
    from .conftest import make_card

    card_set = legions["下忍カスミ"].card_set
    attributes = {"colours": ["red"], "unlock_cost": 1, "atk": 1, "hp": 1, "wt": 1}
    make_card(card_set, "007", "カスミの影", "minion", attributes, reading="かすみのかげ", rarity="C")
    make_card(card_set, "008", "影のかすみ", "minion", attributes, reading="かげのかすみ", rarity="C")
    return legions


@pytest.mark.parametrize(("query", "text"), [
    ("カスミ", True),
    ('"ダメージを与える" wt=1', True),
    ("name:ドラゴン", True),
    ("c:red (t:arts or カスミ)", True),
    ("-カスミ", False),  # NOT LIKE: no text index serves it
    ("-(-カスミ)", True),
    ("の", False),  # under three characters: no trigram to look up
    ("カスミ の", False),
    ("name=カスミ", False),  # equality, not a LIKE
    ("t:minion c:red atk>=2", False),
    ("", False),
    ('"unclosed', False),  # never run
])
def test_the_searches_whose_plan_is_chosen_have_a_positive_text_condition(query, text):
    assert has_text(query) is text


@pytest.mark.parametrize(("matching", "exact", "game_cards", "plan"), [
    (7_000, True, 700_000, "walk"),  # 1%: the walk reads about 5,100 cards
    (6_999, True, 700_000, "bitmap"),  # under 1%: the bitmap reads 6,999
    (3, True, 300, "walk"),  # the same shares at any size
    (2, True, 300, "bitmap"),
    (0, True, 300, "bitmap"),
    (10_000, False, 0, "walk"),  # past the count's bound: a large share
    (5, True, 0, "bitmap"),  # no estimate of the game
])
def test_the_page_plan_follows_the_share_of_the_game_that_matches(matching, exact, game_cards, plan):
    assert page_plan(matching, exact, game_cards) == plan


def _setting(name: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute(f"SHOW {name}")
        return cursor.fetchone()[0]


@on_postgresql
@pytest.mark.parametrize("nested", [False, True])
def test_a_plans_settings_hold_for_its_statement_and_end_with_it(db, nested):
    def read():
        return _setting("enable_bitmapscan"), _setting("enable_seqscan"), _setting("cpu_operator_cost")

    if nested:  # inside the caller's transaction (the input layer's, a test's): a savepoint rolled back
        with transaction.atomic():
            assert planned("default", "walk", read) == ("off", "off", "0.0025")
            assert (_setting("enable_bitmapscan"), _setting("enable_seqscan")) == ("on", "on")
            assert planned("default", "bitmap", read) == ("on", "off", "0.1")
    else:
        assert planned("default", "walk", read) == ("off", "off", "0.0025")
    assert (_setting("enable_bitmapscan"), _setting("enable_seqscan"), _setting("cpu_operator_cost")) == (
        "on", "on", "0.0025")
    assert planned("default", None, read) == ("on", "on", "0.0025")


@on_postgresql
@pytest.mark.parametrize("plan", ["walk", "bitmap"])
def test_a_text_search_gives_the_same_cards_in_the_same_order_whichever_plan_reads_them(client, kasumi, monkeypatch,
                                                                                         plan):
    monkeypatch.setattr(search_plans, "page_plan", lambda matching, exact, game_cards: plan)
    found, bodies = every_page(client, URL)
    assert found == KASUMI
    cursors = [json.loads(base64.urlsafe_b64decode(parse_qs(urlsplit(b["next"]).query)["cursor"][0]))
               for b in bodies[:-1]]
    assert {c["p"] for c in cursors} == {plan[0]}  # the cursor pages are read the same way


@on_postgresql
def test_the_plan_is_the_share_the_bounded_count_found(client, kasumi, monkeypatch):
    """3 of 8 cards match: 37.5%. Under a 40% threshold the pages are read as a bitmap, under 30% walked."""
    real = api_search.estimated_rows
    game_rows = []

    def estimated(cursor, sql, params):  # the game's 8 cards as PostgreSQL would estimate them once analysed
        if sql == api_search.GAME_CARDS_SQL:
            game_rows.append(real(cursor, sql, params))
            return 8
        return real(cursor, sql, params)

    monkeypatch.setattr(api_search, "estimated_rows", estimated)
    for share, plan in ((0.4, "bitmap"), (0.3, "walk")):
        monkeypatch.setattr(search_plans, "WALK_FROM_SHARE", share)
        api_search._card_search.cache_clear()
        from tests.cache import clear_cache

        clear_cache()
        search = api_search.card_search("legions", "カスミ", "", using="default")
        assert search.text
        counted = search.count()
        assert (counted.value, counted.exact, counted.plan) == (3, True, plan)
    assert len(game_rows) == 2 and all(rows >= 1 for rows in game_rows)  # one EXPLAIN a count


@on_postgresql
def test_the_walk_reads_the_game_in_id_order(kasumi):
    """The page statement's plan under the walk's settings: through (game_id, id), at this fixture's eight cards
    as at a million. (The bitmap's trigram indexes are taken from 10,000 cards on, where the bench runs: on
    eight cards one page of the table is cheaper than any index, and PostgreSQL knows it.)"""
    plan, reads, never = "walk", "Index Scan using card_game_id_idx on cards_card", "Bitmap"
    from cards.search.rows import CompiledRows

    compiled = CompiledRows(api_search.card_search("legions", "カスミ", "", using="default").rows.all()[:51])

    def explain():
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN (COSTS OFF) " + compiled.sql, compiled.params)
            return "\n".join(row[0] for row in cursor.fetchall())

    shown = planned("default", plan, explain)
    assert reads in shown and never not in shown, shown

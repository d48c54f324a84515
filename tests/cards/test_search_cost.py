"""What a card search costs between the request and the SQL: the search compiled once per (game, query), the
game's id looked up once, two statements for a first page and one for the next, dates formatted as the
serializer formats them. Counts and cache statistics, never timings."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework import serializers

import cards.search
from cards.api import card_rows
from cards.api import card_search as api_search
from cards.models import Game
from cards.search import games as search_games

from .conftest import make_card

# On PostgreSQL a new search's count asks the planner's estimate first (``CardSearch.count``: far past the
# bound, the estimate is said without counting): one statement more than SQLite's
ESTIMATE = 1 if connection.vendor == "postgresql" else 0


@pytest.fixture(autouse=True)
def _nothing_compiled(nothing_compiled):
    """Each test starts with nothing compiled or looked up in this process (``conftest.nothing_compiled``)."""


@pytest.fixture
def parses(monkeypatch):
    """The queries parsed, in order (``cards.search.parse`` wrapped)."""
    seen = []
    parse = cards.search.parse

    def counting(query):
        seen.append(query)
        return parse(query)

    monkeypatch.setattr(cards.search, "parse", counting)
    return seen


def test_a_repeated_query_is_parsed_and_compiled_once(client, legions, parses):
    for _ in range(3):
        assert client.get("/api/cards/?game=legions&q=c:red atk>=2").status_code == 200
    assert parses == ["c:red atk>=2"]
    assert (api_search._card_search.cache_info().misses, api_search._card_search.cache_info().hits) == (1, 2)


def test_the_same_query_for_another_game_is_compiled_for_that_game(client, legions, parses):
    client.get("/api/cards/?game=legions&q=t:minion")
    client.get("/api/cards/?game=riders_legend&q=t:minion")
    assert api_search._card_search.cache_info().misses == 2


def test_a_first_page_runs_the_version_the_count_and_the_page(client, legions, django_assert_num_queries):
    api_search._card_search.cache_clear()
    client.get("/api/cards/?game=legions&q=c:blue")  # the game's id is looked up once per process
    with django_assert_num_queries(3 + ESTIMATE):
        body = client.get("/api/cards/?game=legions&q=c:red&page_size=2").json()
    assert body["count"] == 5


def test_a_search_counts_its_cards_once_per_catalogue_version(client, legions, django_assert_num_queries):
    # issue 14: the COUNT of a broad search was all of the search API's p95 at 100k cards
    client.get("/api/cards/?game=legions&q=c:red")
    with django_assert_num_queries(2) as captured:  # the catalogue version and the page: no COUNT
        body = client.get("/api/cards/?game=legions&q=c:red&page_size=2").json()
    assert body["count"] == 5 and not any("COUNT" in q["sql"] for q in captured.captured_queries)
    card = legions["緑の巨人"]
    card.attributes = {**card.attributes, "colours": ["red"]}
    card.save()  # a new catalogue version (decks.catalogue): counted again
    assert client.get("/api/cards/?game=legions&q=c:red&page_size=2").json()["count"] == 6


def test_a_cursor_page_runs_the_page_only(client, legions, django_assert_num_queries):
    first = client.get("/api/cards/?game=legions&q=c:red&page_size=2").json()
    with django_assert_num_queries(1):
        second = client.get(first["next"]).json()
    assert second["count"] == 5


def test_the_count_joins_no_table_the_search_does_not_need(client, legions, django_assert_num_queries):
    client.get("/api/cards/?game=legions&q=c:blue")  # the games' ids and the catalogue version looked up
    with django_assert_num_queries(3 + ESTIMATE) as captured:  # the catalogue version, the count, the page
        client.get("/api/cards/?game=legions&q=c:red&order=set")
    count = next(query["sql"] for query in captured.captured_queries if query["sql"].startswith("SELECT COUNT"))
    assert "JOIN" not in count
    with django_assert_num_queries(2):  # the same cards in another order: the count is the one already made
        client.get("/api/cards/?game=legions&q=c:red&order=-set")


def test_a_plain_filter_beside_the_query_is_counted_too(client, legions):
    body = client.get("/api/cards/?game=legions&q=c:red&card_type=minion").json()
    assert body["count"] == len(body["results"]) == 3


def test_the_game_id_is_looked_up_once_per_process(legions, django_assert_num_queries):
    first = search_games.game_ids(("legions",), "default")
    with django_assert_num_queries(0):
        again = search_games.game_ids(("legions",), "default")
    assert first == again == (Game.objects.get(code="legions").pk,)


def test_a_game_created_again_is_searched_under_its_new_id(client, db):
    game = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダー")
    assert client.get("/api/cards/?game=riders_legend&q=op>=1").json()["count"] == 0
    game.delete()
    game = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダー")
    card_set = game.sets.create(code="RL01", name="Set 1")
    attributes = {"alignment": "evil", "faction": "ショッカー", "attack": 3, "defence": 2, "operation": 1}
    make_card(card_set, "001", "戦闘員", "character", attributes)
    assert client.get("/api/cards/?game=riders_legend&q=op>=1").json()["count"] == 1


def test_a_game_without_a_row_yet_answers_no_cards(client, legions):
    body = client.get("/api/cards/?game=iron_leaguer&q=heart>=1").json()
    assert (body["count"], body["results"]) == (0, [])


@pytest.mark.parametrize(
    "value",
    [
        datetime.datetime(2024, 6, 1, 3, 4, 5, 678901, tzinfo=datetime.UTC),
        datetime.datetime(2024, 6, 1, 3, 4, 5, tzinfo=datetime.UTC),  # no microseconds: none printed
        None,
    ],
)
@pytest.mark.parametrize("zone", ["Asia/Tokyo", "UTC"])  # UTC is written "Z"
def test_a_listed_date_is_written_as_the_serializer_writes_it(value, zone):
    with timezone.override(zone):
        assert card_rows._datetime_formatter()(value) == serializers.DateTimeField().to_representation(value)


def test_suggestions_look_the_game_up_once_and_never_join_it(client, legions, django_assert_max_num_queries):
    client.get("/api/cards/suggest/?game=legions&q=カ")
    with django_assert_max_num_queries(2) as captured:  # prefix matches, then containing matches
        body = client.get("/api/cards/suggest/?game=legions&q=かすみ").json()
    assert [row["name"] for row in body["results"]] == ["下忍カスミ"]
    assert not any('"cards_game"' in query["sql"] for query in captured.captured_queries)

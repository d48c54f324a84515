"""bench/search.py's reading of plans (issue 31, point 3): the nodes of an EXPLAIN, and how a plan reads the
cards, the part compared across catalogue sizes (a join's method for the 50 rows' game and set may change)."""

from __future__ import annotations

from tests.bench_import import bench_module

WALK_AT_10K = """Limit
  ->  Nested Loop
        ->  Nested Loop
              ->  Index Scan using card_game_id_idx on cards_card
                    Index Cond: (game_id = ANY ('{1}'::smallint[]))
                    Filter: ((name)::text ~~ '%ドラゴン%'::text)
              ->  Memoize
                    Cache Key: cards_card.game_id
                    ->  Index Scan using cards_game_pkey on cards_game
                          Index Cond: (id = cards_card.game_id)
        ->  Memoize
              ->  Index Scan using cards_cardset_pkey on cards_cardset"""
WALK_AT_1M = """Limit
  ->  Nested Loop
        ->  Merge Join
              Merge Cond: (cards_card.game_id = cards_game.id)
              ->  Index Scan using card_game_id_idx on cards_card
                    Filter: ((name)::text ~~ '%ドラゴン%'::text)
              ->  Index Scan using cards_game_pkey on cards_game
        ->  Memoize
              ->  Index Scan using cards_cardset_pkey on cards_cardset"""
BITMAP = """Limit
  ->  Sort
        Sort Key: cards_card.game_id, cards_card.id
        ->  Bitmap Heap Scan on cards_card
              ->  BitmapOr
                    ->  Bitmap Index Scan on card_name_plain_trgm
                    ->  Bitmap Index Scan on card_reading_plain_trgm"""


def test_a_plans_nodes_leave_its_conditions_out():
    with bench_module("bench.search") as search:
        assert search.plan_nodes(WALK_AT_10K.splitlines()) == (
            "Limit > Nested Loop > Nested Loop > Index Scan using card_game_id_idx on cards_card > Memoize > "
            "Index Scan using cards_game_pkey on cards_game > Memoize > Index Scan using cards_cardset_pkey on "
            "cards_cardset")


def test_the_same_walk_joined_otherwise_reads_the_cards_the_same_way_and_a_bitmap_does_not():
    with bench_module("bench.search") as search:
        def access(plan: str) -> str:
            return search.cards_access(search.plan_nodes(plan.splitlines()))

        assert access(WALK_AT_10K) == access(WALK_AT_1M) == "Limit > Index Scan using card_game_id_idx on cards_card"
        assert access(BITMAP) == ("Limit > Sort > Bitmap Heap Scan on cards_card > BitmapOr > Bitmap Index Scan on "
                                  "card_name_plain_trgm > Bitmap Index Scan on card_reading_plain_trgm")

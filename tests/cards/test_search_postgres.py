"""The search language's PostgreSQL renderings and the indexes and statistics that serve them (0003).

The renderings find the same cards as the portable ones: every compiled-filter test in
``test_search_parser.py`` runs on both databases. Here: that PostgreSQL gets the indexable forms, and that
migration 0003 created what the bench (``bench/search.py``) relies on.
"""

from __future__ import annotations

import pytest
from django.db import connection

from cards.search import compile_query


def leaves(q) -> list:
    """Every ``(lookup, value)`` child of a ``Q`` tree, depth first."""
    found = []
    for child in q.children:
        found.extend(leaves(child) if hasattr(child, "children") else [child])
    return found


def test_one_colour_compiles_to_jsonb_containment_on_postgresql():
    q = compile_query("c:red", ["legions"], vendor="postgresql")
    assert leaves(q) == [("attributes__contains", {"colours": ["red"]})]


def test_a_colour_pair_compiles_to_its_two_orderings_on_postgresql():
    q = compile_query("c:red/green", ["legions"], vendor="postgresql")
    assert leaves(q) == [("attributes__colours__in", [["red", "green"], ["green", "red"]])]


def test_iron_leaguer_technique_kinds_compile_to_containment_on_postgresql():
    q = compile_query("kind:arm", ["iron_leaguer"], vendor="postgresql")
    assert ("attributes__contains", {"kinds": ["arm"]}) in leaves(q)


def test_the_portable_rendering_never_uses_containment():
    q = compile_query("c:red/green", ["legions"], vendor="sqlite")
    assert not any(isinstance(leaf, tuple) and "contains" in leaf[0] for leaf in leaves(q))


def test_a_positive_number_term_has_no_presence_guard_but_its_negation_has():
    positive = compile_query("atk>=2", ["legions"], vendor="sqlite")
    negated = compile_query("-atk>=2", ["legions"], vendor="sqlite")
    assert (len(leaves(positive)), len(leaves(negated))) == (1, 2)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL indexes and statistics")
@pytest.mark.django_db
def test_migration_0003_creates_the_id_order_index_and_per_game_statistics():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'cards_card'")
        indexes = {row[0] for row in cursor.fetchall()}
        cursor.execute("SELECT stxname FROM pg_statistic_ext")
        statistics = {row[0] for row in cursor.fetchall()}
    assert {"card_game_id_order", "card_attr_colours_list", "card_set_rarity"} <= indexes
    assert {"card_stat_atk", "card_stat_colours", "card_stat_riders_profile"} <= statistics

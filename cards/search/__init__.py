"""The catalogue's search language, one for all games (documented on the help page, ``cards:search_help``).

``search(queryset, query, game_codes, order=…)`` filters and sorts cards; ``compile_query(query, game_codes)``
gives the ``Q`` and ``compile_search`` the ``Q`` with the query's ``SortKey``s (``order``). They raise
``QueryError(message, position, fragment)`` (1-based position in the query as typed) for a malformed query,
never ignoring a part of it. Pipeline: ``lexer`` (NFKC, tokens) → ``parser`` (AST) → ``order`` (the
``order:`` terms taken out) → ``compiler`` (Django ``Q`` over ``Card``; game keys from ``cards.games`` schemas
via ``keys``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django.db import connection, connections
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import RawSQL

from cards.games import SCHEMAS

from . import errors as E
from .compiler import compile_node
from .errors import QueryError, query_error
from .games import game_ids
from .keys import all_keys
from .order import SortKey, apply_order, sort_keys, split_order, with_tiebreak
from .parser import Term, parse

__all__ = [
    "QueryError",
    "SortKey",
    "all_keys",
    "compile_query",
    "compile_search",
    "filtered_search",
    "order_terms",
    "parse",
    "search",
    "sorted_search",
]


def _codes(game_codes: Sequence[str] | None) -> tuple[str, ...]:
    codes = tuple(game_codes) if game_codes else tuple(SCHEMAS)
    for code in codes:
        SCHEMAS[code]  # noqa: B018 - fail loudly on an unknown game
    return codes


def compile_search(
    query: str, game_codes: Sequence[str] | None = None, *, vendor: str | None = None
) -> tuple[Q, tuple[SortKey, ...]]:
    """``(condition, sort keys)`` of ``query`` for ``game_codes`` (default: every game).

    ``vendor`` is the database's (``connection.vendor``; default: the default database's): PostgreSQL gets
    the renderings its indexes serve, with the same results. Compiled queries are cached (a ``Q`` is never
    mutated by filtering). The sort keys are the query's ``order:`` terms, empty when it has none. Raises
    ``QueryError`` for a malformed query and ``KeyError`` for an unknown game.
    """
    return _compiled(query, _codes(game_codes), (vendor or connection.vendor) == "postgresql")


def compile_query(query: str, game_codes: Sequence[str] | None = None, *, vendor: str | None = None) -> Q:
    """The condition of ``query`` (its ``order:`` terms checked, then left to ``compile_search``)."""
    return compile_search(query, game_codes, vendor=vendor)[0]


@lru_cache(maxsize=512)
def _compiled(query: str, codes: tuple[str, ...], postgres: bool) -> tuple[Q, tuple[SortKey, ...]]:
    node, terms = split_order(parse(query))
    condition = compile_node(node, codes, postgres=postgres)
    return condition, sort_keys(terms, codes)


def order_terms(order: str, game_codes: Sequence[str] | None = None) -> tuple[SortKey, ...]:
    """The sort keys of an ``order`` parameter (``atk``, ``-atk``, ``cost,-atk``), as ``order:`` terms would
    give them. Raises ``QueryError`` with ``key="order"`` and positions in ``order`` itself."""
    return _order_keys(order, _codes(game_codes))


@lru_cache(maxsize=512)
def _order_keys(order: str, codes: tuple[str, ...]) -> tuple[SortKey, ...]:
    terms, position = [], 1
    for part in order.split(","):
        value = part.strip()
        if not value or value == "-" or any(char.isspace() or char in ':<>=!()"' for char in value):
            raise query_error(E.BAD_ORDER_PARAMETER, position, part, "order", value=part)
        start = position + len(part) - len(part.lstrip())
        terms.append(Term("order", ":", value, start, value, start))
        position += len(part) + 1
    return sort_keys(terms, codes)


def search(queryset: QuerySet, query: str, game_codes: Sequence[str] | None = None, *, order: str = "") -> QuerySet:
    """``queryset`` filtered by ``query`` (and restricted to ``game_codes`` when given).

    Sorted by the query's ``order:`` terms, then by ``order`` (the API's and the pages' parameter), then by
    set order and id (``order.with_tiebreak``); a search without either keeps ``queryset``'s ordering.
    Raises ``QueryError``.
    """
    return sorted_search(queryset, query, game_codes, order=order)[0]


def sorted_search(
    queryset: QuerySet, query: str, game_codes: Sequence[str] | None = None, *, order: str = ""
) -> tuple[QuerySet, tuple[SortKey, ...]]:
    """``(search(...), the sort keys it is ordered by)``; the keys are ``()`` when neither ``query`` nor
    ``order`` asks for an order (the queryset then keeps its own). Raises ``QueryError``."""
    queryset, keys = filtered_search(queryset, query, game_codes, order=order)
    if not keys:
        return queryset, ()
    keys = with_tiebreak(keys)
    return apply_order(queryset, keys), keys


def filtered_search(
    queryset: QuerySet, query: str, game_codes: Sequence[str] | None = None, *, order: str = ""
) -> tuple[QuerySet, tuple[SortKey, ...]]:
    """``(queryset filtered by query and game_codes, the sort keys asked for)``: the cards of
    ``sorted_search`` in ``queryset``'s own order (to count them, or to sort them with ``apply_order``) and
    the keys without the tiebreak (``()`` when none is asked for). The games' ids are looked up once per
    process (``games.game_ids``). Raises ``QueryError``."""
    condition, keys = compile_search(query, game_codes, vendor=connections[queryset.db].vendor)
    if order.strip():
        keys = (*keys, *order_terms(order, game_codes))
    if game_codes:
        ids = game_ids(tuple(game_codes), queryset.db)
        if len(ids) == 1 and connections[queryset.db].vendor == "postgresql":
            return queryset.filter(one_game(queryset.model, ids[0])).filter(condition), keys
        # Game ids, not a join on the game's code: PostgreSQL then estimates per game and picks the indexes.
        condition = Q(game_id__in=ids) & condition
    return queryset.filter(condition), keys


def one_game(model, game_id: int) -> RawSQL:
    """``game_id = ANY(ARRAY[id])``: one game's cards, written so that PostgreSQL keeps ``game_id`` in an
    ``ORDER BY game_id, …`` (with ``game_id = id`` it drops it as a constant and walks the whole primary key in id
    order, filtering out every other game's cards first: 20 ms instead of 0.3 ms for a Riders' Legend search at
    100k cards, bench/search.py). The search's order then leads with the game
    (``cards.api.card_search._card_search``) and the index ``card_game_id_idx`` (game, id) gives it."""
    table = connections[model.objects.db].ops.quote_name(model._meta.db_table)
    return RawSQL(f"{table}.game_id = ANY(%s)", ([game_id],), output_field=BooleanField())

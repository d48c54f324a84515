"""A search of the card list, built and compiled once per ``(database, game, q, order)`` in each process."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache

from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import QuerySet

from config.api_errors import ApiError

from ..models import Card
from ..search import QueryError, SortKey, filtered_search
from ..search import order as sorting
from ..search.games import game_ids
from ..search.rows import CompiledRows
from . import search_plans
from .card_rows import ROW_FIELDS
from .keyset import game_first, keyset_page
from .search_plans import planned


@dataclass(frozen=True)
class CardSearch:
    """One search of the card list, built and compiled once per ``(database, game, q, order)``; each request
    clones ``matching`` and ``rows`` (``.all()``), which are never evaluated themselves."""

    using: str  # the database alias
    matching: QuerySet  # the matching cards, unordered, joined only where the search needs it
    rows: QuerySet  # the same cards as ``values(*ROW_FIELDS, "sort_0", …)`` rows in the sort order
    keys: tuple[SortKey, ...]  # the sort order, ending with the id
    count_sql: tuple[str, tuple] | None  # ``SELECT COUNT(*)`` of ``matching``; None when nothing can match
    ids_sql: tuple[str, tuple] = ("", ())  # the matching cards' ids (what ``count_sql`` counts)
    game: str | None = None  # the one game searched, None for every game
    text: bool = False  # a positive text condition in one game's search: its plans are ours (``search_plans``)
    counts: dict = field(default_factory=dict, compare=False)  # {catalogue version: CardCount}, the latest only
    pages: dict = field(default_factory=dict, compare=False)  # {page shape: compiled statement}, a few shapes

    def first_rows(self, limit: int, *, json_text=(), plan: str | None = None) -> list[dict]:
        """``list(rows.all()[:limit])``, the same dicts, from a statement compiled once per ``limit`` (a first
        page): compiling the page's SQL was a fifth of a cheap search's request (issue 14). The JSON columns
        named in ``json_text`` as JSON text where they can be (``CompiledRows.fetch``). ``plan``: how PostgreSQL
        reads a text search (``CardCount.plan``, ``search_plans``), ignored for another search."""
        compiled = self._compiled(limit, lambda: CompiledRows(self.rows.all()[:limit]))
        return planned(self.using, plan if self.text else None, lambda: compiled.fetch(json_text=json_text))

    def cursor_rows(self, limit: int, values, *, forward: bool, json_text=(), plan: str | None = None) -> list[dict]:
        """The ``limit`` rows after (``forward``) or before the row with the sort values ``values`` (a cursor),
        from a statement compiled once per shape (``limit``, the direction, which values are NULL) and given the
        cursor's values; ``json_text`` and ``plan`` as ``first_rows``. Raises ``search.order.BadSortValue`` for a
        value its sort column refuses."""
        nulls = tuple(value is None for value in values)
        compiled, fields = self._compiled(
            (limit, forward, nulls), lambda: keyset_page(self.rows.all(), self.keys, nulls, forward, self.game, limit)
        )
        params = sorting.Keyset.fill(compiled.params, values, fields, connections[self.using])
        return planned(self.using, plan if self.text else None, lambda: compiled.fetch(params, json_text=json_text))

    def _compiled(self, shape, compile_page):
        compiled = self.pages.get(shape)
        if compiled is None:
            if len(self.pages) >= MAX_PAGE_SHAPES:  # a client walking every page_size: keep a few
                self.pages.clear()
            compiled = self.pages[shape] = compile_page()
        return compiled

    def count(self) -> CardCount:
        """The number of matching cards (issue 31, point 3): counted exactly up to ``COUNT_EXACT_UP_TO`` (a
        ``COUNT`` over at most that many rows plus one, so its cost is bounded at any catalogue size); past it,
        PostgreSQL's estimate of the rows (``EXPLAIN``), rounded to two significant figures and marked inexact; an
        estimate at or below the bound (the planner guessed low: the bounded ``COUNT`` proved more) is said as the
        bound itself, marked ``at_least`` ("more than 10,000"). On PostgreSQL the estimate comes first: from
        ``ESTIMATE_ALONE_FROM`` rows it is the answer, and nothing is counted. Elsewhere (SQLite) the exact
        count. Two statements at most, compiled with the search; a text search's count reads through its index
        (``search_plans``), and it decides the search's page plan (``CardCount.plan``), for which a third
        statement estimates the game's cards when the count is exact."""
        if self.count_sql is None:
            return CardCount(0, True)
        sql, params = self.ids_sql
        connection = connections[self.using]
        text = self.text and connection.vendor == "postgresql"
        planned_rows = None
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                planned_rows = estimated_rows(cursor, sql, params)
            if planned_rows >= ESTIMATE_ALONE_FROM:  # far past the bound: no COUNT at all (its reads grow with it)
                return CardCount(_two_figures(planned_rows), False, plan="walk" if text else None)

        def bounded_count() -> int:
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT COUNT(*) FROM ({sql} LIMIT {COUNT_EXACT_UP_TO + 1}) matching", params)
                return cursor.fetchone()[0]

        counted = planned(self.using, search_plans.COUNT_PLAN if text else None, bounded_count)
        with connection.cursor() as cursor:
            if counted <= COUNT_EXACT_UP_TO:
                plan = None
                if text:
                    game_cards = estimated_rows(cursor, GAME_CARDS_SQL, (list(game_ids((self.game,), self.using)),))
                    plan = search_plans.page_plan(counted, True, game_cards)
                return CardCount(counted, True, plan=plan)
            if connection.vendor != "postgresql":
                cursor.execute(*self.count_sql)
                return CardCount(cursor.fetchone()[0], True)
            estimate = _two_figures(planned_rows)  # PostgreSQL: asked before the count
        plan = search_plans.page_plan(counted, False, 0) if text else None
        if estimate <= COUNT_EXACT_UP_TO:
            return CardCount(COUNT_EXACT_UP_TO, False, at_least=True, plan=plan)
        return CardCount(estimate, False, plan=plan)

    def count_at(self, version: str) -> CardCount:
        """``count()`` remembered for the catalogue ``version`` (``decks.catalogue``: it changes with every write
        to the game's cards and sets), in this process and in the cache every process shares (Redis in
        production): a broad search over a large catalogue is counted once per version, not on every first page
        nor in every process (issue 14; issue 31, point 3)."""
        known = self.counts.get(version)
        if known is None:
            key = "cards:count:" + hashlib.sha256(repr((self.count_sql, version)).encode()).hexdigest()[:32]
            shared = cache.get(key)
            known = CardCount(*shared) if shared is not None else self.count()
            if shared is None:
                cache.set(key, (known.value, known.exact, known.at_least, known.plan), COUNT_CACHE_SECONDS)
            self.counts.clear()  # only the current version is ever asked for again
            self.counts[version] = known
        return known


def estimated_rows(cursor, sql: str, params) -> int:
    """PostgreSQL's estimate of the rows ``sql`` returns (``EXPLAIN``'s top ``Plan Rows``): one planning, no
    row read."""
    cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
    plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return int(plan[0]["Plan"]["Plan Rows"])


@dataclass(frozen=True)
class CardCount:
    """How many cards match: ``value``, exact or (``exact`` false) an estimate past ``COUNT_EXACT_UP_TO``; with
    ``at_least``, ``value`` is the bound and more cards match than it ("more than 10,000"). ``plan``: how
    PostgreSQL reads a text search's pages (``search_plans.PLANS``), None for another search."""

    value: int
    exact: bool
    at_least: bool = False
    plan: str | None = None


GAME_CARDS_SQL = "SELECT 1 FROM cards_card WHERE game_id = ANY(%s)"  # its estimate: a game's cards
COUNT_EXACT_UP_TO = 10_000  # matching cards counted exactly; past it an estimate ("about 20,000")
# An estimate this far past the bound is said without counting: a bounded COUNT of a common phrase still read
# its every trigram's posting list through the index (43 ms of a 56 ms first page at a million cards), and the
# answer would have been the estimate anyway. At a million cards the bench's estimates were within 0.35-1.7x of
# the real counts past the bound (bench/search.py): a planner twice too high still leaves about the bound to
# find, and the page then walks the game (``search_plans``), which such a share keeps short.
ESTIMATE_ALONE_FROM = 2 * COUNT_EXACT_UP_TO
COUNT_CACHE_SECONDS = 24 * 3600  # a count shared between processes, keyed by the catalogue version


def _two_figures(n: int) -> int:
    """``n`` rounded to two significant figures (21,437 -> 21,000): an estimate said as one."""
    digits = len(str(n)) - 2
    return n if digits <= 0 else round(n, -digits)


MAX_PAGE_SHAPES = 8  # the page statements (sizes, directions, NULL cursor values) a ``CardSearch`` keeps


def card_search(game: str | None, query: str, order: str, *, using: str) -> CardSearch:
    """The cached ``CardSearch`` of ``query`` and ``order`` over ``game``'s cards (every game's for
    ``None``). Raises ``QueryError`` for a malformed query or order (not cached). The game's id is part of
    the key, so a game created again (a new id) gets a new search."""
    ids = game_ids((game,), using) if game else ()
    return _card_search(using, game, ids, query, order)


def catalogue_version(game: str | None, using: str = "default") -> str:
    """The catalogue version of ``game`` (every game's, joined, for None): one query on a table of a row per
    game. The version lives in the decks app, which keeps it for the deck check's caches."""
    from decks.catalogue import catalogue_key_by_id, catalogue_keys

    if game:
        ids = game_ids((game,), using)
        return catalogue_key_by_id(ids[0], using=using) if ids else "none"
    return ",".join(f"{code}:{version}" for code, version in sorted(catalogue_keys().items()))


@lru_cache(maxsize=256)
def _card_search(using: str, game: str | None, _ids: tuple[int, ...], query: str, order: str) -> CardSearch:
    matching, keys = filtered_search(Card.objects.using(using), query, [game] if game else None, order=order)
    keys = sorting.with_tiebreak(keys)  # by id alone when no order is asked for, as before sorting existed
    rows = game_first(sorting.apply_order(matching, keys), game, using)
    rows = rows.values(*ROW_FIELDS, *(f"sort_{i}" for i in range(len(keys))))
    try:
        sql, params = matching.order_by().values("pk").query.get_compiler(using).as_sql()
        count_sql = (f"SELECT COUNT(*) FROM ({sql}) matching", tuple(params))
        ids_sql = (sql, tuple(params))
    except EmptyResultSet:  # e.g. a game without a row yet: ``game_id IN ()``
        count_sql, ids_sql = None, ("", ())
    text = game is not None and search_plans.has_text(query)
    return CardSearch(using, matching, rows, keys, count_sql, ids_sql, game, text)


def search_error(exc: QueryError, game: str | None, order: str) -> ApiError:
    """A ``QueryError`` of ``card_search`` as an API error naming its field: ``order`` when the ``order``
    parameter alone is at fault (``bad_order``), else ``q`` (``bad_query``)."""
    field = "q"
    if order.strip():
        try:
            card_search(game, "", order, using=Card.objects.db)
        except QueryError as order_exc:
            field, exc = "order", order_exc
    return ApiError("bad_order" if field == "order" else "bad_query", exc.localized(), field=field,
                    position=exc.position, fragment=exc.fragment or None)

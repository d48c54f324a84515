"""The statements of the card pages after or before a cursor (keyset pagination over ``search.order``)."""

from __future__ import annotations

from django.db import connections
from django.db.models import F, QuerySet

from ..search import order as sorting
from ..search.rows import CompiledRows


def game_first(queryset: QuerySet, game: str | None, using: str, *, descending: bool = False) -> QuerySet:
    """One game's search on PostgreSQL ordered by the game first (the same order, the game being one): the
    (game, id) index then walks that game's cards alone (``cards.search.one_game``)."""
    if not game or connections[using].vendor != "postgresql":
        return queryset
    lead = F("game_id").desc() if descending else F("game_id").asc()
    return queryset.order_by(lead, *queryset.query.order_by)


def keyset_page(rows: QuerySet, keys, nulls: tuple[bool, ...], forward: bool, game: str | None, limit: int):
    """The statement of the ``limit`` rows after (``forward``) or before a cursor whose NULL values are
    ``nulls``, its values left as ``search.order.Slot`` params (``Keyset.fill``), and the ``sort_i`` fields
    that prepare them."""
    rows = rows.filter(sorting.Keyset(keys, nulls, forward=forward))
    if not forward:  # read backwards from the cursor, then turned round
        rows = game_first(sorting.reversed_order(rows, keys), game, rows.db, descending=True)
    fields = tuple(rows.query.annotations[f"sort_{i}"].output_field for i in range(len(keys)))
    return CompiledRows(rows[:limit]), fields


def keyset_rows(rows: QuerySet, keys, values, forward: bool, game: str | None, limit: int,
                json_text=()) -> list[dict]:
    """The ``limit`` rows of ``rows`` after (``forward``) or before the cursor's ``values``, compiled for this
    request (a list with plain filters beside the search); ``json_text`` as ``CompiledRows.fetch`` takes it."""
    nulls = tuple(value is None for value in values)
    compiled, fields = keyset_page(rows, keys, nulls, forward, game, limit)
    params = sorting.Keyset.fill(compiled.params, values, fields, connections[rows.db])
    return compiled.fetch(params, json_text=json_text)

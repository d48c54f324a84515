"""The catalogue's search language, one for all games (documented on the help page, ``cards:search_help``).

``search(queryset, query, game_codes)`` filters cards; ``compile_query(query, game_codes)`` gives the ``Q``;
both raise ``QueryError(message, position, fragment)`` (1-based position in the query as typed) for a
malformed query, never ignoring a part of it. Pipeline: ``lexer`` (NFKC, tokens) → ``parser`` (AST) →
``compiler`` (Django ``Q`` over ``Card``; game keys from ``cards.games`` schemas via ``keys``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django.db import connection, connections
from django.db.models import Q, QuerySet

from cards.games import SCHEMAS

from .compiler import compile_node
from .errors import QueryError
from .keys import all_keys
from .parser import parse

__all__ = ["QueryError", "all_keys", "compile_query", "parse", "search"]


def compile_query(query: str, game_codes: Sequence[str] | None = None, *, vendor: str | None = None) -> Q:
    """Compile ``query`` to a ``Q`` over ``Card`` for ``game_codes`` (default: every game).

    ``vendor`` is the database's (``connection.vendor``; default: the default database's): PostgreSQL gets
    the renderings its indexes serve, with the same results. Compiled queries are cached (a ``Q`` is never
    mutated by filtering). Raises ``QueryError`` for a malformed query and ``KeyError`` for an unknown game.
    """
    codes = tuple(game_codes) if game_codes else tuple(SCHEMAS)
    for code in codes:
        SCHEMAS[code]  # noqa: B018 - fail loudly on an unknown game
    return _compiled(query, codes, (vendor or connection.vendor) == "postgresql")


@lru_cache(maxsize=512)
def _compiled(query: str, codes: tuple[str, ...], postgres: bool) -> Q:
    return compile_node(parse(query), codes, postgres=postgres)


def search(queryset: QuerySet, query: str, game_codes: Sequence[str] | None = None) -> QuerySet:
    """``queryset`` filtered by ``query`` (and restricted to ``game_codes`` when given). Raises
    ``QueryError``."""
    condition = compile_query(query, game_codes, vendor=connections[queryset.db].vendor)
    if game_codes:
        # Game ids, not a join on the game's code: PostgreSQL then estimates per game and picks the indexes.
        from cards.models import Game

        ids = list(Game.objects.using(queryset.db).filter(code__in=list(game_codes)).values_list("id", flat=True))
        queryset = queryset.filter(game_id__in=ids)
    return queryset.filter(condition)

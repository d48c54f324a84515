"""How PostgreSQL reads a text search, chosen by us and not by its row estimate (issue 31, point 3).

A page of a search is ``ORDER BY game_id, id LIMIT 51``. For a search with a text condition (a free word, a
quoted phrase, ``name:``) PostgreSQL has two ways to it, and which one is fast depends on how many cards match:

- ``walk``: the game's cards in id order (the index ``(game_id, id)``), each tested, stopping at the 51st match.
  It reads about ``51 / share`` cards, ``share`` being the matching share of the game's cards: cheap when many
  match, the whole game when none does.
- ``bitmap``: every match found through the text's trigram index, then sorted. It reads every match: cheap when
  few match, ruinous when many do.

Its choice rests on its estimate of a ``LIKE '%…%'``, which is rough (a word in 3% of the names was estimated at
0.01%, so a search that took 3 ms at 100,000 cards took 100 ms at a million: it chose ``bitmap`` and read 20,842
cards). Here the choice is the share actually measured by the search's bounded count (``CardSearch.count``, which
a first page runs anyway): ``walk`` from ``WALK_FROM_SHARE`` of the game's cards, ``bitmap`` below it. A share does
not change with the catalogue's size, so the same search keeps one plan from 10,000 cards to a million
(``bench/search.py --cards 10000,100000,1000000`` prints them). The bounded count itself always reads through
the text index (``COUNT_PLAN``): it stops after ``COUNT_EXACT_UP_TO + 1`` matches, so it reads at most that many.

A plan is imposed with planner settings (``set_config(…, true)``: for one transaction) around one statement, in a
transaction or savepoint that is then rolled back, so the settings end with it whatever the caller's
transaction. Elsewhere than on PostgreSQL, and for a search without a positive text condition, nothing is
imposed. Our reading, not a rule: docs/performance.md, "Searching a million cards".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import connections, transaction

from ..search import QueryError
from ..search.parser import And, Node, Not, Or, Term, Word, parse

WALK_FROM_SHARE = 0.01  # a text search walks the game in id order when at least 1% of its cards match
# no parallel workers for a page of 51 cards: starting them costs more than they save, and a million cards'
# plans gained a Gather that ten thousand cards' did not
SERIAL = {"max_parallel_workers_per_gather": "0"}
PLANS: dict[str, dict[str, str]] = {
    # every match through the text's trigram indexes (a bitmap), then sorted: reads the matches only. A LIKE
    # '%…%' costs far more than the planner's default operator (0.0025): at that price a small catalogue's plan
    # read the whole game through a (game_id, …) index and tested every card, where a million cards' used the
    # trigram index; priced at 0.1 it takes the trigram index at every size (bench/search.py prints it)
    "bitmap": {"enable_indexscan": "off", "enable_seqscan": "off", "cpu_operator_cost": "0.1", **SERIAL},
    # the game's cards in id order, stopping at the page's last match: reads about 51 / share cards
    "walk": {"enable_bitmapscan": "off", "enable_seqscan": "off", "enable_sort": "off",
             "enable_incremental_sort": "off", **SERIAL},
}
TRIGRAM = 3  # pg_trgm's trigrams: a shorter text cannot be looked up in its index
COUNT_PLAN = "bitmap"  # the bounded count stops after its bound: through the index it reads at most that many
T = TypeVar("T")


def has_text(query: str) -> bool:
    """Whether ``query`` has a text condition that is not negated (a free word, a phrase, ``name:``) and every
    such condition is at least ``TRIGRAM`` characters long: the searches whose plan this module chooses. A
    shorter text has no trigram to look up (pg_trgm's index cannot serve ``LIKE '%の%'``), so a bitmap would
    read the whole game: such a search is left to PostgreSQL. False for a query that does not parse (it is
    never run)."""
    try:
        texts = _positive_texts(parse(query), negated=False)
    except QueryError:
        return False
    return bool(texts) and all(len(text) >= TRIGRAM for text in texts)


def _positive_texts(node: Node | None, *, negated: bool) -> list[str]:
    if isinstance(node, Not):
        return _positive_texts(node.child, negated=not negated)
    if isinstance(node, And | Or):
        return [text for child in node.children for text in _positive_texts(child, negated=negated)]
    if isinstance(node, Word) and not negated:
        return [node.text]
    if isinstance(node, Term) and node.key == "name" and node.op == ":" and not negated:
        return [node.value]
    return []


def page_plan(matching: int, exact: bool, game_cards: int) -> str:
    """``walk`` or ``bitmap`` for a text search's pages: ``matching`` cards of the game's ``game_cards`` (PostgreSQL's
    estimate of the game's rows); ``exact`` false (past the count's bound) is a share taken as large (walk)."""
    if not exact:
        return "walk"
    return "walk" if game_cards and matching >= WALK_FROM_SHARE * game_cards else "bitmap"


def planned(using: str, plan: str | None, read: Callable[[], T]) -> T:
    """``read()`` (a function running one statement on ``using``) under ``plan``'s planner settings (``PLANS``),
    which end with it; ``read()`` alone for ``None`` or on a database other than PostgreSQL. Three statements
    more than ``read`` (begin or savepoint, the settings, rollback). Raises what ``read`` raises."""
    connection = connections[using]
    if plan is None or connection.vendor != "postgresql":
        return read()
    settings = PLANS[plan]
    with transaction.atomic(using=using):
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + ", ".join("set_config(%s, %s, true)" for _ in settings),
                           [value for pair in settings.items() for value in pair])
        result = read()
        # a read-only statement: rolling back ends the settings, in a savepoint as well
        transaction.set_rollback(True, using=using)
    return result

"""What the search bot's games share of their knowledge (issue 28): the owner-based groups of Legions and Riders'
Legend, the prior for the other seat's hidden cards, and the game's ``Knowledge`` looked up by name.

The prior for the other seat's hidden cards never reads the real deck: it deals, with replacement, from the
cards that seat has shown so far (a deck runs copies) and from the searching seat's own deck list (a deck of the
same game), leaving out the kinds a hidden card can never be (a master, an eyecatch)."""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from .information import InformationSet, Prior
from .protocol import State


def by_owner(card_id: str, card: dict[str, Any], seat: str, where: str) -> tuple[str, bool]:
    """``("own", True)`` for a card of ``seat``'s deck (it knows its own list), else ``("other", False)``."""
    return ("own", True) if card.get("owner") == seat else ("other", False)


def shown_and_own_prior(seats: Sequence[str], never: Sequence[str] = (),
                        only: dict[str, Sequence[str]] | None = None) -> Any:
    """A ``prior`` maker: the other seat's hidden cards drawn from its cards in sight and the searcher's own
    deck list (the module docstring), without the card types in ``never`` (and for a group named in ``only``,
    of its card types alone); each card dealt is owned by the other seat (the rules find a card's place by its
    ``owner``)."""

    def prior(info: InformationSet) -> Prior:
        other = next(s for s in seats if s != info.seat)
        shown = [data for data in info.state["cards"].values()
                 if data.get("owner") not in (None, info.seat) and data.get("card_type") not in never]
        own = [data for data in info.pools.get("own", []) if data.get("card_type") not in never]
        own += [data for data in info.state["cards"].values()
                if data.get("owner") == info.seat and data.get("card_type") not in never]
        pool = shown + own

        def draw(group: str, count: int, rng: random.Random) -> list[dict[str, Any]]:
            allowed = (only or {}).get(group)
            fits = [data for data in pool if data.get("card_type") in allowed] if allowed else pool
            if not fits:
                return [{"name": "?", "card_type": "", "attributes": {}, "abilities": {}, "owner": other}] * count
            return [{**fits[rng.randrange(len(fits))], "owner": other} for _ in range(count)]

        return draw

    return prior


Score = Callable[[State, str], float]


def even_at_half(side: Score, seats: Sequence[str], scale: float) -> Score:
    """An evaluation from a game's score of one side (``side(state, seat)``): the difference between ``seat``'s
    score and the other seat's, through a logistic curve of width ``scale``, so 0.5 when even."""

    def evaluate(state: State, seat: str) -> float:
        theirs = next(s for s in seats if s != seat)
        return float(1.0 / (1.0 + math.exp(-(side(state, seat) - side(state, theirs)) / scale)))

    return evaluate


def knowledge_for(game: str) -> Any:
    """The game's ``search.Knowledge``: ``referee.games.<game>.knowledge.KNOWLEDGE``."""
    return importlib.import_module(f"referee.games.{game}.knowledge").KNOWLEDGE

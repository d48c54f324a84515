"""Legions! knowledge for the search bot (issue 28; ``referee.engine.search``): hidden cards grouped by owner,
the other seat's guessed from its cards in sight and the searcher's own list (never a master), and an evaluation
of a cut-off position.

Evaluation (our reading of what wins, 勝利条件/A8: life to 0 or a draw from an empty deck loses): each side's
life, its units' ATK and HP on the field, its cards in hand and standby, the cores it can spend; the difference
through a logistic curve, 0.5 when even."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.engine.information import InformationSet, Prior
from referee.engine.knowledge import by_owner, even_at_half, shown_and_own_prior
from referee.engine.protocol import State
from referee.engine.search import Knowledge

from . import field
from .state import SEATS
from .timeline import STANDBY_TYPES


def _side(state: State, seat: str) -> float:
    player = state["players"][seat]
    units = [u for u in (*player["lanes"].values(), player["lord"]) if u is not None]
    board = sum(field.atk(state, u) + max(0, field.hp(state, u) - u["damage"]) for u in units)
    hand = player["hand"] if isinstance(player["hand"], int) else len(player["hand"])
    standby = player["standby"] if isinstance(player["standby"], int) else len(player["standby"])
    deck = player["deck"] if isinstance(player["deck"], int) else len(player["deck"])
    value: float = (2.0 * player["life"] + 1.0 * board + 0.8 * hand + 0.6 * standby + 0.5 * player["active"]
                    - (6.0 if deck <= 2 else 0.0))
    return value


# ``seat``'s chance at a cut-off position, 0..1 (the module docstring).
evaluate = even_at_half(_side, SEATS, 8.0)


def group_of(card_id: str, card: dict[str, Any], seat: str, where: str) -> tuple[str, bool]:
    """By owner (``knowledge.by_owner``); the other seat's standby cards apart: only a minion or a skill stands
    by (スタンバイカードについて/A2), and a guess must be one. A Dantalion Draft's shared deck and discard
    (``draft.py``) are a group of their own, no one's and unknown: the seat saw some of those cards once, but
    not where the shuffle put them."""
    if where.startswith("shared."):
        return SHARED, False
    group, known = by_owner(card_id, card, seat, where)
    if not known and where.rsplit(".", 1)[-1] in ("standby", "arriving"):
        return "other:standby", False
    return group, known


SHARED = "shared"
_base_prior = shown_and_own_prior(SEATS, never=("master",), only={"other:standby": STANDBY_TYPES})


def prior(info: InformationSet) -> Prior:
    """The guesses for the hidden cards (``knowledge.shown_and_own_prior``); a shared card dealt is no one's."""
    draw = _base_prior(info)

    def deal(group: str, count: int, rng: random.Random) -> Sequence[dict[str, Any]]:
        cards = draw(group, count, rng)
        return [{**card, "owner": ""} for card in cards] if group == SHARED else cards

    return deal


KNOWLEDGE = Knowledge(group_of=group_of, evaluate=evaluate, prior=prior)

"""The greedy bot's judgement: ``greedy_score(state, action) -> float``, higher is better.

It plays sensibly rather than well: attacks and defends with its strongest stack when it can (best technique,
fewest cards), uses its least-penalised ILs, splits growth for the most expected hearts, refills before
passing
idly, releases its weakest IL and recruits or scouts its strongest, rescues with its most hearted ILs and
prefers a counter to a reset to an attack-right change.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from referee.engine.actions import Action
from referee.engine.protocol import State

from . import rules
from .actions import (
    AddHalf,
    Assign,
    Cancel,
    ChooseInstruction,
    ChooseRescuers,
    Declare,
    Discard,
    EndRescue,
    GrowthSplit,
    Pass,
    Persuade,
    Practice,
    Recruit,
    Refill,
    Release,
    Rescue,
    Rough,
    Scout,
    Training,
)
from .state import attrs

# P(2d6 <= n) for n = 0..12
_P2D6 = [0, 0, 1 / 36, 3 / 36, 6 / 36, 10 / 36, 15 / 36, 21 / 36, 26 / 36, 30 / 36, 33 / 36, 35 / 36, 1.0]


def p2d6(n: int) -> float:
    return 0.0 if n < 2 else 1.0 if n >= 12 else _P2D6[n]


def _strength(state: State, il: str) -> float:
    a = attrs(state, il)
    answer: float = state["ils"][il]["heart"] + a["skill"] + a["body"] + (a["growth"] or 0) / 2
    return answer


def _card_value(state: State, card: str) -> float:
    a = attrs(state, card)
    return max((h.get("attack") or 0) + (h.get("defence") or 0) for h in (a["upper"], a["lower"]))


def _declare(state: State, action: Declare) -> float:
    key = "attack" if action.mode == "attack" else "defence"
    value = sum(attrs(state, c)[s].get(key) or 0 for c, s in action.halves)
    return 100 + value - 3 * (len(action.halves) - 1)


def _add_half(state: State, action: AddHalf) -> float:
    key = "attack" if state["pending"]["mode"] == "attack" else "defence"
    return (attrs(state, action.card)[action.side].get(key) or 0) - 6


def _assign_weight(state: State, il: str) -> float:
    """What an IL costs an assignment: its penalty (IL 6.4/7.4: subtracted from the value) and its strength."""
    answer: float = state["ils"][il]["penalty"] * 10 + _strength(state, il)
    return answer


def _assign(state: State, action: Assign) -> float:
    answer: float = -0.01 * sum(_assign_weight(state, il) for il in action.ils)
    return answer


def _training_weight(state: State, il: str) -> int:
    answer: int = attrs(state, il)["growth"]
    return answer


def _rough(state: State, action: Rough) -> float:
    half = attrs(state, action.card)[action.side]
    value = rules.rough_success_value(
        half["rough_value"], attrs(state, action.target)["body"], state["ils"][action.il]["penalty"]
    )
    return 50 + 40 * p2d6(value)


def _discard(state: State, action: Discard) -> float:
    over = len(state["hands"][action.seat]) > rules.hand_limit(state["scene"])
    if state["pending"].get("refilled") is not False or over:
        return -_card_value(state, action.card)
    return -100


def _persuade(state: State, action: Persuade) -> float:
    ph, t = state["ils"][action.persuader]["heart"], action.target
    return 3 * p2d6(rules.persuasion_growth_value(ph, state["ils"][t]["heart"], attrs(state, t)["growth"]))


@functools.lru_cache(maxsize=1024)
def _growth_split(parts: tuple[int, ...]) -> float:
    """The chance-weighted growth of a split (a function of the parts alone: kept, the search asks it often)."""
    return sum(p2d6(part) for part in parts)


_PASS = {"draw": 20, "refresh": 5, "none": 0}
# IL 8.6: a counter attacks at once with the DP, a reset readies everyone and refills, a change only moves the right
_INSTRUCTION = {"counter": 3, "reset": 2, "attack_right": 1}

# action class -> its score (state, action) -> float; a class not listed scores 0
_SCORES: dict[type[Action], Callable[[State, Any], float]] = {
    Declare: _declare,
    AddHalf: _add_half,
    Assign: _assign,
    Rough: _rough,
    Pass: lambda state, a: 10 + len(a.ils) if a.option == "ready" else _PASS[a.option],
    Discard: _discard,
    Refill: lambda state, a: 0,
    EndRescue: lambda state, a: 0,
    Cancel: lambda state, a: -1000,
    GrowthSplit: lambda state, a: _growth_split(a.parts),
    Rescue: lambda state, a: 1 + p2d6(state["ils"][a.rescuer]["heart"]),
    ChooseRescuers: lambda state, a: 1 + sum(p2d6(state["ils"][il]["heart"]) for il in a.ils),
    ChooseInstruction: lambda state, a: _INSTRUCTION.get(a.instruction, 0),
    Release: lambda state, a: -_strength(state, a.il),
    Recruit: lambda state, a: _strength(state, a.il),
    Scout: lambda state, a: _strength(state, a.target),
    Training: lambda state, a: sum(p2d6(_training_weight(state, il) + pts) for il, pts in a.alloc) * 3,
    Persuade: _persuade,
    Practice: lambda state, a: 1.5,
}


# The classes whose score is a function of one number per IL of the action alone (``_SCORES``): class -> that
# number. The search keeps a listing part's best actions of such a class by those numbers
# (``knowledge._part_best``).
PER_IL: dict[type[Action], Callable[[State, str], float]] = {Assign: _assign_weight, Training: _training_weight}


def greedy_score(state: State, action: Action) -> float:
    """A number for ``action`` in ``state`` (only compared between the legal actions of one decision)."""
    score = _SCORES.get(type(action))
    return score(state, action) if score is not None else 0

"""The greedy bot's judgement: ``greedy_score(state, action) -> float``, higher is better.

It plays sensibly rather than well: attacks and defends with its strongest stack when it can (best technique,
fewest cards), uses its least-penalised ILs, splits growth for the most expected hearts, refills before
passing
idly, releases its weakest IL and recruits or scouts its strongest.
"""

from __future__ import annotations

from referee.engine.actions import Action

from . import rules
from .actions import (
    AddHalf,
    Assign,
    Cancel,
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


def _strength(state: dict, il: str) -> float:
    a = attrs(state, il)
    return state["ils"][il]["heart"] + a["skill"] + a["body"] + (a["growth"] or 0) / 2


def _card_value(state: dict, card: str) -> float:
    a = attrs(state, card)
    return max((h.get("attack") or 0) + (h.get("defence") or 0) for h in (a["upper"], a["lower"]))


def greedy_score(state: dict, action: Action) -> float:
    """A number for ``action`` in ``state`` (only compared between the legal actions of one decision)."""
    if isinstance(action, Declare):
        key = "attack" if action.mode == "attack" else "defence"
        value = sum(attrs(state, c)[s].get(key) or 0 for c, s in action.halves)
        return 100 + value - 3 * (len(action.halves) - 1)
    if isinstance(action, AddHalf):
        key = "attack" if state["pending"]["mode"] == "attack" else "defence"
        return (attrs(state, action.card)[action.side].get(key) or 0) - 6
    if isinstance(action, Assign):
        return -0.01 * sum(state["ils"][il]["penalty"] * 10 + _strength(state, il) for il in action.ils)
    if isinstance(action, Rough):
        half = attrs(state, action.card)[action.side]
        value = rules.rough_success_value(
            half["rough_value"], attrs(state, action.target)["body"], state["ils"][action.il]["penalty"]
        )
        return 50 + 40 * p2d6(value)
    if isinstance(action, Pass):
        return {"draw": 20, "refresh": 5, "ready": 10 + len(action.ils), "none": 0}[action.option]
    if isinstance(action, Discard):
        return (
            -_card_value(state, action.card)
            if state["pending"].get("refilled") is not False
            or len(state["hands"][action.seat]) > rules.hand_limit(state["scene"])
            else -100
        )
    if isinstance(action, Refill | EndRescue):
        return 0
    if isinstance(action, Cancel):
        return -1000
    if isinstance(action, GrowthSplit):
        return sum(p2d6(part) for part in action.parts)
    if isinstance(action, Rescue):
        return 1 + p2d6(state["ils"][action.rescuer]["heart"])
    if isinstance(action, Release):
        return -_strength(state, action.il)
    if isinstance(action, Recruit | Scout):
        return _strength(state, action.il if isinstance(action, Recruit) else action.target)
    if isinstance(action, Training):
        return sum(p2d6(attrs(state, il)["growth"] + pts) for il, pts in action.alloc) * 3
    if isinstance(action, Persuade):
        ph, t = state["ils"][action.persuader]["heart"], action.target
        return 3 * p2d6(
            rules.persuasion_growth_value(ph, state["ils"][t]["heart"], attrs(state, t)["growth"])
        )
    if isinstance(action, Practice):
        return 1.5
    return 0

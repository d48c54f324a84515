"""IL 11: every growth check of the game, and the choice of splitting its value into several checks (11.6).

A growth check (11.2/11.3: 2d6 at most the value adds 1 heart) is made in a match when a technique says so
(6.8/7.8/11.4), at the interval (11.5), after a rescue (13.8), in training (18.4) and in persuasion (20.5).
IL 11.6 ("成長判定を行う場合、数値を分割して複数回の判定を行ってもよい") lets *every* one of them be split, so
every step hands its checks (``state.growth_check``) to the flow, which calls ``start``; a check whose value
offers more than one split (``rules.growth_splits``) waits for the seat that makes it, as the decision
``growth``::

    state["pending"] = {"kind": "growth", "seat": chooser, "il": il, "total": value,
                        "check": the check, "queue": [the checks after it],
                        "then": the step the checks belong to, "resume": its (public, JSON) data}

A check with a single offer is rolled at once, as before. Once the last check is made, ``do_growth_split``
returns ``(then, resume)``: that step is over and the flow (``flow.FOLLOWS``) carries on. This module calls no
other step module.
"""

from __future__ import annotations

from functools import lru_cache

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State

from . import rules
from .actions import GrowthSplit, cached
from .state import Then, grow


def start(state: State, events: list[Event], data: Data) -> Then:
    """Make a step's growth checks in order: ``data = {"checks": [state.growth_check, ...], "then": the step
    they belong to, "resume": its data}``. Returns None when one waits for its split (``state["pending"]`` is
    then the decision ``growth``), else ``(then, resume)``: every check is made and that step is over."""
    then, resume = data["then"], data["resume"]
    if _next(state, list(data["checks"]), then, resume, events):
        return None
    return then, resume


def _next(state: State, queue: list[Data], then: str, resume: Data, events: list[Event]) -> bool:
    while queue:
        item = queue[0]
        if len(rules.growth_splits(item["value"])) > 1:
            state["pending"] = {
                "kind": "growth",
                "seat": item["seat"],
                "il": item["il"],
                "total": item["value"],
                "check": item,
                "queue": queue[1:],
                "then": then,
                "resume": resume,
            }
            return True
        queue.pop(0)
        _make(state, item, (item["value"],), events)
    return False


def _make(state: State, item: Data, parts: tuple[int, ...], events: list[Event]) -> None:
    """The checks of one split (IL 11.6), one ruling event each."""
    il, clause, inputs = item["il"], item["clause"], item["inputs"]
    for part in parts:
        grow(state, il, part, clause, events, inputs, list(parts))


def growth_actions(state: State, seat: str) -> list[Action]:
    """IL 11.6: one ``GrowthSplit`` per offered split of the waiting check (the single check first)."""
    pending = state["pending"]
    return list(_split_actions(seat, pending["il"], pending["total"]))


@lru_cache(maxsize=4096)
def _split_actions(seat: str, il: str, total: int) -> tuple[GrowthSplit, ...]:
    return tuple(cached(GrowthSplit, seat, il, parts) for parts in rules.growth_splits(total))


def single_check(state: State, seat: str) -> Action:
    """The waiting check made once with its whole value (IL 11.2, the check 11.6 allows to split): what the
    clock plays for a growth decision that timed out."""
    pending = state["pending"]
    answer: Action = cached(GrowthSplit, seat, pending["il"], (pending["total"],))
    return answer


def do_growth_split(state: State, action: GrowthSplit, events: list[Event]) -> Then:
    """Make the waiting check with ``action.parts``, then the queued checks after it. Returns
    ``(then, resume)`` once every check is made, None while another waits. Raises IllegalAction (nothing
    changed) for a split that is not offered."""
    pending = state["pending"]
    if action.il != pending["il"] or tuple(action.parts) not in rules.growth_splits(pending["total"]):
        raise IllegalAction(
            "bad_split",
            f"split {list(action.parts)} for {action.il} is not offered; the growth value {pending['total']} "
            f"of {pending['il']} is split into parts from 2 to 12 or checked once",
            "11.6",
        )
    _make(state, pending["check"], tuple(action.parts), events)
    if _next(state, list(pending["queue"]), pending["then"], pending["resume"], events):
        return None
    return pending["then"], pending["resume"]

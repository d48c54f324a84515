"""IL 10–13: the interval driver (its seven steps in order, 10.2) and steps 1–3: growth (11), forced
retirement (12) and rescue (13). Steps 4–7 are in interval_steps.py.

``state["interval"] = {"step", "winner", "loser", "queue": [growth checks waiting for a split choice], ...}``.
A step's ``enter`` returns True when it waits for a decision; its last decision calls ``advance``.
"""

from __future__ import annotations

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction

from . import interval_steps, rules
from .actions import EndRescue, GrowthSplit, Rescue, cached
from .scenes import start_match
from .state import SEATS, attrs, clear_penalties, grow, join, name, other, roll, team_of, unact_all

STEPS = ("growth", "retirement", "rescue", "replenish", "newcomers", "actions", "departure")


def begin(state: dict, events: list[Event]) -> None:
    """IL 10.1: penalties removed; then the steps of 10.2 in order."""
    result = state["results"][-1]
    clear_penalties(state)
    unact_all(state)
    state["interval"] = {
        "step": None,
        "winner": result["winner"],
        "loser": other(result["winner"]),
        "queue": [],
    }
    events.append(Event("interval_start", "10.1", {"scene": state["scene"]}))
    advance(state, events)


def advance(state: dict, events: list[Event]) -> None:
    """Enter the next step (IL 10.2); after step 7 the next scene's match starts (IL 3.1)."""
    iv = state["interval"]
    while True:
        index = STEPS.index(iv["step"]) + 1 if iv["step"] else 0
        if index == len(STEPS):
            state["scene"] += 1
            start_match(state, events)
            return
        iv["step"] = STEPS[index]
        events.append(Event("interval_step", "10.2", {"step": index + 1, "name": iv["step"]}))
        if ENTER[iv["step"]](state, events):
            return


# ---- step 1: growth (IL 11) and the growth-check queue shared with rescue (13.8) ----


def enter_growth(state: dict, events: list[Event]) -> bool:
    """IL 11.1/11.5: every IL of both teams, the winners first, with +5 (winners) or +2 (losers)."""
    iv = state["interval"]
    for seat in (iv["winner"], iv["loser"]):
        bonus = rules.interval_growth_bonus(seat == iv["winner"])
        for il in state["teams"][seat]:
            growth = attrs(state, il)["growth"]
            if rules.can_grow(growth):  # IL 11.7
                iv["queue"].append(
                    {"il": il, "seat": seat, "growth": growth, "bonus": bonus, "clause": "11.2/11.5/11.6"}
                )
    return next_growth(state, events)


def next_growth(state: dict, events: list[Event]) -> bool:
    """Roll queued checks that offer one split; stop (True) at the first with a choice (IL 11.6)."""
    queue = state["interval"]["queue"]
    while queue:
        item = queue[0]
        total = item["growth"] + item["bonus"]
        if len(rules.growth_splits(total)) > 1:
            state["pending"] = {"kind": "growth", "seat": item["seat"], "il": item["il"], "total": total}
            return True
        queue.pop(0)
        grow(
            state,
            item["il"],
            total,
            item["clause"],
            events,
            growth=item["growth"],
            bonus=item["bonus"],
            parts=[total],
        )
    return False


def growth_actions(state: dict, seat: str) -> list[Action]:
    pending = state["pending"]
    il = pending["il"]
    return [cached(GrowthSplit, seat, il, parts) for parts in rules.growth_splits(pending["total"])]


def do_growth_split(state: dict, action: GrowthSplit, events: list[Event]) -> None:
    pending = state["pending"]
    if action.il != pending["il"] or tuple(action.parts) not in rules.growth_splits(pending["total"]):
        raise IllegalAction(
            "bad_split",
            f"split {list(action.parts)} for {action.il} is not offered; the "
            f"growth value {pending['total']} of {pending['il']} is split into even parts",
            "11.6",
        )
    item = state["interval"]["queue"].pop(0)
    for part in action.parts:
        grow(
            state,
            item["il"],
            part,
            item["clause"],
            events,
            growth=item["growth"],
            bonus=item["bonus"],
            parts=list(action.parts),
        )
    if not next_growth(state, events):
        advance(state, events)


# ---- step 2: forced retirement (IL 12) ----


def enter_retirement(state: dict, events: list[Event]) -> bool:
    """IL 12.1–12.3: Dark only, after a lost match. The slots are the line-up at the start of the step."""
    iv = state["interval"]
    if iv["winner"] == "dark":
        return False
    lineup = list(state["teams"]["dark"])
    for il in lineup:  # IL 12.2
        if attrs(state, il)["growth"] is None:
            _retire(state, il, "12.2", events)
    if state["scene"] in (8, 10, 12):  # IL 12.3
        lost_by = state["results"][-1]["lost_by"]
        for check in range(rules.retirement_checks(lost_by)):
            (tens, units), counter = roll(state, 2)
            slot = rules.d66_slot(tens, units)
            il = lineup[slot - 1] if slot is not None and slot <= len(lineup) else None
            present = il is not None and il in state["teams"]["dark"]
            events.append(
                Event(
                    "retirement_check",
                    "12.3.1/12.3.2/12.3.3",
                    {
                        "check": check + 1,
                        "lost_by": lost_by,
                        "dice": [tens, units],
                        "counter": counter,
                        "d66": tens * 10 + units,
                        "slot": slot,
                        "il": il,
                        "retires": present,
                    },
                )
            )
            if present:
                _retire(state, il, "12.3.2", events)
    return False


def _retire(state: dict, il: str, clause: str, events: list[Event]) -> None:
    state["teams"]["dark"].remove(il)
    state["retired"] = [*state["retired"], il]  # IL 12.4: kept apart, heart kept (replaced: copy_state)
    events.append(Event("retired", clause, {"il": il, "name": name(state, il)}))


# ---- step 3: rescue (IL 13) ----


def enter_rescue(state: dict, events: list[Event]) -> bool:
    """IL 13.1: scene 12, Dark only, when someone can be rescued (13.7)."""
    if state["scene"] != 12 or not _rescue_targets(state):
        return False
    state["interval"]["rescue"] = {"rescuers": [], "rescued": []}
    state["pending"] = {"kind": "rescue", "seat": "dark"}
    return True


def _rescue_targets(state: dict) -> list[str]:
    return [il for il in state["retired"] if attrs(state, il)["growth"] is not None]


def _rescuer_allowed(state: dict, il: str) -> bool:
    rescue = state["interval"]["rescue"]
    if il in rescue["rescuers"] or team_of(state, il) is None:
        return False
    has_dark = any(r in state["teams"]["dark"] or r in rescue["rescued"] for r in rescue["rescuers"])
    return has_dark or len(rescue["rescuers"]) < 2 or team_of(state, il) == "dark"  # IL 13.2


def rescue_actions(state: dict, seat: str) -> list[Action]:
    out: list[Action] = [
        Rescue(seat, r, t)
        for r in state["teams"]["dark"] + state["teams"]["silver"]
        if _rescuer_allowed(state, r)
        for t in _rescue_targets(state)
    ]
    return out + [EndRescue(seat)]


def do_rescue(state: dict, action: Action, events: list[Event]) -> None:
    """IL 13.3–13.6: 2d6 at most the rescuer's heart; the rescued IL joins Dark at once."""
    rescue = state["interval"]["rescue"]
    if isinstance(action, Rescue):
        _attempt(state, action, events)
        if len(rescue["rescuers"]) < 3 and _rescue_targets(state):
            return
    _finish_rescue(state, events)


def _attempt(state: dict, action: Rescue, events: list[Event]) -> None:
    """One rescue attempt (IL 13.2–13.6); IllegalAction before anything changes."""
    rescue = state["interval"]["rescue"]
    if not _rescuer_allowed(state, action.rescuer):
        raise IllegalAction(
            "bad_rescuer",
            f"IL {action.rescuer} cannot be a rescuer now (each IL once; at least one of the three is Dark)",
            "13.2/13.5",
        )
    if action.target not in _rescue_targets(state):
        raise IllegalAction(
            "bad_rescue_target",
            f"IL {action.target} is not a retired IL with a growth value",
            "13.3/13.7",
        )
    heart = state["ils"][action.rescuer]["heart"]
    dice, counter = roll(state, 2)
    ok = rules.rescue_succeeds(heart, dice)
    rescue["rescuers"].append(action.rescuer)
    if ok:
        join(state, "dark", action.target)
        rescue["rescued"].append(action.target)
    events.append(
        Event(
            "rescue",
            "13.4/13.6",
            {
                "rescuer": action.rescuer,
                "heart": heart,
                "target": action.target,
                "dice": dice,
                "counter": counter,
                "success": ok,
            },
        )
    )


def _finish_rescue(state: dict, events: list[Event]) -> None:
    """IL 13.8: after at least one success, rescuers and rescued check growth with +10."""
    rescue = state["interval"]["rescue"]
    if rescue["rescued"]:
        for il in rescue["rescuers"] + rescue["rescued"]:
            growth, seat = attrs(state, il)["growth"], team_of(state, il)
            if rules.can_grow(growth) and seat:
                state["interval"]["queue"].append(
                    {"il": il, "seat": seat, "growth": growth, "bonus": 10, "clause": "13.8/11.6"}
                )
    if not next_growth(state, events):
        advance(state, events)


ENTER = {
    "growth": enter_growth,
    "retirement": enter_retirement,
    "rescue": enter_rescue,
    "replenish": interval_steps.enter_replenish,
    "newcomers": interval_steps.enter_newcomers,
    "actions": interval_steps.enter_actions,
    "departure": interval_steps.enter_departure,
}

__all__ = ["SEATS", "advance", "begin"]

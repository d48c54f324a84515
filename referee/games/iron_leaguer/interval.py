"""IL 11–13: interval steps 1–3 — growth (11), forced retirement (12) and rescue (13). Steps 4–7 are in
interval_steps.py; the interval's order (10.2), its start (10.1, scenes.py) and what follows its last step are
flow.py's.

``state["interval"] = {"step", "winner", "loser", ...}``. A step's ``enter`` and its decisions' handlers return
what follows them to the flow (``state.Then``): None while a decision waits, ``("interval", None)`` once the
step is over, or the step's growth checks (IL 11.6: each may wait for its split) before it is over. This module
imports no other step module.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, islice
from math import comb

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.listing import Combinations, Listing
from referee.engine.protocol import State

from . import rules
from .actions import ChooseRescuers, EndRescue, Rescue, cached, per_seat
from .state import Then, attrs, growth_check, in_order, join, name, put, roll, team_of, without

# ---- step 1: growth (IL 11; the checks and their split, 11.6, are growth.py's) ----


def enter_growth(state: State, events: list[Event]) -> Then:
    """IL 11.1/11.5: every IL of both teams, the winners first, with +5 (winners) or +2 (losers); each team
    splits its own ILs' checks (11.6). The step is over once they are made."""
    iv = state["interval"]
    checks = []
    for seat in (iv["winner"], iv["loser"]):
        bonus = rules.interval_growth_bonus(seat == iv["winner"])
        for il in state["teams"][seat]:
            growth_value = attrs(state, il)["growth"]
            if rules.can_grow(growth_value):  # IL 11.7
                checks.append(
                    growth_check(
                        il, seat, growth_value + bonus, "11.2/11.5/11.6", growth=growth_value, bonus=bonus
                    )
                )
    return "growth", {"checks": checks, "then": "interval", "resume": {}}


# ---- step 2: forced retirement (IL 12) ----


def enter_retirement(state: State, events: list[Event]) -> Then:
    """IL 12.1–12.3: Dark only, after a lost match. The slots are the line-up at the start of the step."""
    iv = state["interval"]
    if iv["winner"] == "dark":
        return "interval", None
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
            if il is not None and present:
                _retire(state, il, "12.3.2", events)
    return "interval", None


def _retire(state: State, il: str, clause: str, events: list[Event]) -> None:
    put(state, "teams", "dark", without(state["teams"]["dark"], il))
    state["retired"] = [*state["retired"], il]  # IL 12.4: kept apart, heart kept (replaced: copy_state)
    events.append(Event("retired", clause, {"il": il, "name": name(state, il)}))


# ---- step 3: rescue (IL 13) ----
#
# state["interval"]["rescue"] = {"rescuers": [the three chosen, 13.2], "tried": [...], "rescued": [...]}
# Decisions: ``rescuers`` (ChooseRescuers, or EndRescue: no rescue), then ``rescue`` (Rescue or EndRescue).


def enter_rescue(state: State, events: list[Event]) -> Then:
    """IL 13.1: scene 12, Dark only, when someone can be rescued (13.7); Dark first names its three rescuers
    (13.2)."""
    if state["scene"] != 12 or not _rescue_targets(state):
        return "interval", None
    state["interval"]["rescue"] = {"rescuers": [], "tried": [], "rescued": []}
    state["pending"] = {"kind": "rescuers", "seat": "dark"}
    return None


def _rescue_targets(state: State) -> list[str]:
    return [il for il in state["retired"] if attrs(state, il)["growth"] is not None]


def rescuer_pool(state: State) -> list[str]:
    """IL 13.2 "ダーク・シルバーを含めた全てのＩＬ": the members of both teams (not strays or the retired), Dark's
    line-up then Silver's (the order ``ChooseRescuers`` names them in)."""
    answer: list[str] = state["teams"]["dark"] + state["teams"]["silver"]
    return answer


def _rescuer_sets(pool: tuple[str, ...], dark: int) -> islice[tuple[str, ...]]:
    """The trios of ``pool`` (Dark's ``dark`` members first) with a Dark member: ``combinations`` lists trios
    by their first member's place, so those whose first member is of Dark (the others hold none) come first,
    ``C(len(pool), 3) - C(silver members, 3)`` of them."""
    return islice(combinations(pool, 3), _rescuer_count(pool, dark))


def _rescuer_count(pool: tuple[str, ...], dark: int) -> int:
    """How many ``_rescuer_sets``: every trio of the pool but the trios of Silver's members alone."""
    return comb(len(pool), 3) - comb(len(pool) - dark, 3)


def rescuers_actions(state: State, seat: str) -> Listing:
    return _rescuers_actions(seat, tuple(rescuer_pool(state)), len(state["teams"]["dark"]))


_RESCUERS = per_seat(ChooseRescuers)  # seat -> {three ILs: ChooseRescuers}


@lru_cache(maxsize=16)
def _rescuers_actions(seat: str, pool: tuple[str, ...], dark: int) -> Listing:
    """A ``ChooseRescuers`` for each of ``_rescuer_sets`` (about a thousand, counted, not made: a bot makes
    the one it picks; each action made once per three ILs, ``_RESCUERS``: the IL ids of a pool are the same
    every game), then ``EndRescue``. Immutable: one serves every decision of this pool and line-ups."""
    trios = Combinations(ChooseRescuers, pool, 3, _RESCUERS[seat], _rescuer_count(pool, dark))
    return Listing((trios, (cached(EndRescue, seat),)))


def do_rescuers(state: State, action: ChooseRescuers | EndRescue, events: list[Event]) -> Then:
    """IL 13.2: the three rescuers, named once before the first attempt; EndRescue: no rescue (13.1: Dark
    "may" rescue)."""
    if isinstance(action, EndRescue):
        return "interval", None
    ils = tuple(action.ils)
    if len(ils) != 3 or not in_order(ils, rescuer_pool(state)):
        raise IllegalAction(
            "bad_rescuers",
            f"name three different members of either team, in line-up order (Dark's first), not {list(ils)}",
            "13.2",
        )
    if not any(il in state["teams"]["dark"] for il in ils):
        raise IllegalAction("no_dark_rescuer", "at least one of the three rescuers is a Dark IL", "13.2")
    state["interval"]["rescue"]["rescuers"] = list(ils)
    events.append(Event("rescuers_chosen", "13.2", {"seat": "dark", "rescuers": list(ils)}))
    state["pending"] = {"kind": "rescue", "seat": "dark"}
    return None


def _may_try(state: State, il: str) -> bool:
    """IL 13.2/13.5: one of the three chosen, once each (an IL rescued meanwhile was not chosen: not one)."""
    rescue = state["interval"]["rescue"]
    return il in rescue["rescuers"] and il not in rescue["tried"]


def rescue_actions(state: State, seat: str) -> list[Action]:
    """IL 13.3/13.5: each rescuer who has not tried, with each target (chosen after each result)."""
    rescuers = [r for r in state["interval"]["rescue"]["rescuers"] if _may_try(state, r)]
    out: list[Action] = [Rescue(seat, r, t) for r in rescuers for t in _rescue_targets(state)]
    return out + [cached(EndRescue, seat)]


def do_rescue(state: State, action: Action, events: list[Event]) -> Then:
    """IL 13.3–13.6: 2d6 at most the rescuer's heart; the rescued IL joins Dark at once."""
    rescue = state["interval"]["rescue"]
    if isinstance(action, Rescue):
        _attempt(state, action, events)
        if len(rescue["tried"]) < 3 and _rescue_targets(state):
            return None
    return _finish_rescue(state, events)


def _attempt(state: State, action: Rescue, events: list[Event]) -> None:
    """One rescue attempt (IL 13.3–13.6); IllegalAction before anything changes."""
    rescue = state["interval"]["rescue"]
    if not _may_try(state, action.rescuer):
        raise IllegalAction(
            "bad_rescuer",
            f"IL {action.rescuer} is not one of the three rescuers chosen before the first attempt "
            f"({', '.join(rescue['rescuers'])}) who has not tried yet",
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
    rescue["tried"].append(action.rescuer)
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


def rescue_participants(state: State) -> list[str]:
    """IL 13.8 "救出に参加したＩＬと救出されたＩＬ全員", our reading (docs/rules/iron_leaguer.md, "Rescuers"): the
    three rescuers named under 13.2, whether or not each made an attempt, and every IL rescued."""
    rescue = state["interval"]["rescue"]
    answer: list[str] = rescue["rescuers"] + rescue["rescued"]
    return answer


def _finish_rescue(state: State, events: list[Event]) -> Then:
    """IL 13.8: after at least one success, the participants check growth with +10 (each team splits its own
    ILs' checks, 11.6); the step is over once they are made."""
    checks = []
    if state["interval"]["rescue"]["rescued"]:
        for il in rescue_participants(state):
            growth_value, seat = attrs(state, il)["growth"], team_of(state, il)
            if rules.can_grow(growth_value) and seat:
                checks.append(
                    growth_check(il, seat, growth_value + 10, "13.8/11.6", growth=growth_value, bonus=10)
                )
    return "growth", {"checks": checks, "then": "interval", "resume": {}}

"""IL 5–7: a match's decisions — declaring and assigning techniques, attack (6), defence (7) and passing
(6.6/7.6), and the rough plays an attack offers (9.2/9.3). Scoring and resets (8) are in scoring.py, the
ruling of a rough play (9.3–9.8) in rough_play.py.

Decision points (``state["pending"]["kind"]``): ``attack`` (the attack-right holder: declare, rough play or
pass), ``assign`` (choose the ILs for a declared stack), ``defence`` (the defender: declare or pass) and
``discard`` (discarding before drawing to the limit, 6.6.2/7.6.2); ``instruction`` (8.6) is scoring.py's.

Every handler returns what follows it to the flow (flow.py, ``state.Then``): None while a decision waits; after
a use, the users' growth checks (11.4; each may wait for its split, 11.6), then ``"attack"`` or ``"defence"`` is
over (``after_attack`` here, the comparison in scoring.py); after a pass in defence ``"defence"`` is over too
(7.6); after a failed attack ``"exchange"`` (6.5, then 8.7). This module imports no other step module.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from itertools import combinations
from typing import Any

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.listing import Combinations, Listing
from referee.engine.protocol import Data, State

from . import rules
from .actions import AddHalf, Assign, Cancel, Declare, Discard, Pass, Refill, Rough, cached, per_seat
from .state import (
    SEATS,
    Then,
    attrs,
    derived,
    discard_cards,
    draw_to_limit,
    growth_check,
    in_order,
    other,
    roll,
    set_il,
)
from .techniques import (
    Profile,
    check_stack,
    extensions,
    half_of,
    il_users,
    is_user_set,
    seat_profiles,
    stack_persons,
    usable_halves,
)

_ASSIGNS = per_seat(Assign)  # seat -> {ILs: Assign}
_ADD_HALVES = per_seat(lambda seat, half: AddHalf(seat, *half))  # seat -> {(card, side): AddHalf}
_DISCARDS = per_seat(Discard)  # seat -> {card: Discard}


def _assign_actions(seat: str, users: tuple[str, ...], persons: int) -> Combinations:
    """An ``Assign`` for each ``combinations(users, persons)`` (IL 5.4.3/5.4.6), counted, not made
    (``referee.engine.listing``: a bot makes the one it picks; each ``Assign`` made once per ILs, ``_ASSIGNS``)."""
    return Combinations(Assign, users, persons, _ASSIGNS[seat])


@lru_cache(maxsize=4096)
def _pass_list(seat: str, full: bool, acted: tuple[str, ...] | None) -> tuple[Pass, ...]:
    """The pass options; ``acted`` (attack only, None in defence): the acted ILs that 6.6.3 may ready."""
    out = [cached(Pass, seat, "refresh" if full else "draw"), cached(Pass, seat, "none")]
    for n in (1, 2, 3) if acted is not None else ():
        out.extend(cached(Pass, seat, "ready", c) for c in combinations(acted or (), n))  # shared instances
    return tuple(out)


def _pass_open(state: State, action: Pass, mode: str) -> bool:
    """``action in _pass_list(...)`` (the listed passes) without listing every 6.6.3 combination."""
    if action.option in ("draw", "refresh"):
        full = len(state["hands"][action.seat]) >= rules.hand_limit(state["scene"])
        return action.ils == () and action.option == ("refresh" if full else "draw")
    if action.option == "none":
        return action.ils == ()
    if action.option != "ready" or mode != "attack" or not 1 <= len(action.ils) <= 3:
        return False
    return in_order(action.ils, [il for il in state["teams"][action.seat] if state["ils"][il]["acted"]])


class _Declares(Data):
    """card -> ``((mask key, persons needed, Declare), ...)`` for one seat and mode: each half the card may be
    declared with (``techniques.usable_halves``) and its one-half ``Declare`` (IL 5.1/5.2), made once per card."""

    def __init__(self, usable: Data, seat: str, mode: str) -> None:
        super().__init__()
        self.usable, self.seat, self.mode = usable, seat, mode

    def __missing__(self, card: str) -> tuple[Any, ...]:
        found = self[card] = tuple(
            (key, need, cached(Declare, self.seat, self.mode, (key,)))
            for key, _, _, need, _, _ in self.usable[card]
        )
        return found


def _declares(cards: Data, seat: str, mode: str) -> _Declares:
    """The ``_Declares`` of ``seat`` and ``mode`` for the card table ``cards`` (made once per table content,
    ``state.derived``)."""
    table = derived(cards)
    found = table.get("match")
    if found is None:
        usable = usable_halves(cards)
        found = table["match"] = {(s, m): _Declares(usable[m], s, m) for s in SEATS for m in usable}
    answer: _Declares = found[seat, mode]
    return answer


def legal(state: State, seat: str) -> Sequence[Action]:
    """The match's decisions: ``attack``/``defence`` (declarations, rough plays, passes), ``assign`` (a
    ``Listing``) and ``discard``. An attack or defence list is remembered in the seat's ``Profile.memo`` by
    everything else it depends on (the hand, the opposing line-up for rough play): a decision met again (a
    withdrawn declaration, the attack right passed back and forth) is not worked out again. What is remembered
    is the list's parts, those shared with other caches (the passes) as they are: fewer references for the
    garbage collector to walk. An assignment list is not remembered: nine in ten are never met again, and
    what a cache keeps the collector walks."""
    pending = state["pending"]
    kind = pending["kind"]
    if kind == "attack" or kind == "defence":
        profile = seat_profiles(state, seat)
        hand = tuple(state["hands"][seat])
        rough = kind == "attack" and seat == "dark"  # IL 9.2: Dark only, holding the attack right
        targets = tuple(state["teams"][other(seat)]) if rough else ()
        full = len(hand) >= rules.hand_limit(state["scene"])
        key = (kind, hand, full, targets)
        found = profile.memo.get(key)
        if found is None:
            found = profile.remember(key, _match_actions(state, seat, kind, profile, rough, full))
        declares, roughs, passes = found
        return [*declares, *roughs, *passes]
    if kind == "assign":  # not remembered: a declared stack with the same hand is rarely met again
        profile = seat_profiles(state, seat)
        halves = tuple((card, side) for card, side in pending["halves"])
        mode = pending["mode"]
        assigns = _assign_actions(seat, *il_users(state, seat, mode, halves, profile))
        more = tuple(map(_ADD_HALVES[seat].__getitem__, extensions(state, seat, mode, halves, profile)))
        return Listing((assigns, more, (cached(Cancel, seat),)))
    if kind == "discard":
        return [*map(_DISCARDS[seat].__getitem__, state["hands"][seat]), cached(Refill, seat)]
    return []


def _match_actions(
    state: State, seat: str, kind: str, profile: Profile, rough: bool, full: bool
) -> tuple[tuple[Action, ...], tuple[Action, ...], tuple[Pass, ...]]:
    """The parts of an attack or defence list: IL 5.1–5.4 (each one-half declaration with enough ready ILs,
    ``single_halves`` with the actions made once per card), IL 9 (rough plays, when ``rough``) and the passes
    (6.6/7.6, ``_pass_list``; ``full``: the hand holds the scene's limit)."""
    team, ready = profile.team, profile.ready
    table, masks = _declares(state["cards"], seat, kind), team.masks
    out: list[Action] = []
    for card in state["hands"][seat]:
        for key, need, action in table[card]:
            mask = masks.get(key)
            if mask is None:
                mask = team.mask(*key)
            if (mask & ready).bit_count() >= need:
                out.append(action)
    roughs = tuple(rough_actions(state, seat, profile)) if rough else ()
    return tuple(out), roughs, _pass_list(seat, full, profile.acted if kind == "attack" else None)


def rough_actions(state: State, seat: str, seen: Profile | None = None) -> list[Action]:
    """Every rough play open to ``seat`` (Dark only, IL 9.2); ``seen``: ``seat_profiles(state, seat)`` when
    the caller has computed it. For each rough-play half in hand (``_rough_halves``), each ready IL who may
    use it (IL 5.4.1/5.4.4/5.4.5: the bitmask of ``Team.mask``, as ``il_may_use`` for each IL), in line-up
    order, against each opposing IL (9.3)."""
    if seat != "dark":
        return []
    profile = seen if seen is not None else seat_profiles(state, seat)
    team, ready = profile.team, profile.ready
    targets = tuple(state["teams"][other(seat)])
    out: list[Action] = []
    halves = _rough_halves(state["cards"])
    for card in state["hands"][seat]:
        for side in halves[card]:
            for il in team.members(team.mask(card, side) & ready):
                out += _rough_list(seat, card, side, il, targets)
    return out


class _RoughHalves(Data):
    """card -> the sides of the card that are rough plays (IL 9.1), read once per card."""

    def __init__(self, cards: Data) -> None:
        super().__init__()
        self.cards = cards

    def __missing__(self, card: str) -> tuple[str, ...]:
        attributes = self.cards[card]["attributes"]
        found = self[card] = tuple(s for s in ("upper", "lower") if attributes[s].get("rough_play"))
        return found


def _rough_halves(cards: Data) -> _RoughHalves:
    """The ``_RoughHalves`` of the card table ``cards`` (made once per table content, ``state.derived``)."""
    table = derived(cards)
    found = table.get("rough_play")
    if found is None:
        found = table["rough_play"] = _RoughHalves(table.cards)
    return found


@lru_cache(maxsize=4096)
def _rough_list(seat: str, card: str, side: str, il: str, targets: tuple[str, ...]) -> tuple[Rough, ...]:
    return tuple(map(partial(cached, Rough, seat, card, side, il), targets))  # shared instances


def do_declare(state: State, action: Declare, events: list[Event]) -> None:
    kind = state["pending"]["kind"]
    if kind not in ("attack", "defence") or action.mode != kind:
        raise IllegalAction("wrong_mode", f"now is the {kind} step, not {action.mode}", "6.1/7.1")
    check_stack(state, action.seat, action.mode, action.halves)  # validates the stack
    state["pending"] = {
        "kind": "assign",
        "seat": action.seat,
        "mode": action.mode,
        "halves": [list(h) for h in action.halves],
        "back": state["pending"],
    }
    events.append(
        Event(
            "declared",
            "5.2",
            {"seat": action.seat, "mode": action.mode, "halves": [list(h) for h in action.halves]},
            to=(action.seat,),
        )
    )


def do_add_half(state: State, action: AddHalf, events: list[Event]) -> None:
    """Grow the declared stack by one half (validated as a whole, IL 5.2–5.4.7)."""
    pending = state["pending"]
    halves = (*(tuple(h) for h in pending["halves"]), (action.card, action.side))
    if any(card == action.card for card, _ in halves[:-1]):
        raise IllegalAction("half_twice", "a card is used for one half only", "5.2")
    check_stack(state, action.seat, pending["mode"], halves)
    pending = state["pending"] = {**pending, "halves": [list(h) for h in halves]}  # replaced (copy_state)
    events.append(
        Event(
            "declared",
            "5.2",
            {"seat": action.seat, "mode": pending["mode"], "halves": pending["halves"]},
            to=(action.seat,),
        )
    )


def do_cancel(state: State, action: Cancel, events: list[Event]) -> None:
    state["pending"] = state["pending"]["back"]
    events.append(Event("declaration_withdrawn", "5.2", {"seat": action.seat}))


def _use(
    state: State, seat: str, halves: list[Any], ils: tuple[str, ...], mode: str, events: list[Event]
) -> tuple[Data, list[Data]]:
    """Roll and compute AP or DP (IL 6.2–6.4 / 7.2–7.4); discard the cards (5.5); the ILs act (6.7/7.7).
    Returns the use (public data, as the log shows it) and the users' growth checks (6.8/7.8/11.4)."""
    value_key = "attack" if mode == "attack" else "defence"
    hs = [half_of(state, c, s) for c, s in halves]
    persons = stack_persons(state, halves)
    penalties = [state["ils"][il]["penalty"] for il in ils]
    modifier = rules.penalty_modifier(penalties, persons)
    value = sum([h[value_key] or 0 for h in hs])
    dice, counter = roll(state, 2)
    points = rules.attack_points(value, dice, modifier)
    discard_cards(state, seat, [c for c, _ in halves])
    for il in ils:
        set_il(state, il, acted=True)
    clause = "6.2/6.3/6.4" if mode == "attack" else "7.2/7.3/7.4"
    data = {
        "seat": seat,
        "halves": halves,
        "techniques": [h["name"] for h in hs],
        "ils": list(ils),
        f"{value_key}_value": value,
        "dice": dice,
        "counter": counter,
        "penalties": penalties,
        "persons": persons,
        "modifier": modifier,
        "ap" if mode == "attack" else "dp": points,
        "failed": rules.points_failed(mode, points),
    }
    events.append(Event(mode, clause, data))
    used = {
        "points": points,
        "halves": halves,
        "ils": list(ils),
        "moves_attack_right": any([h.get("moves_attack_right") for h in hs]),
        "instructions": defence_instructions(state, halves),
    }
    return used, _growth_checks(state, seat, ils, sum([h.get("growth_bonus") or 0 for h in hs]))


def _growth_checks(state: State, seat: str, ils: tuple[str, ...], bonus: int) -> list[Data]:
    """IL 6.8/7.8/11.4: the technique's growth bonus, one check per user who can grow (11.7); the using seat
    may split each (11.6)."""
    if not bonus:
        return []
    checks = []
    for il in ils:
        growth_value = attrs(state, il)["growth"]
        if rules.can_grow(growth_value):
            checks.append(
                growth_check(il, seat, growth_value + bonus, "6.8/7.8/11.4", growth=growth_value, bonus=bonus)
            )
    return checks


INSTRUCTION_ORDER = ("attack_right", "reset", "counter")  # IL 8.6.1–8.6.3, the order they are listed in


def defence_instructions(state: State, halves: list[Any]) -> list[str]:
    """IL 8.6: the instructions a defending stack carries, each once, in the order of 8.6.1–8.6.3. A lower-half
    ディフェンス/ブロック carries the attack-right change whatever else it says (8.6.4, "always"); any other
    half its ``on_defence``. More than one: the defender chooses (``instruction_actions``); none: 6.9/7.9."""
    found = set()
    for card, side in halves:
        half = half_of(state, card, side)
        if side == "lower" and half["name"] in rules.DEFENCE_HALF_NAMES:
            found.add("attack_right")
        elif half.get("on_defence"):
            found.add(half["on_defence"])
    return [how for how in INSTRUCTION_ORDER if how in found]


def do_assign(state: State, action: Assign, events: list[Event]) -> Then:
    """IL 5.3–5.5, 6.2–6.4/7.2–7.4: the chosen ILs use the declared stack; then their growth checks (11.4) and
    the attack or the defence is over (``after_attack``/``after_defence`` carry on)."""
    pending = state["pending"]
    halves = [tuple(h) for h in pending["halves"]]
    users, persons = il_users(state, action.seat, pending["mode"], tuple(halves))
    if not is_user_set(tuple(action.ils), users, persons):
        persons = stack_persons(state, tuple(halves))
        raise IllegalAction(
            "bad_users",
            f"ILs {list(action.ils)} cannot use these techniques together "
            f"({persons} ready IL(s) meeting every half needed)",
            "5.3/5.4.3/5.4.6",
        )
    seat, mode = action.seat, pending["mode"]
    used, checks = _use(state, seat, pending["halves"], action.ils, mode, events)
    if mode == "attack":
        return "growth", {"checks": checks, "then": "attack", "resume": {"seat": seat, "attack": used}}
    resume = {"seat": seat, "attack": pending["back"]["attack"], "defence": used}
    return "growth", {"checks": checks, "then": "defence", "resume": resume}


def after_attack(state: State, events: list[Event], resume: Data) -> Then:
    """After an attack and its growth checks: a failed attack moves the attack right and the exchange is over
    (6.5), otherwise the other team defends (7.1). ``resume = {"seat": attacker, "attack": the use}``."""
    seat, used = resume["seat"], resume["attack"]
    if rules.attack_failed(used["points"]):
        events.append(Event("attack_failed", "6.5", {"seat": seat, "ap": used["points"]}))
        state["match"]["attacker"] = other(seat)
        return "exchange", None
    state["pending"] = {"kind": "defence", "seat": other(seat), "attack": used}
    return None


# IL 6.6.1–6.6.4 (attack) and 7.6.1–7.6.3 (defence): the clause of each pass option
PASS_CLAUSES = {
    "attack": {"draw": "6.6.1", "refresh": "6.6.2", "ready": "6.6.3", "none": "6.6.4"},
    "defence": {"draw": "7.6.1", "refresh": "7.6.2", "none": "7.6.3"},
}


def do_pass(state: State, action: Pass, events: list[Event]) -> Then:
    kind = state["pending"]["kind"]
    if not _pass_open(state, action, kind):
        raise IllegalAction(
            "bad_pass",
            f"pass option {action.option!r} {list(action.ils)} is not open now",
            "6.6" if kind == "attack" else "7.6",
        )
    seat = action.seat
    clause = PASS_CLAUSES[kind][action.option]
    events.append(Event("pass", clause, {"seat": seat, "option": action.option, "ils": list(action.ils)}))
    if action.option == "refresh":
        state["pending"] = {"kind": "discard", "seat": seat, "purpose": kind, "back": state["pending"]}
        return None
    if action.option == "draw":
        draw_to_limit(state, seat, events, clause)
    for il in action.ils:
        set_il(state, il, acted=False)
    return finish_pass(state, events, kind)


def finish_pass(state: State, events: list[Event], kind: str) -> Then:
    """After a pass: in attack the attack right moves (6.6); in defence the defence fails (7.6, 8.4)."""
    if kind == "attack":
        state["match"]["attacker"] = other(state["match"]["attacker"])
        events.append(Event("attack_right", "6.6", {"to": state["match"]["attacker"]}))
        state["pending"] = {"kind": "attack", "seat": state["match"]["attacker"]}
        return None
    pending = state["pending"]  # the defence is over without a defence (7.6): 8.4
    return "defence", {"seat": pending["seat"], "attack": pending["attack"], "defence": None}


def do_discard_refill(state: State, action: Action, events: list[Event]) -> Then:
    """IL 6.6.2/7.6.2: discard any number of cards, then draw to the limit."""
    pending = state["pending"]
    seat = action.seat
    if isinstance(action, Discard):
        if action.card not in state["hands"][seat]:
            raise IllegalAction("not_in_hand", f"card {action.card} is not in your hand", "6.6.2")
        discard_cards(state, seat, [action.card])
        events.append(
            Event(
                "discard",
                "6.6.2/7.6.2",
                {"seat": seat, "card": action.card, "name": state["cards"][action.card]["name"]},
            )
        )
        return None
    draw_to_limit(state, seat, events, "6.6.2" if pending["purpose"] == "attack" else "7.6.2")
    state["pending"] = pending["back"]
    return finish_pass(state, events, pending["purpose"])

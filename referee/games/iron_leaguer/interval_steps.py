"""IL 14–21: interval steps 4–7 — card replenishment and the deck change (14), newcomers (15), actions by
scene (16–20: practice, training, scouting, persuasion) and departure with the refill to 11 (21).

As in interval.py, a step's ``enter`` and its decisions' handlers return what follows them to the flow (flow.py,
``state.Then``): None while a decision waits, ``("interval", None)`` once the step is over; an action returns
its growth checks (training, persuasion; IL 11.6), then ``("action", {"seat": seat})``: that action is over
(``next_action_turn``, 16.3). This module imports no other step module.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.listing import Combinations, Counted, Listing, Permutations, Product, Singles
from referee.engine.protocol import Data, State

from . import rules
from .actions import Discard, Made, Persuade, Practice, Recruit, Refill, Release, Scout, Training, cached, per_seat
from .state import (
    Then,
    attrs,
    derived,
    discard_cards,
    draw_tech,
    draw_to_limit,
    growth_check,
    in_order,
    join,
    make_stray,
    name,
    other,
    put,
    roll,
    set_il,
)

# ---- step 4: replenishment (IL 14) ----


def enter_replenish(state: State, events: list[Event]) -> Then:
    """IL 14.4/14.5 at scenes 6 and 12: every hand discarded, the next period's deck, draw to the limit.
    Otherwise IL 14.1–14.3: each team (winners first) may discard, draws to the limit, then discards down."""
    iv = state["interval"]
    if state["scene"] in (6, 12):
        tech = state["tech"] = {**state["tech"], "decks": state["tech"]["decks"].copy()}  # replaced (copy_state)
        old = str(tech["period"])
        for seat in (iv["winner"], iv["loser"]):
            tech["out"] = tech["out"] + state["hands"][seat]  # replaced, not extended (copy_state)
            put(state, "hands", seat, [])
        tech["out"] = tech["out"] + tech["decks"][old] + tech["discard"]
        tech["decks"][old], tech["discard"] = [], []
        tech["period"] += 1
        events.append(
            Event("deck_change", "14.4/14.5", {"from_period": int(old), "to_period": tech["period"]})
        )
        for seat in (iv["winner"], iv["loser"]):
            draw_to_limit(state, seat, events, "14.5")
        return "interval", None
    state["pending"] = {"kind": "replenish", "seat": iv["winner"], "refilled": False}
    return None


def replenish_actions(state: State, seat: str) -> list[Action]:
    out: list[Action] = list(map(_DISCARDS[seat].__getitem__, state["hands"][seat]))
    return out if state["pending"]["refilled"] else out + [cached(Refill, seat)]


def do_replenish(state: State, action: Action, events: list[Event]) -> Then:
    pending, seat = state["pending"], action.seat
    limit = rules.hand_limit(state["scene"])
    if isinstance(action, Discard):
        if action.card not in state["hands"][seat]:
            raise IllegalAction("not_in_hand", f"card {action.card} is not in your hand", "14.2")
        discard_cards(state, seat, [action.card])
        events.append(
            Event(
                "discard",
                "14.3" if pending["refilled"] else "14.2",
                {"seat": seat, "card": action.card, "name": name(state, action.card)},
            )
        )
    elif pending["refilled"]:
        raise IllegalAction("over_limit", f"discard down to {limit} cards first", "14.3")
    else:
        draw_to_limit(state, seat, events, "14.1")
        pending = state["pending"] = {**pending, "refilled": True}  # replaced (copy_state)
    if pending["refilled"] and len(state["hands"][seat]) <= limit:
        if seat == state["interval"]["winner"]:
            state["pending"] = {"kind": "replenish", "seat": other(seat), "refilled": False}
        else:
            return "interval", None  # both teams have replenished: the step is over
    return None


# ---- step 5: newcomers (IL 15) and releasing above 11 (15.4, 19.6) ----


def enter_newcomers(state: State, events: list[Event]) -> Then:
    """IL 15.1–15.3: three IL cards turned up; Dark leaguers join Dark, stray leaguers become strays. An
    exhausted IL deck gives fewer (our reading: it is not rebuilt)."""
    for _ in range(3):
        if not state["il_deck"]:
            events.append(Event("il_deck_empty", "15.1", {}))
            break
        il, state["il_deck"] = state["il_deck"][-1], state["il_deck"][:-1]  # replaced (copy_state)
        aff = attrs(state, il)["affiliation"]
        if aff == "dark_leaguer":
            join(state, "dark", il)
        else:
            state["strays"] = [*state["strays"], il]
        events.append(
            Event(
                "newcomer",
                "15.2/15.3",
                {
                    "il": il,
                    "name": name(state, il),
                    "affiliation": aff,
                    "joins": "dark" if aff == "dark_leaguer" else "strays",
                },
            )
        )
    return None if _need_release(state, "dark", "newcomers") else ("interval", None)


def _need_release(state: State, seat: str, then: str) -> bool:
    """IL 15.4/19.6: above 11, ``seat`` releases one IL (decision ``release``); ``then``: the step it belongs
    to, ``"newcomers"`` or ``"actions"``."""
    if len(state["teams"][seat]) > rules.TEAM_SIZE:
        state["pending"] = {"kind": "release", "seat": seat, "then": then}
        return True
    return False


def release_actions(state: State, seat: str) -> list[Action]:
    return list(map(_RELEASES[seat].__getitem__, state["teams"][seat]))


def do_release(state: State, action: Release, events: list[Event]) -> Then:
    if action.il not in state["teams"][action.seat]:
        raise IllegalAction("not_a_member", f"IL {action.il} is not in your team", "15.4/19.6")
    make_stray(state, action.il)
    events.append(
        Event("released", "15.4/19.6", {"seat": action.seat, "il": action.il, "name": name(state, action.il)})
    )
    then = state["pending"]["then"]
    if _need_release(state, action.seat, then):
        return None
    if then == "newcomers":
        return "interval", None
    return "action", {"seat": action.seat}


# ---- step 6: actions (IL 16–20) ----


def enter_actions(state: State, events: list[Event]) -> Then:
    """IL 16.1/16.3: the scene's number of actions per team, alternately, the winners first."""
    iv = state["interval"]
    n = rules.interval_actions(state["scene"])
    iv["actions_left"] = {iv["winner"]: n, iv["loser"]: n}
    state["pending"] = {"kind": "action", "seat": iv["winner"]}
    return None


def next_action_turn(state: State, events: list[Event], resume: Data) -> Then:
    """IL 16.3: after an action of ``resume["seat"]`` (and its growth checks), the other team acts next while
    it has actions left, else this one; then the step is over."""
    seat = resume["seat"]
    left = state["interval"]["actions_left"]
    for nxt in (other(seat), seat):
        if left[nxt] > 0:
            state["pending"] = {"kind": "action", "seat": nxt}
            return None
    return "interval", None


def _scout_targets(state: State, seat: str) -> list[str]:
    """IL 19.4/19.5: who each side may scout among the strays."""
    out = []
    for il in state["strays"]:
        a, n = attrs(state, il), name(state, il)
        if seat == "silver":
            banned = (
                a["affiliation"] == "dark_starter"
                or a["growth"] is None
                or n in rules.SCOUT_BANNED_FOR_SILVER
            )
        else:
            banned = a["affiliation"] == "silver_starter" or n in rules.SCOUT_BANNED_FOR_DARK
        if not banned:
            out.append(il)
    return out


def _growers(state: State, seat: str) -> list[str]:
    return [il for il in state["teams"][seat] if rules.can_grow(attrs(state, il)["growth"])]


def training_allocs(state: State, seat: str) -> tuple[tuple[tuple[str, int], ...], ...]:
    """IL 18.3: +3 to one IL, +1/+2 to two, +1 to three (ILs who can grow, 11.7)."""
    return _allocs(tuple(_growers(state, seat)))


@lru_cache(maxsize=512)
def _allocs(ils: tuple[str, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    ones, twos = [(il, 1) for il in ils], [(il, 2) for il in ils]  # each pair part built once
    out: list[tuple[tuple[str, int], ...]] = [((il, 3),) for il in ils]
    out += [(ones[a], twos[b]) for a, b in permutations(range(len(ils)), 2)]
    out += combinations(ones, 3)
    return tuple(out)


def _valid_alloc(alloc: tuple[Any, ...], growers: list[str]) -> bool:
    """``alloc in training_allocs(...)`` without listing them (IL 18.3): ``((il, 3),)``, ``((a, 1), (b, 2))``
    with a ≠ b, or ``((a, 1), (b, 1), (c, 1))`` in line-up order; every IL one of ``growers``."""
    try:
        ils = [il for il, _ in alloc]
        points = [p for _, p in alloc]
    except (TypeError, ValueError):
        return False
    if not all(il in growers for il in ils) or len(set(ils)) != len(ils):
        return False
    return points == [3] or points == [1, 2] or (points == [1, 1, 1] and in_order(ils, growers))


def _training_of(seat: str) -> Callable[[tuple[str, ...]], Training]:
    def build(ils: tuple[str, ...]) -> Training:
        if len(ils) == 1:
            return Training(seat, ((ils[0], 3),))
        if len(ils) == 2:
            return Training(seat, ((ils[0], 1), (ils[1], 2)))
        return Training(seat, ((ils[0], 1), (ils[1], 1), (ils[2], 1)))

    return build


_TRAINING = {seat: Made(_training_of(seat)) for seat in ("silver", "dark")}
_PERSUADE = Made(lambda pair: Persuade("silver", *pair))
_DISCARDS = per_seat(Discard)  # seat -> {card: Discard}
_RELEASES = per_seat(Release)  # seat -> {il: Release}
_SCOUTS = per_seat(Scout)  # seat -> {il: Scout}


@lru_cache(maxsize=512)
def _training_actions(seat: str, ils: tuple[str, ...]) -> tuple[Counted, Counted, Counted]:
    """The parts of a ``Training`` list for every ``_allocs(ils)``, in that order (+3 each; +1/+2 each ordered
    pair; +1 each three in line-up order), counted, not made (``referee.engine.listing``): a random bot makes
    one of its few hundred actions, a person's view all of them once."""
    made = _TRAINING[seat]
    return (
        Singles(Training, ils, made),
        Permutations(Training, ils, made),
        Combinations(Training, ils, 3, made),
    )


@lru_cache(maxsize=512)
def _persuade_actions(persuaders: tuple[str, ...], targets: tuple[str, ...]) -> Product:
    """A ``Persuade`` for each persuader with each target (IL 20.2–20.4), counted, not made."""
    return Product(Persuade, persuaders, targets, _PERSUADE)


def _persuasion_targets(state: State) -> list[str]:
    return [
        il for il in state["teams"]["dark"] + state["strays"] if rules.can_grow(attrs(state, il)["growth"])
    ]


def action_actions(state: State, seat: str) -> Listing:
    """IL 16–20: practice, training (18.3), scouting (19.1/19.4/19.5) and, for Silver, persuasion (20.2–20.4),
    as a ``Listing`` (immutable; the training and persuasion parts counted, not made: a few hundred actions
    of which a bot makes one). The list depends only on the card table, the line-ups and the strays (never on
    hearts: a growth check may fail, 11.2), so it is remembered by them: an interval's actions mostly meet the
    same teams again."""
    teams, cards = state["teams"], state["cards"]
    key = (seat, tuple(teams[seat]), tuple(state["strays"]), tuple(teams["dark"]) if seat == "silver" else ())
    table = derived(cards)  # {line-ups and strays: the action list's parts}, per table content
    lists = table.get("interval_steps")
    if lists is None:
        lists = table["interval_steps"] = {}
    found = lists.get(key)
    if found is None:
        if len(lists) >= 1024:
            lists.clear()
        training = _training_actions(seat, tuple(_growers(state, seat)))  # actions are immutable: shared
        scouts = tuple(map(_SCOUTS[seat].__getitem__, _scout_targets(state, seat)))
        persuasions = (
            _persuade_actions(tuple(teams["silver"]), tuple(_persuasion_targets(state))) if seat == "silver" else ()
        )
        found = lists[key] = Listing(((cached(Practice, seat),), *training, scouts, persuasions))
    return found


def do_action(state: State, action: Action, events: list[Event]) -> Then:
    """One interval action; each counts even when its check fails (19.3, 20.6). The growth checks of training
    and persuasion may be split (11.6): the next turn follows the last of them (``next_action_turn``)."""
    seat = action.seat
    checks: list[Data] = []
    if isinstance(action, Practice):  # IL 17
        draw_tech(state, seat, 1, events, "17.2/17.3")
    elif isinstance(action, Training):  # IL 18
        if not _valid_alloc(action.alloc, _growers(state, seat)):
            raise IllegalAction(
                "bad_training",
                "training gives 3 points to 1–3 of your ILs who can grow (+3, +1/+2 or +1/+1/+1)",
                "18.2/18.3",
            )
        for il, points in action.alloc:
            growth_value = attrs(state, il)["growth"]
            checks.append(
                growth_check(il, seat, growth_value + points, "18.4", growth=growth_value, bonus=points)
            )
    elif isinstance(action, Scout):
        _scout(state, action, events)
    elif isinstance(action, Persuade):
        checks.append(_persuasion_check(state, action))
    state["interval"]["actions_left"][seat] -= 1
    if isinstance(action, Scout) and _need_release(state, seat, "actions"):
        return None
    return "growth", {"checks": checks, "then": "action", "resume": {"seat": seat}}


def _scout(state: State, action: Scout, events: list[Event]) -> None:
    """IL 19.2: Silver 1d6 ≤ heart×2; Dark 1d6 ≤ max(skill, body) − heart."""
    if action.target not in _scout_targets(state, action.seat):
        raise IllegalAction(
            "bad_scout_target", f"IL {action.target} is not a stray your side may scout", "19.1/19.4/19.5"
        )
    a, heart = attrs(state, action.target), state["ils"][action.target]["heart"]
    (die,), counter = roll(state, 1)
    if action.seat == "silver":
        ok, clause, need = rules.silver_scout_succeeds(heart, die), "19.2.1", heart * 2
    else:
        ok, clause = rules.dark_scout_succeeds(heart, a["skill"], a["body"], die), "19.2.2"
        need = max(a["skill"], a["body"]) - heart
    if ok:
        join(state, action.seat, action.target)
    events.append(
        Event(
            "scout",
            clause,
            {
                "seat": action.seat,
                "target": action.target,
                "name": name(state, action.target),
                "heart": heart,
                "skill": a["skill"],
                "body": a["body"],
                "needed": need,
                "die": die,
                "counter": counter,
                "success": ok,
            },
        )
    )


def _persuasion_check(state: State, action: Persuade) -> Data:
    """IL 20.3–20.6: the target's growth check with its growth + (persuader heart − target heart); Silver makes
    it, so Silver chooses its split (11.6, ``state.growth_check``). IllegalAction before anything changes."""
    if action.seat != "silver":
        raise IllegalAction("dark_persuasion", "only Silver persuades", "20.1")
    if action.persuader not in state["teams"]["silver"] or action.target not in _persuasion_targets(state):
        raise IllegalAction(
            "bad_persuasion",
            f"{action.persuader} must be a Silver IL and {action.target} a Dark member or stray who can grow",
            "20.2–20.4/11.7",
        )
    ph, th = state["ils"][action.persuader]["heart"], state["ils"][action.target]["heart"]
    growth_value = attrs(state, action.target)["growth"]
    value = rules.persuasion_growth_value(ph, th, growth_value)
    return growth_check(
        action.target,
        action.seat,
        value,
        "20.5/20.6",
        persuader=action.persuader,
        persuader_heart=ph,
        target_heart=th,
        growth=growth_value,
    )


# ---- step 7: departure (IL 21) ----


def _departure_exempt(state: State, il: str) -> bool:
    a = attrs(state, il)
    return (
        a["affiliation"] == "dark_starter" or a["growth"] is None or name(state, il) in rules.DEPARTURE_EXEMPT
    )


def departure_scene(scene: int) -> bool:
    """IL 21.1: Dark makes departure checks in scenes 2–10 only; the refill to 11 (21.8) follows them, so it
    too is made in those scenes only."""
    return 2 <= scene <= 10


def enter_departure(state: State, events: list[Event]) -> Then:
    """IL 21.1–21.7 in scenes 2–10; then IL 21.8, after the checks (so in those scenes only), the refill to 11
    (our reading: whatever took Dark below 11, a departure or a forced retirement)."""
    if departure_scene(state["scene"]):
        rough = state["results"][-1]["rough_plays"]
        for il in list(state["teams"]["dark"]):
            if _departure_exempt(state, il):
                continue
            heart = state["ils"][il]["heart"]
            value = rules.departure_value(rough, heart, name(state, il))
            dice, counter = roll(state, 2)
            leaves = rules.departs(value, dice)
            if leaves:
                make_stray(state, il)
            events.append(
                Event(
                    "departure",
                    "21.2/21.3/21.4/21.7",
                    {
                        "il": il,
                        "name": name(state, il),
                        "rough_plays": rough,
                        "heart": heart,
                        "value": value,
                        "dice": dice,
                        "counter": counter,
                        "leaves": leaves,
                    },
                )
            )
        if _need_recruit(state):
            return None
    return "interval", None


def _recruits(state: State) -> list[str]:
    return [il for il in state["strays"] if attrs(state, il)["affiliation"] == "dark_leaguer"]


def _need_recruit(state: State) -> bool:
    if len(state["teams"]["dark"]) < rules.TEAM_SIZE and _recruits(state):
        state["pending"] = {"kind": "recruit", "seat": "dark"}
        return True
    return False


def recruit_actions(state: State, seat: str) -> list[Action]:
    return [Recruit(seat, il) for il in _recruits(state)]


def do_recruit(state: State, action: Recruit, events: list[Event]) -> Then:
    """IL 21.8: a stray Dark leaguer joins Dark with heart 0."""
    if action.il not in _recruits(state):
        raise IllegalAction("bad_recruit", f"IL {action.il} is not a stray Dark leaguer", "21.8")
    join(state, "dark", action.il)
    set_il(state, action.il, heart=0)
    events.append(Event("recruited", "21.8", {"il": action.il, "name": name(state, action.il), "heart": 0}))
    return None if _need_recruit(state) else ("interval", None)

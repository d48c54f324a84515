"""The greedy bot's judgement: ``greedy_score(state, action) -> float``, higher is better (only compared between
the legal actions of one decision; ``referee.engine.bots.make_greedy_bot`` picks the best, ties at random).

It plays sensibly rather than well: lays real missions it can achieve, places strong characters where they
work (operation areas beside a mission of their faction, battle areas otherwise), transforms upward, carries
out missions, attacks missions it can hurt and characters it can destroy, investigates face-down missions,
blocks when the block survives or kills, aims harm at the opponent and help at itself, and ends phases last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.actions import Action
from referee.engine.protocol import State

from . import characters as chars_mod
from . import combat, missions
from .actions import (
    AcceptDeclaration,
    AcceptDestruction,
    Attack,
    Block,
    Choose,
    Declare,
    DeclineDeclaration,
    Discard,
    DisputeDeclaration,
    EndOpening,
    EndPhase,
    Execute,
    Investigate,
    KeepHand,
    Move,
    Mulligan,
    NoBlock,
    PlaceCharacter,
    PlaceMission,
    PlayAction,
    ReturnInstead,
    StrikeBack,
    Transform,
    Untransform,
)
from .state import attrs, find, kind, located, other, owner

HOSTILE = ("damage", "to_hand", "no_move", "reveal", "look", "set_acted")


def _value(state: State, card_id: str) -> float:
    a = attrs(state, card_id)
    value: float = a.get("attack", 0) + a.get("defence", 0) + a.get("operation", 0)
    return value + (4 if kind(state, card_id) == "mission" else 0)


def _mission(state: State, a: PlaceMission) -> float:
    if kind(state, a.card) == "mission" and not a.bluff:
        answer: float = 12 - attrs(state, a.card).get("required_operation", 0) / 2
        return answer
    return 2 - _value(state, a.card) / 10 if a.bluff else -5


def _character(state: State, a: PlaceCharacter) -> float:
    at = attrs(state, a.card)
    score = 8 + at.get("attack", 0) / 2 + at.get("operation", 0) / 2
    if a.field == "operation":
        mission = state["players"][a.seat]["missions"][a.area - 1]
        if mission is not None and not mission["bluff"] and missions.faction_fits(state, a.card, mission["card"]):
            score += 2 * at.get("operation", 0)
        else:
            score -= 3
    elif a.field == "battle":
        score += at.get("attack", 0)
    answer: float = score
    return answer


def _attack(state: State, a: Attack) -> float:
    attackers = [located(state, c)[3] for c in a.attackers]
    power = sum(chars_mod.attack(state, a.seat, c) for c in attackers)
    if a.target.startswith("mission:"):
        area = int(a.target.split(":")[1])
        mission = state["players"][other(a.seat)]["missions"][area - 1]
        left = attrs(state, mission["card"]).get("defence", 0) - mission["damage"]
        return 40 if power >= left else 20 + power
    foe = located(state, a.target)[3]
    power = sum(chars_mod.attack(state, a.seat, c, against=foe) for c in attackers)
    kills = power >= chars_mod.defence(state, foe) - foe["damage"]
    back = chars_mod.attack(state, other(a.seat), foe)
    dies = back >= chars_mod.defence(state, attackers[0]) - attackers[0]["damage"]
    if kills:
        return 25 + _value(state, foe["stack"][-1]) - (5 if dies else 0)
    return -10 if dies else 1


def _block(state: State, a: Block) -> float:
    fight = state["combat"]
    me = located(state, a.card)[3]
    attackers = [found[3] for c in fight["attackers"] if (found := find(state, c))]
    hit = sum(chars_mod.attack(state, other(a.seat), c, against=me) for c in attackers)
    survives = hit < chars_mod.defence(state, me) - me["damage"]
    kills = bool(attackers) and chars_mod.attack(state, a.seat, me) >= \
        chars_mod.defence(state, attackers[0]) - attackers[0]["damage"]
    return 10 + hit if survives or kills else -3


def _choose(state: State, a: Choose) -> float:
    pending = state["pending"]
    if a.option == "done":
        return -1
    ref = a.option.split("@")[0].split(">")[0]
    hostile = pending.get("effect") in HOSTILE
    if ref.startswith(("p1:", "p2:")):
        mine = ref.startswith(a.seat)
    elif ref.startswith("area:"):
        return 1
    elif ref in state["cards"]:
        mine = owner(state, ref) == a.seat
    else:
        return 0
    if pending.get("effect") == "to_hand" and ref in state["cards"] and find(state, ref) is None:
        return _value(state, ref)  # a card of a graveyard back to the hand
    return (5 if hostile != mine else -5) + (_value(state, ref) / 10 if ref in state["cards"] else 0)


def _execute(state: State, a: Execute) -> float:
    _, _, area, char = located(state, a.character)
    mission = state["players"][a.seat]["missions"][area - 1]
    power = chars_mod.operation(state, char)
    done = mission["operation"] + power >= missions.required(state, a.seat, area)
    return 18 + power + (12 if done else 0)


def _move(state: State, a: Move) -> float:
    char = located(state, a.character)[3]
    if a.field == "battle":
        return 2 + chars_mod.attack(state, a.seat, char) / 2 if combat.targets(state, a.seat, a.area, char) else 0.5
    if a.field == "operation":
        mission = state["players"][a.seat]["missions"][a.area - 1]
        fits = mission is not None and not mission["bluff"] and missions.faction_fits(state, char["stack"][-1],
                                                                                         mission["card"])
        return 1 + chars_mod.operation(state, char) if fits else -1
    return -1


_SCORES: dict[type[Action], Callable[[State, Any], float]] = {
    Mulligan: lambda s, a: 1 if not any(kind(s, c) == "mission" for c in s["players"][a.seat]["hand"]) else -1,
    KeepHand: lambda s, a: 0,
    PlaceMission: _mission,
    EndOpening: lambda s, a: -2,
    PlaceCharacter: _character,
    Transform: lambda s, a: 15 + attrs(s, a.card).get("attack", 0),
    Untransform: lambda s, a: -10,
    Move: _move,
    Attack: _attack,
    Execute: _execute,
    Investigate: lambda s, a: 12,
    PlayAction: lambda s, a: 6,
    EndPhase: lambda s, a: 0,
    Block: _block,
    NoBlock: lambda s, a: 0,
    StrikeBack: lambda s, a: chars_mod.attack(s, other(a.seat), located(s, a.card)[3]) if find(s, a.card) else 0,
    Choose: _choose,
    ReturnInstead: lambda s, a: 5,
    AcceptDestruction: lambda s, a: 0,
    Declare: lambda s, a: 1,
    DeclineDeclaration: lambda s, a: 0,
    AcceptDeclaration: lambda s, a: 1,
    DisputeDeclaration: lambda s, a: 0,
    Discard: lambda s, a: -_value(s, a.card),
}


def greedy_score(state: State, action: Action) -> float:
    """A number for ``action`` in ``state``."""
    score = _SCORES.get(type(action))
    return score(state, action) if score is not None else 0

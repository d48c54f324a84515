"""The greedy bot's judgement: ``greedy_score(state, action) -> float``, higher is better (only compared between
the legal actions of one decision; ``referee.engine.bots.make_greedy_bot`` picks the best, ties at random).

It plays sensibly rather than well: spends its MP on the most expensive card it can (lords and arts first),
places minions and plays standby cards, attacks the master when nothing better is on offer and takes trades it
wins, blocks when the block survives or kills (or when the hit would leave it near death), aims damage at the
opponent's strongest unit and bonuses at its own, keeps its best standby cards, and ends the turn last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.actions import Action
from referee.engine.protocol import Data, State

from . import field
from .actions import (
    Attack,
    Block,
    CardChange,
    Choose,
    Deploy,
    EndTurn,
    Keep,
    Move,
    NoBlock,
    NoCardChange,
    RemoveStandby,
    Unlock,
)
from .state import attrs, find_unit, is_master, owner

HOSTILE = ("damage", "fatigue", "no_attack", "break", "send", "move_unit", "master_attack", "remove_standby")


def _value(state: State, card_id: str) -> float:
    a = attrs(state, card_id)
    answer: float = a.get("atk", 0) + a.get("hp", 0) + a.get("unlock_cost", 0)
    return answer


def _unit_or_none(state: State, ref: str) -> Data | None:
    """The unit ``ref`` names on the field; None for a master or a card elsewhere."""
    found = None if is_master(state, ref) else find_unit(state, ref)
    return found[2] if found else None


def _unit(state: State, ref: str) -> Data:
    """The unit ``ref`` names, known to be on the field (the attackers, blockers and targets listed)."""
    found = _unit_or_none(state, ref)
    assert found is not None, ref
    return found


def _attack(state: State, a: Attack) -> float:
    me = _unit(state, a.card)
    mine = field.atk(state, me)
    my_left = field.hp(state, me) - me["damage"]
    if is_master(state, a.target):
        life = state["players"][owner(state, a.target)]["life"]
        return 60 if mine >= life else 20 + mine
    foe = _unit(state, a.target)
    kills = mine >= field.hp(state, foe) - foe["damage"]
    dies = field.atk(state, foe) >= my_left
    if kills:
        return 25 + _value(state, a.target) - (_value(state, a.card) if dies else 0)
    return -10 if dies else 2


def _block(state: State, a: Block) -> float:
    combat = state["combat"]
    me = _unit(state, a.card)
    attacker = combat["attacker"]
    found = None if is_master(state, attacker) else find_unit(state, attacker)
    foe = found[2] if found else None
    hit = combat["atk"] if combat["atk"] is not None else field.atk(state, foe) if foe else 0
    survives = hit < field.hp(state, me) - me["damage"]
    kills = foe is not None and field.atk(state, me) >= field.hp(state, foe) - foe["damage"]
    life = state["players"][a.seat]["life"]
    if survives or kills or life - hit <= 6:
        return 20 + hit
    return -5


def _choose(state: State, a: Choose) -> float:
    pending = state["pending"]
    ref = a.option.split("@")[0]
    hostile = pending.get("effect") in HOSTILE
    if ref.startswith("standby:") or ref not in state["cards"]:
        return 1
    mine = owner(state, ref) == a.seat
    if state["cards"][ref]["card_type"] == "master":
        return 8 if hostile and not mine else -20
    value = _value(state, ref)
    if _unit_or_none(state, ref) is None:  # a card in a hand or the timeline
        return value
    return (10 + value) if hostile != mine else -value


def _unlock(state: State, a: Unlock) -> float:
    a_ = attrs(state, a.card)
    cost = a_.get("unlock_cost", 0)
    kind = state["cards"][a.card]["card_type"]
    if a.then == "standby":
        standby: float = 3 + cost
        return standby
    base = {"lord": 30, "arts": 24, "minion": 12, "skill": 10}[kind]
    lane_bonus = 0.5 if a.lane == "centre" else 0
    placed: float = base + 3 * cost + a_.get("atk", 0) + lane_bonus
    return placed


def _card_change(state: State, a: CardChange) -> float:
    player = state["players"][a.seat]
    cores = player["active"] + player["fatigued"] + player["master_cores"] + 1
    return 2 if attrs(state, a.card).get("unlock_cost", 0) > cores + 2 else -1


_SCORES: dict[type[Action], Callable[[State, Any], float]] = {
    Attack: _attack,
    Block: _block,
    NoBlock: lambda state, a: 0,
    Choose: _choose,
    Unlock: _unlock,
    Deploy: lambda state, a: 14 + attrs(state, a.card).get("atk", 0),
    Move: lambda state, a: -1,
    RemoveStandby: lambda state, a: -20,
    Keep: lambda state, a: sum(_value(state, c) for c in a.cards),
    CardChange: _card_change,
    NoCardChange: lambda state, a: 0,
    EndTurn: lambda state, a: -5,
}


def greedy_score(state: State, action: Action) -> float:
    """A number for ``action`` in ``state``."""
    score = _SCORES.get(type(action))
    return score(state, action) if score is not None else 0


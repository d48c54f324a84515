"""Attacks, targets and blockers by lane, and the damage exchange (Legions: 基本構成細則 アタック, 場の構成;
spec A6, A7 keywords).

An attack is declared (the attacker fatigues, A6.2), the defender may block when the target is the leader zone
(A6.5/A6.6), then damage is exchanged (A6.7) and breaks follow (A6.8). ``state["combat"]`` holds the attack
while the block decision is pending::

    {"seat": attacking seat, "attacker": unit or master id, "pos": lane | "leader", "target": id,
     "atk": int | None (a master's card-given ATK), "impact": int, "source": card id | None}

(The attack's keyword hooks decide who may block at the declaration; the block decision's options hold the
answer, so the hooks are not kept.)
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State

from . import damage, field, triggers
from . import readings as readings_mod
from .state import LANES, LEADER, find_unit, is_master, other, placed


def target_lanes(position: str, attack_range: str = "wide") -> tuple[str, ...]:
    """A6.4 (reading ``attack_range``): the opposing lanes a unit at ``position`` may attack: the facing lane
    and, read "wide", the lanes adjacent to it (so the centre and the leader zone reach every lane)."""
    facing = field.facing(position)
    if attack_range == "facing":
        return (facing,)
    return tuple(lane for lane in LANES if lane == facing or lane in field.ADJACENT[facing])


def blocker_lane(attacker_position: str) -> str:
    """場の構成 / A6.5: the only lane whose minion may block an attack on the leader zone: the one facing the
    attacker (the leader zone stands as the centre)."""
    return field.facing(attacker_position)


def targets(state: State, seat: str, position: str, hooks: set[str], minions_only: bool = False) -> list[str]:
    """Every unit ``seat``'s attacker at ``position`` may target (A6.4): opposing minions in range, the opposing
    lord (not with cannot_target_lords) and master, from any lane. 結界 does not stop attacks."""
    reading = readings_mod.of(state)
    foe = state["players"][other(seat)]
    out = [foe["lanes"][lane]["card"] for lane in target_lanes(position, reading.attack_range)
           if foe["lanes"][lane] is not None]
    if minions_only:
        return out
    if foe["lord"] is not None and "cannot_target_lords" not in hooks:
        out.append(foe["lord"]["card"])
    out.append(foe["master"])
    return out


def blockers(state: State, seat: str, position: str, hooks: set[str], target: str) -> list[str]:
    """The defender's minions that may block (A6.5/A6.6): only for an attack on the leader zone and not by an
    unblockable attacker; the facing minion (not against 跳躍) and, reading ``teishin``, any minion with
    挺身 (guard); each must be 活性 and able to be fatigued (reading ``blocking_fatigues``)."""
    if "unblockable" in hooks:
        return []
    found = find_unit(state, target) if not is_master(state, target) else None
    if found is not None and found[1] != LEADER:
        return []  # attacks on minions cannot be blocked [INFERRED]
    defender = other(seat)
    lanes = state["players"][defender]["lanes"]
    facing = blocker_lane(position)
    out = []
    fatigue = readings_mod.of(state).blocking_fatigues
    for lane in LANES:
        unit = lanes[lane]
        if unit is None:
            continue
        unit_hooks = field.hooks(state, unit)
        if not ((lane == facing and "leap" not in hooks) or "guard" in unit_hooks):
            continue
        if fatigue and not field.may_fatigue(state, unit, unit_hooks):
            continue
        out.append(unit["card"])
    return out


def declare(state: State, seat: str, attacker: str, position: str, target: str, events: list[Event], *,
            atk: int | None = None, hooks: set[str] | None = None, impact: int = 0,
            source: str | None = None) -> None:
    """Start an attack (the attacker, a unit, is already fatigued by the caller). Sets the block decision
    pending when the defender has a blocker, else resolves at once."""
    hooks = hooks if hooks is not None else set()
    state["combat"] = {"seat": seat, "attacker": attacker, "pos": position, "target": target, "atk": atk,
                       "impact": impact, "source": source}
    events.append(Event("attack", "基本構成細則/A6.1", {"seat": seat, "attacker": attacker, "position": position,
                                                      "target": target, "atk": atk}))
    can_block = blockers(state, seat, position, hooks, target)
    if not can_block:
        resolve(state, None, events)
    elif readings_mod.of(state).block == "automatic":
        facing = state["players"][other(seat)]["lanes"][blocker_lane(position)]
        chosen = facing["card"] if facing and facing["card"] in can_block else can_block[0]
        block(state, chosen, events)
    else:
        state["pending"] = {"kind": "block", "seat": other(seat), "options": can_block}


def block(state: State, blocker: str | None, events: list[Event]) -> None:
    """The defender's answer: ``blocker`` (a minion id) takes the attack instead, fatigued by blocking; None:
    no block."""
    if blocker is not None:
        _, _, unit = placed(state, blocker)
        if readings_mod.of(state).blocking_fatigues:
            unit["fatigued"] = True
        events.append(Event("block", "場の構成/A6.5-A6.6", {"seat": other(state["combat"]["seat"]),
                                                          "blocker": blocker}))
    resolve(state, blocker, events)


def _atk_of(state: State, ref: str, given: int | None) -> int:
    if given is not None:
        return given
    if is_master(state, ref):
        return 0  # マスターカード: ATKの値を持たず
    found = find_unit(state, ref)
    return field.atk(state, found[2]) if found else 0


def resolve(state: State, blocker: str | None, events: list[Event]) -> None:
    """A6.7: attacker and defender (the target or the blocker) deal their ATK to each other (at the same time,
    reading ``simultaneous_damage``); a master attacking takes damage back only with the reading
    ``master_takes_counter_damage``. Then 衝撃N (A7) and the breaks (A6.8)."""
    combat = state["combat"]
    reading = readings_mod.of(state)
    attacker, defender = combat["attacker"], blocker or combat["target"]
    dealt = _atk_of(state, attacker, combat["atk"])
    back = _atk_of(state, defender, None)
    if is_master(state, attacker) and not reading.master_takes_counter_damage:
        back = 0
    hit = damage.deal(state, defender, dealt, events, "A6.7", by_effect=False)
    if reading.simultaneous_damage or not _broken(state, defender):
        damage.deal(state, attacker, back, events, "A6.7", by_effect=False)
    if hit > 0 and is_master(state, defender) and combat["impact"]:
        triggers.push(state, combat["seat"], combat["source"] or attacker,
                      [{"effect": "remove_standby", "n": combat["impact"], "side": "opponent"}], "A7 衝撃N",
                      front=True)
    state["combat"] = None
    damage.check_breaks(state, events)


def _broken(state: State, ref: str) -> bool:
    found = None if is_master(state, ref) else find_unit(state, ref)
    return found is not None and found[2]["damage"] >= field.hp(state, found[2])

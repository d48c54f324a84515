"""Damage and breaks (Legions: ミニオンカード, ロードカード, マスターカード; spec A6.7–A6.9, A7 効果ダメージ無効).

A minion or lord with damage at least its HP is broken at once: a minion goes to the wait zone of its WT, a lord
moves its cores onto the master and is exiled; its 《ブレイク時》 triggers are queued. Damage to a master lowers
its life (never below 0).
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State

from . import field, timeline, triggers
from . import readings as readings_mod
from .cores import change_life
from .state import LEADER, find_unit, is_master, name, other, owner, units


def deal(state: State, target: str, amount: int, events: list[Event], clause: str, by_effect: bool) -> int:
    """Deal ``amount`` damage to a unit or master ``target``; returns the damage dealt (after a shield, and 0
    for 効果ダメージ無効 against an effect)."""
    if amount <= 0:
        return 0
    if is_master(state, target):
        seat = owner(state, target)
        change_life(state, seat, -amount, events, clause, damage=amount, target=target)
        return amount
    found = find_unit(state, target)
    if found is None:
        return 0
    _, _, unit = found
    if by_effect and "no_effect_damage" in field.hooks(state, unit):
        events.append(Event("no_damage", "A7 効果ダメージ無効", {"target": target, "amount": amount}))
        return 0
    dealt = max(0, amount - unit["shield"])
    unit["damage"] += dealt
    events.append(Event("damage", clause, {"target": target, "name": name(state, target), "amount": dealt,
                                           "total": unit["damage"], "hp": field.hp(state, unit)}))
    answer: int = dealt
    return answer


def check_breaks(state: State, events: list[Event]) -> int:
    """Break every unit whose damage reaches its HP (A6.8), the turn player's first (reading
    ``turn_player_triggers_first``: their 《ブレイク時》 triggers queue first); returns how many broke."""
    first = state["turn_seat"]
    if not readings_mod.of(state).turn_player_triggers_first:
        first = other(first)
    broken = 0
    for seat in (first, other(first)):
        for pos, unit in units(state, seat):
            if unit["damage"] >= field.hp(state, unit):
                break_unit(state, seat, pos, events, "A6.8")
                broken += 1
    return broken


def break_unit(state: State, seat: str, pos: str, events: list[Event], clause: str) -> None:
    """Break the unit at ``pos``: minion -> WZ(WT); lord -> its cores onto the master, then exiled."""
    unit = field.remove_unit(state, seat, pos)
    card_id = unit["card"]
    events.append(Event("break", f"ブレイク/{clause}", {"seat": seat, "card": card_id, "name": name(state, card_id),
                                                      "position": pos}))
    if pos == LEADER:
        player = state["players"][seat]
        player["master_cores"] += unit["cores"]
        events.append(Event("lord_cores", "ロードカード/A6.8", {"seat": seat, "cores": unit["cores"],
                                                              "master_cores": player["master_cores"]}))
    timeline.leave_play(state, card_id, "broken", events, "ミニオンカード/ロードカード A6.8")
    if not unit.get("reversed"):  # a face-down unit's printed 《ブレイク時》 is not in play
        triggers.fire(state, seat, card_id, "ブレイク時", events)

"""Triggered abilities and the effect queue (Legions: A4 配置時/アンロック時, A7 《ブレイク時》, A5 turn start/end,
the units that watch minions being placed (ミニオン配置時, v1.3.0 §38-4), and A5's sequence of triggered effects).

A frame on ``state["queue"]`` is one ability waiting to resolve::

    {"seat": controller, "source": card id, "effects": [effect], "i": next effect, "picked": [chosen so far],
     "previous": [targets of the last effect], "broken": int, "clause": rule}

``effects.run`` resolves the queue first in, first out (reading ``turn_player_triggers_first``: when several
trigger at once the turn player's go first, each player's in field order).
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import readings as readings_mod
from .state import abilities, find_unit, name, other, units

CLAUSES = {
    "配置時": "A4/A7 《配置時》",
    "アンロック時": "A4/A7 《アンロック時》",
    "ブレイク時": "A7 《ブレイク時》",
    "ターン開始時": "A5 S3 ターン開始時",
    "ターン終了時": "A5 E1 ターン終了時",
    "ミニオン配置時": "A7 ミニオン配置時/§38-4",
}


def push(state: State, seat: str, source: str, effects: list[Data], clause: str, front: bool = False) -> None:
    """Queue an ability of ``source`` controlled by ``seat``."""
    frame = {"seat": seat, "source": source, "effects": effects, "i": 0, "picked": [], "previous": [],
             "broken": 0, "clause": clause}
    if front:
        state["queue"].insert(0, frame)
    else:
        state["queue"].append(frame)


def fire(state: State, seat: str, card_id: str, when: str, events: list[Event], hidden: bool = False) -> bool:
    """Queue every ``when`` trigger of ``card_id`` (controlled by ``seat``); True when one was queued.

    ``hidden``: the card is in a zone the opponent does not see (an unlock to hidden standby, reading
    ``standby_visible_to_opponent``): the public ``trigger`` event then says only whose trigger of which timing
    fired, and ``triggered``, addressed to ``seat``, names the card. Its effects resolve in public."""
    fired = False
    found = find_unit(state, card_id)
    if found is not None and found[2].get("reversed"):
        return False  # face down (リバース状態): its printed abilities are not in play
    for trigger in abilities(state, card_id).get("triggers", ()):
        if trigger["when"] == when and condition_holds(state, seat, trigger.get("if")):
            _queue(state, seat, card_id, trigger, events, hidden)
            fired = True
    return fired


def condition_holds(state: State, seat: str, condition: str | None) -> bool:
    """Whether a trigger's ``if`` condition (abilities.CONDITIONS) holds for its controller ``seat`` now; no
    condition always holds. ``life_at_most_opponent``: ``seat``'s life is at most the opponent's."""
    if condition is None:
        return True
    if condition == "life_at_most_opponent":
        players = state["players"]
        other = next(s for s in players if s != seat)
        return bool(players[seat]["life"] <= players[other]["life"])
    raise ValueError(f"unknown trigger condition {condition!r}")


def _queue(state: State, seat: str, card_id: str, trigger: Data, events: list[Event], hidden: bool = False) -> None:
    when = trigger["when"]
    push(state, seat, card_id, trigger["effects"], CLAUSES[when])
    named = {"seat": seat, "card": card_id, "name": name(state, card_id), "when": when}
    if hidden:
        events.append(Event("trigger", CLAUSES[when], {"seat": seat, "when": when}))
        events.append(Event("triggered", CLAUSES[when], named, to=(seat,)))
    else:
        events.append(Event("trigger", CLAUSES[when], named))


def minions_placed(state: State, seat: str, placed: list[str], events: list[Event]) -> None:
    """Queue the ミニオン配置時 triggers that ``placed`` (card ids of minions just placed into ``seat``'s lanes by
    one action or one effect) set off, after the placed cards' own 配置時 ones.

    Legions: ミニオン配置時 (our readings, docs/rules/legions.md): a unit on the field when the placement is over
    watches it, the placed minions included; its trigger's ``side`` (own by default) is relative to the unit's
    controller; it triggers once however many minions the one action or effect placed at once (v1.3.0 §38-4, the
    一回性の原則 as spec A5 reports it). Watchers queue as other simultaneous triggers do: the turn player's first
    (reading ``turn_player_triggers_first``), each player's in field order."""
    if not placed:
        return
    first = state["turn_seat"]
    if not readings_mod.of(state).turn_player_triggers_first:
        first = other(first)
    for watcher_seat in (first, other(first)):
        side = "own" if watcher_seat == seat else "opponent"
        for _, unit in units(state, watcher_seat):
            if unit.get("reversed"):
                continue
            for trigger in abilities(state, unit["card"]).get("triggers", ()):
                if trigger["when"] == "ミニオン配置時" and trigger.get("side", "own") in (side, "any"):
                    _queue(state, watcher_seat, unit["card"], trigger, events)

"""Triggered abilities and the effect queue (spec B3.2 eyecatch, B5.3 達成時, and characters' triggers).

A frame on ``state["queue"]`` is one ability waiting to resolve::

    {"seat": controller, "source": card id, "effects": [effect], "i": next effect, "picked": [chosen so far],
     "previous": [targets of the last effect], "attacked": card id | "", "clause": rule,
     "then"?: {"turn_sideways": [seat, area, mission card]}  (done as the frame leaves the queue: B5.3)}

``effects.run`` resolves the queue first in, first out.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import readings as readings_mod
from .state import abilities, name

CLAUSES = {
    "achieved": "ミッションカード/B5.3 達成時",
    "destroys_character": "キャラクターカード (trigger)",
    "moves_to_battle": "キャラクターカード (trigger)",
    "attacks_character": "キャラクターカード (trigger)",
    "eyecatch_a": "アイキャッチカード/B3.2 前半終了",
    "eyecatch_b": "アイキャッチカード/B3.2 後半開始",
}


def push(state: State, seat: str, source: str, effects: list[Data], clause: str, attacked: str = "",
         front: bool = False) -> None:
    """Queue an ability of ``source`` controlled by ``seat``."""
    frame = {"seat": seat, "source": source, "effects": effects, "i": 0, "picked": [], "previous": [],
             "attacked": attacked, "clause": clause}
    if front:
        state["queue"].insert(0, frame)
    else:
        state["queue"].append(frame)


def fire(state: State, seat: str, card_id: str, when: str, events: list[Event], attacked: str = "") -> bool:
    """Queue every ``when`` trigger of ``card_id`` (controlled by ``seat``); True when one was queued."""
    fired = False
    for trigger in abilities(state, card_id).get("triggers", ()):
        if trigger["when"] == when:
            push(state, seat, card_id, trigger["effects"], CLAUSES[when], attacked)
            events.append(Event("trigger", CLAUSES[when], {"seat": seat, "card": card_id,
                                                            "name": name(state, card_id), "when": when}))
            fired = True
    return fired


def eyecatch(state: State, seat: str, card_id: str, events: list[Event]) -> None:
    """B3.2: the eyecatch drawn in its owner's draw phase applies its sides (reading ``eyecatch_sides``)."""
    sides = {"both": ("eyecatch_a", "eyecatch_b"), "a": ("eyecatch_a",), "b": ("eyecatch_b",)}[
        readings_mod.of(state).eyecatch_sides]
    for side in sides:
        fire(state, seat, card_id, side, events)

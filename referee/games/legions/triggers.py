"""Triggered abilities and the effect queue (Legions: A4 配置時/アンロック時, A7 《ブレイク時》, A5 turn start/end,
and A5's sequence of triggered effects).

A frame on ``state["queue"]`` is one ability waiting to resolve::

    {"seat": controller, "source": card id, "effects": [effect], "i": next effect, "picked": [chosen so far],
     "previous": [targets of the last effect], "broken": int, "clause": rule}

``effects.run`` resolves the queue first in, first out (reading ``turn_player_triggers_first``: when several
trigger at once the turn player's go first, each player's in field order).
"""

from __future__ import annotations

from referee.engine.actions import Event

from .state import abilities, name

CLAUSES = {
    "配置時": "A4/A7 《配置時》",
    "アンロック時": "A4/A7 《アンロック時》",
    "ブレイク時": "A7 《ブレイク時》",
    "ターン開始時": "A5 S3 ターン開始時",
    "ターン終了時": "A5 E1 ターン終了時",
}


def push(state: dict, seat: str, source: str, effects: list[dict], clause: str, front: bool = False) -> None:
    """Queue an ability of ``source`` controlled by ``seat``."""
    frame = {"seat": seat, "source": source, "effects": effects, "i": 0, "picked": [], "previous": [],
             "broken": 0, "clause": clause}
    if front:
        state["queue"].insert(0, frame)
    else:
        state["queue"].append(frame)


def fire(state: dict, seat: str, card_id: str, when: str, events: list[Event], hidden: bool = False) -> bool:
    """Queue every ``when`` trigger of ``card_id`` (controlled by ``seat``); True when one was queued.

    ``hidden``: the card is in a zone the opponent does not see (an unlock to hidden standby, reading
    ``standby_visible_to_opponent``): the public ``trigger`` event then says only whose trigger of which timing
    fired, and ``triggered``, addressed to ``seat``, names the card. Its effects resolve in public."""
    fired = False
    for trigger in abilities(state, card_id).get("triggers", ()):
        if trigger["when"] == when:
            push(state, seat, card_id, trigger["effects"], CLAUSES[when])
            named = {"seat": seat, "card": card_id, "name": name(state, card_id), "when": when}
            if hidden:
                events.append(Event("trigger", CLAUSES[when], {"seat": seat, "when": when}))
                events.append(Event("triggered", CLAUSES[when], named, to=(seat,)))
            else:
                events.append(Event("trigger", CLAUSES[when], named))
            fired = True
    return fired

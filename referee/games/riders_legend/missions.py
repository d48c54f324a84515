"""Missions (Riders' Legend: ミッションカード, ※ミッションのブラフ, 捜査; spec B1.5, B3.3a, B4.7, B5, B7): laying a
mission face up or face down (a bluff: any card laid face down as a mission), turning it face up (by execution,
investigation or an effect), damage that accumulates and destruction (its attack dealt to its owner's deck),
and execution (作戦力 gathered until the required value is reached: the effect the first time, then sideways;
an achieved mission executed again attacks the opponent's deck).

Public events about a face-down mission name its seat and area only; its card is named to its owner alone until
it is revealed.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State

from . import deck, field, triggers
from . import readings as readings_mod
from .abilities import statics
from .state import (
    abilities,
    alignment,
    attrs,
    characters,
    name,
    new_mission,
    other,
    own,
    own_held_mission,
    top,
)


def placement(kind: str, area_holds_own_mission: bool, own_operation_alignments: list[str],
              setup: bool = False) -> str | None:
    """ミッションカード / B3.3a: how a mission of ``kind`` (``justice``, ``evil`` or ``bluff``) is laid in an
    area: ``"face_up"``, ``"face_down"`` or None (not allowed). One mission per area; a justice mission is laid
    face up, and not at all where the area's own operation field holds an evil character; evil missions and
    bluffs face down; at setup (B1.5) every mission face down."""
    if area_holds_own_mission:
        return None
    if kind != "justice" or setup:
        return "face_down"
    return None if "evil" in own_operation_alignments else "face_up"


def kind_of(state: State, card_id: str, bluff: bool) -> str:
    if bluff or state["cards"][card_id]["card_type"] != "mission":
        return "bluff"
    return alignment(state, card_id)


def how_laid(state: State, seat: str, card_id: str, area: int, bluff: bool, setup: bool = False) -> str | None:
    """``placement`` for ``card_id`` laid by ``seat`` in ``area`` now."""
    player = state["players"][seat]
    ops = [alignment(state, top(c)) for c in player["operation"][area - 1]]
    return placement(kind_of(state, card_id, bluff), player["missions"][area - 1] is not None, ops, setup)


def lay(state: State, seat: str, card_id: str, area: int, bluff: bool, events: list[Event], clause: str,
        setup: bool = False) -> None:
    """Lay ``card_id`` (out of the hand) as ``seat``'s mission in ``area``; the caller has checked ``how_laid``."""
    face_up = how_laid(state, seat, card_id, area, bluff, setup) == "face_up"
    is_bluff = kind_of(state, card_id, bluff) == "bluff"
    own(state, seat, "missions")[area - 1] = new_mission(card_id, face_up, is_bluff)
    public = {"seat": seat, "area": area, "face_up": face_up}
    if face_up:
        public.update(card=card_id, name=name(state, card_id))
    events.append(Event("place_mission", clause, public))
    if not face_up:
        events.append(Event("placed_face_down", clause, {"seat": seat, "area": area, "card": card_id,
                                                          "name": name(state, card_id), "bluff": is_bluff},
                            to=(seat,)))


def _bin(state: State, seat: str, area: int, events: list[Event], clause: str, why: str) -> None:
    player = state["players"][seat]
    mission = player["missions"][area - 1]
    own(state, seat, "missions")[area - 1] = None
    own(state, seat, "graveyard").append(mission["card"])
    events.append(Event("mission_to_graveyard", clause, {"seat": seat, "area": area, "card": mission["card"],
                                                          "name": name(state, mission["card"]), "why": why}))


def reveal(state: State, seat: str, area: int, by: str, events: list[Event], clause: str) -> str:
    """Turn ``seat``'s mission in ``area`` face up (``by``: ``execution``, ``investigation`` or ``effect``).
    A bluff goes to 墓場 at once (STATED); a justice mission too when revealed by investigation (STATED; by an
    effect with reading ``effect_reveal_bins_justice``); an evil mission stays face up (INFERRED). Returns
    ``"graveyard"`` or ``"stays_face_up"``; no deck damage (reading ``investigation_deals_no_deck_damage``)."""
    mission = own_held_mission(state, seat, area)
    mission["face_up"] = True
    events.append(Event("reveal", clause, {"seat": seat, "area": area, "by": by, "card": mission["card"],
                                           "name": name(state, mission["card"]), "bluff": mission["bluff"]}))
    justice = field.is_justice_mission(state, mission)
    bins_justice = by == "investigation" or (by == "effect" and readings_mod.of(state).effect_reveal_bins_justice)
    if mission["bluff"] or (justice and bins_justice):
        _bin(state, seat, area, events, clause, "bluff" if mission["bluff"] else "justice mission revealed")
        if not readings_mod.of(state).investigation_deals_no_deck_damage and by == "investigation":
            deck.damage(state, seat, attrs(state, mission["card"]).get("attack", 0), events, f"{clause} (reading)")
        return "graveyard"
    return "stays_face_up"


def damage(state: State, seat: str, area: int, amount: int, events: list[Event], clause: str) -> bool:
    """B4.7: damage on ``seat``'s mission in ``area`` accumulates; at its defence or more it is destroyed (to
    墓場) and its owner's deck takes damage equal to its attack (to 捨山, face down). True when destroyed."""
    mission = own_held_mission(state, seat, area)
    mission["damage"] += amount
    a = attrs(state, mission["card"])
    events.append(Event("mission_damage", clause, {"seat": seat, "area": area, "amount": amount,
                                                   "damage": mission["damage"], "defence": a.get("defence", 0)}))
    if mission["damage"] < a.get("defence", 0):
        return False
    _bin(state, seat, area, events, "ミッションカード/B4.7 破壊", "destroyed")
    deck.damage(state, seat, a.get("attack", 0), events, "ミッションカード/B4.7 破壊されたミッションの攻撃力")
    return True


def required(state: State, seat: str, area: int) -> int:
    """必要作戦力 of ``seat``'s mission in ``area``, with the ``mission_requirement`` statics of ``seat``'s
    characters of that area (operation or battle field)."""
    mission = state["players"][seat]["missions"][area - 1]
    value = attrs(state, mission["card"]).get("required_operation", 0)
    for _, a, char in characters(state, seat):
        if a == area:
            value += sum(s["amount"] for s in statics(abilities(state, top(char)), "mission_requirement"))
    answer: int = max(0, value)
    return answer


def gather(required_: int, gathered: int) -> tuple[bool, int]:
    """B5.1–B5.2: ``(achieved, operation left on the mission)``: reaching the requirement achieves it and
    resets the 作戦力 to 0."""
    return (True, 0) if gathered >= required_ else (False, gathered)


def faction_fits(state: State, char_card: str, mission_card: str) -> bool:
    """B5.6 (reading ``operation_needs_faction``): a character's 作戦力 counts toward a mission of its 勢力."""
    if not readings_mod.of(state).operation_needs_faction:
        return True
    return attrs(state, char_card).get("faction") == attrs(state, mission_card).get("faction")


def turn_sideways(state: State, seat: str, area: int, card_id: str) -> None:
    """A mission achieved the first time becomes 達成済み (sideways) once its 記載効果 has resolved (B5.3); nothing
    if the effect took it off the field meanwhile."""
    mission = state["players"][seat]["missions"][area - 1]
    if mission is None or mission["card"] != card_id or mission["achieved"]:
        return
    mission = own_held_mission(state, seat, area)
    mission["achieved"] = True
    mission["achieved_turn"] = state["turn"]


def execute(state: State, seat: str, area: int, power: int, events: list[Event]) -> None:
    """B5: add ``power`` (a character's 作戦力) to ``seat``'s mission in ``area`` (turned face up first, B5.5).
    On reaching the requirement: the first time its 達成時 effect is queued and it turns sideways (達成済み) once
    that effect has resolved (``turn_sideways``);
    afterwards the opponent's deck takes damage equal to its attack (B5.4)."""
    mission = own_held_mission(state, seat, area)  # (before reveal, which changes this same dict)
    if not mission["face_up"]:
        if reveal(state, seat, area, "execution", events, "ミッションカード/B5.5 遂行") == "graveyard":
            return
    mission["operation"] += power
    need = required(state, seat, area)
    done, left = gather(need, mission["operation"])
    events.append(Event("execute", "ミッションカード/B5.1 遂行", {"seat": seat, "area": area, "power": power,
                                                                "operation": mission["operation"], "required": need}))
    mission["operation"] = left
    if not done:
        return
    card_id = mission["card"]
    if not mission["achieved"]:
        events.append(Event("achieved", "ミッションカード/B5.3", {"seat": seat, "area": area, "card": card_id,
                                                                 "name": name(state, card_id), "first": True}))
        # ミッションが達成された場合、記載効果を発動した後、達成済み状態（横向き）となる: its 達成時 effect resolves
        # first, and the mission turns sideways as the effect's frame leaves the queue (``turn_sideways``)
        if triggers.fire(state, seat, card_id, "achieved", events):
            state["queue"][-1]["then"] = {"turn_sideways": [seat, area, card_id]}
        else:
            turn_sideways(state, seat, area, card_id)
        return
    mission["achieved_turn"] = state["turn"]
    events.append(Event("achieved", "ミッションカード/B5.4", {"seat": seat, "area": area, "card": card_id,
                                                             "name": name(state, card_id), "first": False}))
    deck.damage(state, other(seat), attrs(state, card_id).get("attack", 0), events,
                "ミッションカード/B5.4 達成済みミッションの攻撃")

"""Characters and transformation (Riders' Legend: キャラクターカード, ※変身, ユニーク処理; spec B3.3b–c, B4.6, B6):
a character's attack, defence and operation power (its top card's, with modifiers and auras), placement
conditions, placing, 上位変身 and 下位変身, damage and destruction.

A character is a stack of cards (bottom -> top) named by its bottom card's id; the top card's data is used.
Destruction is checked after each step (``check_destroyed``): a character that received damage bringing its damage to
its defence or more is destroyed
(its whole stack to 墓場), unless its top card may go to the hand instead (static ``instead_of_destruction``),
which its owner decides (decision ``instead``).
"""

from __future__ import annotations

from collections.abc import Set

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import field, triggers
from . import readings as readings_mod
from .abilities import statics
from .state import (
    abilities,
    ability_index,
    attrs,
    characters,
    find,
    missions,
    name,
    new_character,
    other,
    own,
    own_area,
    own_character,
    top,
)


def attack(state: State, seat: str, char: Data, against: Data | None = None) -> int:
    """攻撃力: the top card's, the until-end-of-turn modifiers, the ``aura`` statics of ``seat``'s characters
    for its faction, and its ``attack_against`` bonus when it attacks a character carrying that name."""
    card_id = top(char)
    value = attrs(state, card_id).get("attack", 0) + char["eot_attack"]
    faction = attrs(state, card_id).get("faction")
    if state["auras"]:  # the ids of the cards with an aura (set up once)
        for _, _, other_char in characters(state, seat):
            if top(other_char) in state["auras"]:
                for s in statics(abilities(state, top(other_char)), "aura"):
                    if s["faction"] == faction:
                        value += s["attack"]
    if against is not None:
        carried = field.names_of(state, against)
        for s in statics(abilities(state, card_id), "attack_against"):
            if s["name"] in carried:
                value += s["attack"]
    answer: int = max(0, value)
    return answer


def defence(state: State, char: Data) -> int:
    """防御力: the top card's with the until-end-of-turn modifiers (at least 0)."""
    answer: int = max(0, attrs(state, top(char)).get("defence", 0) + char["eot_defence"])
    return answer


def operation(state: State, char: Data) -> int:
    """作戦力: the top card's."""
    answer: int = attrs(state, top(char)).get("operation", 0)
    return answer


def condition_met(state: State, seat: str, cond: Data) -> bool:
    """A placement or use condition (kind ``condition`` of abilities.py) about ``seat``'s own cards."""
    player = state["players"][seat]
    faction, part = cond.get("faction"), cond.get("name_contains")

    def fits(card_id: str) -> bool:
        return (faction is None or attrs(state, card_id).get("faction") == faction) and \
            (part is None or part in name(state, card_id))

    if cond.get("zone", "field") == "graveyard":
        pool = [c for c in player["graveyard"] if cond["count"] == "card" or
                state["cards"][c]["card_type"] == cond["count"]]
    elif cond["count"] == "mission":
        pool = [m["card"] for _, m in missions(player) if not m["bluff"]]
    else:
        pool = [top(c) for _, _, c in characters(state, seat)]
    answer: bool = sum(1 for c in pool if fits(c)) >= cond.get("at_least", 1)
    return answer


def placement_condition_met(state: State, seat: str, card_id: str) -> bool:
    """Every ``placement_condition`` static of the card met (most cards have none)."""
    conditions = ability_index(state, card_id).statics.get("placement_condition")
    return not conditions or all(condition_met(state, seat, s["condition"]) for s in conditions)


def transform_targets(state: State, card_id: str) -> list[str]:
    """The 変身元 names of ``card_id`` (its ``transforms_from`` statics)."""
    return list(ability_index(state, card_id).transforms_from)


def place(state: State, seat: str, card_id: str, pos: tuple[str, int], events: list[Event], clause: str) -> Data:
    """Put ``card_id`` (already out of the hand) on the field at ``pos``, 未行動 (no summoning sickness)."""
    char = new_character(card_id)
    own_area(state, seat, *pos).append(char)
    events.append(Event("place_character", clause, {"seat": seat, "card": card_id, "name": name(state, card_id),
                                                    "field": pos[0], "area": pos[1]}))
    return char


def can_transform_onto(state: State, card_id: str, char: Data, wanted: Set[str] | None = None) -> bool:
    """B3.3c: ``card_id`` names ``char``'s top card among its 変身元 (reading ``transform_onto``: or any card of
    the stack). ``wanted``: ``set(transform_targets(state, card_id))``, when the caller has it."""
    if wanted is None:
        wanted = ability_index(state, card_id).wanted
    if readings_mod.of(state).transform_onto == "top":
        return state["cards"][top(char)]["name"] in wanted
    return any(state["cards"][c]["name"] in wanted for c in char["stack"])


def transform(state: State, seat: str, card_id: str, char: Data, events: list[Event], clause: str) -> None:
    """上位変身: ``card_id`` (out of the hand) goes on top of ``char``, which keeps its state, damage and place."""
    below = top(char)
    char = own_character(state, char)
    char["stack"] = [*char["stack"], card_id]  # a new list: copies of the state share the old one (copy_state)
    events.append(Event("transform", clause, {"seat": seat, "character": char["id"], "card": card_id,
                                              "name": name(state, card_id), "onto": below,
                                              "onto_name": name(state, below)}))


def untransform(state: State, seat: str, char: Data, events: list[Event], clause: str) -> str:
    """下位変身: the top card goes back to the hand; returns it."""
    char = own_character(state, char)
    *rest, card_id = char["stack"]
    char["stack"] = rest  # a new list: copies of the state share the old one (copy_state)
    state["players"][seat]["hand"].append(card_id)
    events.append(Event("untransform", clause, {"seat": seat, "character": char["id"], "card": card_id,
                                                "name": name(state, card_id), "top": top(char)}))
    answer: str = card_id
    return answer


def deal(state: State, char: Data, amount: int, events: list[Event], clause: str, by: str = "") -> None:
    """Put ``amount`` damage on ``char`` (it lasts until the end of its owner's turn, B4.6); ``by``: the
    character whose attack dealt it (for 破壊した時 triggers)."""
    if amount <= 0:
        return
    char = own_character(state, char)
    char["damage"] += amount
    char["hit_by"] = by  # the last hit decides who destroyed it (an effect's damage: nobody)
    guard = defence(state, char)
    if char["damage"] >= guard:
        # 防御力以上のダメージを受けた時に破壊される: decided as the damage is received (``check_destroyed``),
        # not by a later untransform or defence drop that makes the standing damage enough (issue 29)
        char["lethal"] = True
    events.append(Event("damage", clause, {"character": char["id"], "amount": amount, "damage": char["damage"],
                                           "defence": guard}))


def remove(state: State, char_id: str) -> tuple[str, Data] | None:
    """Take a character off the field; ``(seat, character)`` or None."""
    found = find(state, char_id)
    if found is None:
        return None
    seat, fld, area, char = found
    own_area(state, seat, fld, area).remove(char)
    return seat, char


def destroy(state: State, char_id: str, events: list[Event], clause: str) -> None:
    """The character leaves the field: its whole stack to 墓場; the character that hit it last triggers
    ``destroys_character``."""
    found = remove(state, char_id)
    if found is None:
        return
    seat, char = found
    own(state, seat, "graveyard").extend(char["stack"])
    events.append(Event("destroyed", clause, {"seat": seat, "character": char_id, "cards": list(char["stack"])}))
    by = char["hit_by"]  # every character has one (state.new_character)
    hitter = find(state, by) if by else None
    if hitter is not None and hitter[0] != seat:
        triggers.fire(state, hitter[0], top(hitter[3]), "destroys_character", events)


def to_hand(state: State, char_id: str, events: list[Event], clause: str) -> None:
    """The character returns to its owner's hand (reading ``bounce_stack``: the whole stack, or the top card
    with the rest to 墓場)."""
    found = remove(state, char_id)
    if found is None:
        return
    seat, char = found
    player = state["players"][seat]
    if readings_mod.of(state).bounce_stack == "whole_stack":
        back, binned = list(char["stack"]), []
    else:
        back, binned = [char["stack"][-1]], char["stack"][:-1]
    player["hand"].extend(back)
    own(state, seat, "graveyard").extend(binned)
    events.append(Event("to_hand", clause, {"seat": seat, "character": char_id, "cards": back, "graveyard": binned,
                                            "names": [name(state, c) for c in back]}))  # seen on the field


def check_destroyed(state: State, events: list[Event]) -> None:
    """The check of destruction (キャラクターカード: 防御力以上のダメージを受けた時に破壊される): destroy every
    character that received damage bringing its damage to its defence or more (``deal`` marks it ``lethal``), or
    ask its owner (decision ``instead``) when its top card may go to the hand instead. A character whose standing
    damage becomes enough later (an untransform, a defence modifier ending) is not destroyed by it: the text ties
    destruction to receiving the damage (issue 29; docs/rules/riders_legend.md)."""
    for seat in (state["turn_seat"], other(state["turn_seat"])):
        player = state["players"][seat]
        # the order of ``characters(state, seat)`` (justice, operation 1..5, battle 1..5), without building it:
        # this check runs after every step of every action
        for group in (player["justice"], *player["operation"], *player["battle"]):
            for char in group:
                if not char.get("lethal"):
                    continue  # no damage received at or above its defence (a 0-defence card with no damage stays)
                if statics(abilities(state, top(char)), "instead_of_destruction"):
                    state["pending"] = {"kind": "instead", "seat": seat, "character": char["id"],
                                        "card": top(char)}
                    return
                destroy(state, char["id"], events, "キャラクターカード/B4.6 防御力以上のダメージ")
                check_destroyed(state, events)
                return


def instead(state: State, char_id: str, to_hand_: bool, events: list[Event]) -> None:
    """The owner's answer to ``instead``: its top card to the hand (the rest of the stack to 墓場), or
    destroyed."""
    if not to_hand_:
        destroy(state, char_id, events, "キャラクターカード/B4.6 防御力以上のダメージ")
        return
    found = remove(state, char_id)
    if found is None:
        return
    seat, char = found
    player = state["players"][seat]
    player["hand"].append(char["stack"][-1])
    own(state, seat, "graveyard").extend(char["stack"][:-1])
    events.append(Event("instead_of_destruction", "キャラクターカード (static instead_of_destruction)",
                        {"seat": seat, "character": char_id, "card": char["stack"][-1],
                         "name": name(state, char["stack"][-1]), "graveyard": char["stack"][:-1]}))

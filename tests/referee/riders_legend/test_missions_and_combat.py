"""Attacks by area and blocks, mission damage, execution and achievement, investigation, the hand limit."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.riders_legend import ENGINE
from referee.games.riders_legend.actions import (
    Attack,
    Block,
    Discard,
    EndPhase,
    Execute,
    Investigate,
    NoBlock,
    StrikeBack,
)

from .conftest import act, kinds, lay, new_state, phase, put, to_hand


def test_a_face_down_mission_cannot_be_attacked_and_a_face_up_one_can() -> None:
    state = phase(new_state(), "action")
    attacker = put(state, "p1", "仮面ライダー1号", "battle", 5)
    targets = {a.target for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Attack)}
    assert "mission:5" not in targets  # p2's mission in area 5 is face down
    state["players"]["p2"]["missions"][4]["face_up"] = True
    targets = {a.target for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Attack)}
    assert targets == {"mission:5"} and attacker


def test_the_defender_chooses_to_block_an_attack_on_a_mission_or_lets_it_through() -> None:
    state = phase(new_state(), "action")
    attacker = put(state, "p1", "仮面ライダー1号", "battle", 5)
    guard = put(state, "p2", "ショッカー戦闘員", "battle", 5)
    mission = state["players"]["p2"]["missions"][4]
    mission["face_up"] = True
    state, _ = act(state, Attack(seat="p1", attackers=(attacker["id"],), target="mission:5"))
    assert state["pending"] == {"kind": "block", "seat": "p2", "options": [guard["id"]]}
    blocked, events = act(state, Block(seat="p2", card=guard["id"]))
    assert "destroyed" in kinds(events) and blocked["players"]["p2"]["missions"][4]["damage"] == 0
    through, events = act(state, NoBlock(seat="p2"))  # 5 damage on 浄水場毒物作戦 (defence 3): destroyed
    assert through["players"]["p2"]["missions"][4] is None and "mission_damage" in kinds(events)


def test_a_destroyed_mission_sends_its_attack_from_its_owners_deck_face_down_to_the_discard_pile() -> None:
    state = phase(new_state(), "action")
    attacker = put(state, "p1", "仮面ライダー1号", "battle", 5)
    state["players"]["p2"]["missions"][4].update(face_up=True, damage=1)  # 浄水場毒物作戦: defence 3, attack 2
    deck = len(state["players"]["p2"]["deck"])
    state, events = act(state, Attack(seat="p1", attackers=(attacker["id"],), target="mission:5"))
    p2 = state["players"]["p2"]
    assert p2["missions"][4] is None and len(p2["deck"]) == deck - 2 and len(p2["discard_pile"]) == 2
    assert state["outcome"]["winner"] == "p1"  # p2's last mission


def test_attacking_a_character_exchanges_damage_at_once() -> None:
    state = phase(new_state(), "action")
    attacker = put(state, "p1", "仮面ライダー1号", "battle", 2)
    foe = put(state, "p2", "ショッカー戦闘員", "battle", 2)  # attack 2, defence 2
    state, events = act(state, Attack(seat="p1", attackers=(attacker["id"],), target=foe["id"]))
    p1 = state["players"]["p1"]["battle"][1][0]
    assert state["players"]["p2"]["battle"][1] == [] and p1["damage"] == 2 and p1["acted"]
    assert "trigger" in kinds(events)  # 仮面ライダー1号 destroyed a character: it draws


def test_a_group_attack_is_refused_under_the_default_reading_and_allowed_under_group() -> None:
    for reading, ok in (("one", False), ("group", True)):
        state = phase(new_state(config={"readings": {"attack_with": reading}}), "action")
        a = put(state, "p1", "本郷猛", "battle", 2)
        b = put(state, "p1", "一文字隼人", "battle", 2)
        foe = put(state, "p2", "さそり男", "battle", 2)
        action = Attack(seat="p1", attackers=(a["id"], b["id"]), target=foe["id"])
        assert (action in ENGINE.legal_actions(state, "p1")) is ok
        if ok:
            state, _ = act(state, action)
            assert state["pending"]["kind"] == "strike_back"  # the defender picks who takes its attack
            state, _ = act(state, StrikeBack(seat="p2", card=b["id"]))
            assert state["players"]["p2"]["battle"][1] == [] and b["id"] in state["players"]["p1"]["graveyard"]
            assert state["combat"] is None and state["pending"] == {"kind": "action", "seat": "p1"}
        else:
            with pytest.raises(IllegalAction, match="one character"):
                act(state, action)


def test_executing_gathers_operation_power_and_achieves_the_mission_then_attacks_the_deck() -> None:
    state = phase(new_state(), "action")
    lay(state, "p1", "アジトの捜索", 2)  # required 3, attack 1
    helper = put(state, "p1", "本郷猛", "operation", 2)  # operation 3
    state, events = act(state, Execute(seat="p1", character=helper["id"]))
    mission = state["players"]["p1"]["missions"][1]
    assert mission["achieved"] and mission["operation"] == 0 and "achieved" in kinds(events)
    assert state["pending"]["kind"] in ("choose", "action")  # its effect: reveal a face-down mission
    second = put(state, "p1", "一文字隼人", "operation", 2)
    state["pending"], state["queue"] = {"kind": "action", "seat": "p1"}, []
    deck = len(state["players"]["p2"]["deck"])
    state, events = act(state, Execute(seat="p1", character=second["id"]))
    assert len(state["players"]["p2"]["deck"]) == deck - 1  # executed again: its attack on the deck


def test_a_bluff_cannot_be_executed_and_operation_power_counts_only_for_its_own_faction() -> None:
    state = phase(new_state(), "action", "p2")
    lay(state, "p2", "ショッカーの罠", 1, face_up=False, bluff=True)
    helper = put(state, "p2", "死神博士", "operation", 1)
    with pytest.raises(IllegalAction, match="bluff"):
        act(state, Execute(seat="p2", character=helper["id"]))
    state["players"]["p2"]["missions"][0] = None
    lay(state, "p2", "浄水場毒物作戦", 1)
    state["cards"] = {**state["cards"], state["players"]["p2"]["missions"][0]["card"]: {
        **state["cards"][state["players"]["p2"]["missions"][0]["card"]],
        "attributes": {**state["cards"][state["players"]["p2"]["missions"][0]["card"]]["attributes"],
                       "faction": "デストロン"}}}
    with pytest.raises(IllegalAction, match="勢力"):
        act(state, Execute(seat="p2", character=helper["id"]))


def test_executing_a_face_down_mission_turns_it_face_up() -> None:
    state = phase(new_state(), "action", "p2")
    helper = put(state, "p2", "死神博士", "operation", 5)
    state, events = act(state, Execute(seat="p2", character=helper["id"]))
    assert state["players"]["p2"]["missions"][4]["face_up"] and events[0].kind == "reveal"


def test_investigation_bins_a_justice_mission_and_leaves_an_evil_one_face_up() -> None:
    state = phase(new_state(), "action", "p2")
    lay(state, "p1", "人質の救出", 3, face_up=False)
    spy = put(state, "p2", "ショッカー戦闘員", "battle", 3)
    state, events = act(state, Investigate(seat="p2", character=spy["id"]))
    assert state["players"]["p1"]["missions"][2] is None and "mission_to_graveyard" in kinds(events)
    assert "deck_damage" not in kinds(events)  # reading investigation_deals_no_deck_damage
    state = phase(new_state(), "action")
    spy = put(state, "p1", "本郷猛", "battle", 5)
    state, _ = act(state, Investigate(seat="p1", character=spy["id"]))
    assert state["players"]["p2"]["missions"][4]["face_up"]
    assert Attack(seat="p1", attackers=(put(state, "p1", "一文字隼人", "battle", 5)["id"],),
                  target="mission:5") in ENGINE.legal_actions(state, "p1")


def test_the_hand_is_cut_to_seven_in_ones_own_end_phase() -> None:
    state = phase(new_state(), "action")
    to_hand(state, "p1", "ライダーキック", "ライダーパンチ", "本郷猛")
    assert len(state["players"]["p1"]["hand"]) == 10
    state, _ = act(state, EndPhase(seat="p1"))
    assert state["pending"]["kind"] == "discard" and state["pending"]["over"] == 3
    for _ in range(3):
        state, _ = act(state, Discard(seat="p1", card=state["players"]["p1"]["hand"][0]))
    assert len(state["players"]["p1"]["hand"]) == 7 and state["turn_seat"] == "p2"

"""ミニオンカード, 基本構成細則 (summoning sickness, attacks), 場の構成 (lanes, blockers), マスターカード, ロードカード
(spec A6.1–A6.11, M2, M6, M7)."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.legions import ENGINE, combat
from referee.games.legions.actions import Attack, Block, Choose, Move, NoBlock, Unlock

from .conftest import act, kinds, main_phase, new_state, put, to_hand


@pytest.fixture
def st() -> dict:
    state = main_phase(new_state(), "p1", active=5)
    state["turn"] = 3
    return state


def _attacks(state: dict, card: str) -> set[str]:
    return {a.target for a in ENGINE.legal_actions(state, "p1") if a.type == "attack" and a.card == card}


def test_a_minion_cannot_attack_or_move_on_the_turn_it_is_placed(st) -> None:
    (card,) = to_hand(st, "p1", "下忍カスミ")
    st, _ = act(st, Unlock(seat="p1", card=card, then="place", lane="centre"))
    assert _attacks(st, card) == set()
    with pytest.raises(IllegalAction) as refused:
        act(st, Move(seat="p1", card=card, lane="left"))
    assert refused.value.code == "cannot_fatigue"


def test_moving_fatigues_the_minion_to_an_adjacent_empty_lane(st) -> None:
    card = put(st, "p1", "下忍カスミ", "right")
    st, _ = act(st, Move(seat="p1", card=card, lane="centre"))
    unit = st["players"]["p1"]["lanes"]["centre"]
    assert unit["card"] == card and unit["fatigued"] and st["players"]["p1"]["lanes"]["right"] is None


def test_a6_4_reading_wide_a_side_lane_reaches_the_facing_lane_the_centre_and_the_leader_zone(st) -> None:
    me = put(st, "p1", "下忍カスミ", "right")
    left, centre, right = (put(st, "p2", n, lane) for n, lane in
                           (("リトルゴレム", "left"), ("闇精シェイド", "centre"), ("海月の使い魔", "right")))
    lord = put(st, "p2", "冥界姫『ヘカテ』", "leader")
    assert _attacks(st, me) == {left, centre, lord, "p2m"}  # my right faces their left
    assert combat.target_lanes("leader") == ("right", "centre", "left")
    assert combat.target_lanes("right", "facing") == ("left",)
    assert right not in _attacks(st, me)


def test_a6_5_only_the_minion_facing_the_attacker_may_block_an_attack_on_the_master(st) -> None:
    me = put(st, "p1", "下忍カスミ", "right")
    facing = put(st, "p2", "リトルゴレム", "left")
    put(st, "p2", "闇精シェイド", "centre")
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert st["pending"] == {"kind": "block", "seat": "p2", "options": [facing]}


def test_a6_6_a_block_fatigues_the_blocker_and_takes_the_damage_both_ways(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")  # 3/4
    blocker = put(st, "p2", "エーテル・オニキス", "centre")  # 2/4
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    st, events = act(st, Block(seat="p2", card=blocker))
    assert st["players"]["p2"]["lanes"]["centre"]["fatigued"]
    assert st["players"]["p2"]["lanes"]["centre"]["damage"] == 3
    assert st["players"]["p1"]["lanes"]["centre"]["damage"] == 2 and st["players"]["p2"]["life"] == 20


def test_a6_6_an_unblocked_attack_damages_the_master(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")
    put(st, "p2", "エーテル・オニキス", "centre")
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    st, _ = act(st, NoBlock(seat="p2"))
    assert st["players"]["p2"]["life"] == 17 and st["players"]["p1"]["lanes"]["centre"]["fatigued"]


def test_a6_6_a_fatigued_or_newly_placed_minion_cannot_block(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")
    put(st, "p2", "エーテル・オニキス", "centre", placed=3)
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert st["pending"]["kind"] == "main" and st["players"]["p2"]["life"] == 17


def test_a6_6_reading_automatic_block_blocks_without_asking() -> None:
    st = main_phase(new_state(config={"readings": {"block": "automatic"}}), "p1")
    st["turn"] = 3
    me = put(st, "p1", "蒸気装甲兵", "centre")
    put(st, "p2", "エーテル・オニキス", "centre")
    st, events = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert "block" in kinds(events) and st["players"]["p2"]["life"] == 20


def test_attacks_on_minions_cannot_be_blocked(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")
    target = put(st, "p2", "リトルゴレム", "right")
    put(st, "p2", "エーテル・オニキス", "centre")
    st, events = act(st, Attack(seat="p1", card=me, target=target))
    assert st["pending"]["kind"] == "main" and "block" not in kinds(events)


def test_a6_8_a_broken_minion_goes_to_the_wait_zone_of_its_wt(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")
    target = put(st, "p2", "プルモーの毒銛撃ち", "centre")  # 2/1, WT 3; on break: 1 to the opposing master
    st, events = act(st, Attack(seat="p1", card=me, target=target))
    assert target in st["players"]["p2"]["wz"][2]
    assert st["players"]["p1"]["life"] == 19  # A6.11 / 《ブレイク時》
    assert st["players"]["p1"]["lanes"]["centre"]["damage"] == 2  # damage both ways (A6.7)


def test_a6_8_a_broken_lord_moves_its_cores_onto_the_master_and_is_exiled(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")
    lord = put(st, "p2", "守り神『オサキサマ』", "leader", cores=1, damage=1)
    st["players"]["p2"]["master_cores"] = 0
    st, _ = act(st, Attack(seat="p1", card=me, target=lord))
    p2 = st["players"]["p2"]
    assert p2["lord"] is None and lord in p2["exile"] and p2["master_cores"] == 1


def test_a6_3_a_master_attacks_through_a_skill_with_its_atk() -> None:
    st = main_phase(new_state(), "p2", active=5)
    st["turn"] = 4
    (skill,) = to_hand(st, "p2", "白刃一閃")  # ATK 3, 衝撃1 (red: +1 MP for blue/black)
    st, _ = act(st, Unlock(seat="p2", card=skill, then="use"))
    assert st["players"]["p1"]["life"] == 17


def test_a6_9_life_0_loses_at_once(st) -> None:
    me = put(st, "p1", "蒸気装甲兵", "centre")
    st["players"]["p2"]["life"] = 3
    st, events = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert ENGINE.outcome(st).winner == "p1" and st["outcome"]["clause"] == "勝利条件/A8.1"


def test_a_choice_names_only_legal_options(st) -> None:
    put(st, "p2", "リトルゴレム", "right")
    (skill,) = to_hand(st, "p1", "マジックミサイル")
    st, _ = act(st, Unlock(seat="p1", card=skill, then="use"))
    with pytest.raises(IllegalAction) as refused:
        act(st, Choose(seat="p1", option="p1m"))
    assert refused.value.code == "bad_choice"
    st, _ = act(st, Choose(seat="p1", option="p2m"))
    assert st["players"]["p2"]["life"] == 18

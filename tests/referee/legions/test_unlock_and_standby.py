"""アンロックについて, スタンバイカードについて, ロードカード, スキルカード, アーツカード (spec A1.2, A3.1, A4, M1–M5,
M9)."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.legions import ENGINE
from referee.games.legions.actions import Choose, Deploy, Keep, RemoveStandby, Unlock

from .conftest import act, main_phase, new_state, put, to_hand


@pytest.fixture
def st() -> dict:
    return main_phase(new_state(), "p1", active=5)


def test_unlocking_a_minion_pays_its_cost_in_mp_and_places_it_in_an_empty_lane(st) -> None:
    (card,) = to_hand(st, "p1", "蒸気装甲兵")  # red 3 for a black/red master: printed cost
    st, events = act(st, Unlock(seat="p1", card=card, then="place", lane="left"))
    p1 = st["players"]["p1"]
    assert (p1["active"], p1["fatigued"]) == (2, 3)
    assert p1["lanes"]["left"]["card"] == card and p1["lanes"]["left"]["placed"] == st["turn"]


def test_a_single_symbol_card_outside_the_class_costs_one_more_mp() -> None:
    st = main_phase(new_state(), "p2", active=2)  # p2's master is blue/black
    (card,) = to_hand(st, "p2", "炎の小鬼")  # red, cost 1
    st, _ = act(st, Unlock(seat="p2", card=card, then="place", lane="centre"))
    assert st["players"]["p2"]["active"] == 0


def test_a_two_symbol_card_of_another_class_cannot_be_unlocked(st) -> None:
    (card,) = to_hand(st, "p1", "連鎖する呪い")  # blue/black arts, p1 is black/red
    st["players"]["p1"]["awakened"] = True
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=card, then="use"))
    assert refused.value.code == "class_mismatch"


def test_fatigued_cores_make_no_mp(st) -> None:
    st["players"]["p1"]["active"], st["players"]["p1"]["fatigued"] = 2, 3
    (card,) = to_hand(st, "p1", "蒸気装甲兵")
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=card, then="place", lane="left"))
    assert refused.value.code == "not_enough_mp"


def test_a_lord_needs_an_awakened_master(st) -> None:
    (card,) = to_hand(st, "p1", "死神少女『ルルシュ』")
    assert not any(a.card == card for a in ENGINE.legal_actions(st, "p1") if a.type == "unlock")
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=card, then="place"))
    assert refused.value.code == "needs_awakening"


def test_a_lord_pays_its_core_cost_from_the_fatigue_area_onto_itself() -> None:
    st = main_phase(new_state(), "p1", active=8, awakened=True)
    (card,) = to_hand(st, "p1", "吸血姫『アコニー』")  # cost 6, CC 2
    st, _ = act(st, Unlock(seat="p1", card=card, then="place"))
    p1 = st["players"]["p1"]
    assert p1["lord"]["card"] == card and p1["lord"]["cores"] == 2
    assert (p1["active"], p1["fatigued"]) == (2, 4)


def test_a_lord_whose_core_cost_cannot_be_met_is_refused() -> None:
    st = main_phase(new_state(), "p1", active=1, awakened=True)
    st["players"]["p1"]["mp"] = 6  # MP already made: paying from it fatigues no core
    (card,) = to_hand(st, "p1", "吸血姫『アコニー』")  # cost 6, CC 2: the fatigue area holds none
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=card, then="place"))
    assert refused.value.code == "core_cost"


def test_only_one_lord_sits_in_the_lord_area() -> None:
    st = main_phase(new_state(), "p1", active=12, awakened=True)
    put(st, "p1", "死神少女『ルルシュ』", "leader")
    (card,) = to_hand(st, "p1", "吸血姫『アコニー』")
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=card, then="place"))
    assert refused.value.code == "lord_taken"


def test_a_minion_cannot_be_placed_in_a_lane_that_holds_one(st) -> None:
    put(st, "p1", "下忍カスミ", "centre")
    (card,) = to_hand(st, "p1", "蒸気装甲兵")
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=card, then="place", lane="centre"))
    assert refused.value.code == "lane_taken"


def test_standby_holds_minions_and_skills_only_and_at_most_two(st) -> None:
    minion, skill, arts = to_hand(st, "p1", "下忍カスミ", "マジックミサイル", "デスクラウド")
    st["players"]["p1"]["awakened"] = True
    offered = {(a.card, a.then) for a in ENGINE.legal_actions(st, "p1") if a.type == "unlock"}
    assert (minion, "standby") in offered and (skill, "standby") in offered and (arts, "standby") not in offered
    st, _ = act(st, Unlock(seat="p1", card=minion, then="standby"))
    st, _ = act(st, Unlock(seat="p1", card=skill, then="standby"))
    assert st["players"]["p1"]["standby"] == [minion, skill]
    (third,) = to_hand(st, "p1", "闇精シェイド")
    # スタンバイカードについて: 超過分や不要分は任意に選んで破棄される (issue 29): a third may be unlocked into the full
    # zone, and its owner keeps 2 of the three, the other exiled
    st, _ = act(st, Unlock(seat="p1", card=third, then="standby"))
    assert st["pending"]["kind"] == "keep" and st["pending"]["seat"] == "p1"
    assert sorted(st["pending"]["options"]) == sorted([minion, skill, third])
    assert third not in str(ENGINE.view(st, "p2"))  # the opponent is not told which card arrived
    st, _ = act(st, Keep(seat="p1", cards=(skill, third)))
    p1 = st["players"]["p1"]
    assert p1["standby"] == [skill, third] and minion in p1["exile"] and p1["arriving"] == []
    assert st["pending"]["kind"] == "main" and st["pending"]["seat"] == "p1"  # the main phase goes on


def test_the_alternative_reading_keeps_a_full_standby_zone_closed_to_an_unlock() -> None:
    st = main_phase(new_state(config={"readings": {"standby_unlock_may_overflow": False}}), "p1")
    first, second, third = to_hand(st, "p1", "下忍カスミ", "マジックミサイル", "闇精シェイド")
    st, _ = act(st, Unlock(seat="p1", card=first, then="standby"))
    st, _ = act(st, Unlock(seat="p1", card=second, then="standby"))
    with pytest.raises(IllegalAction) as refused:
        act(st, Unlock(seat="p1", card=third, then="standby"))
    assert refused.value.code == "standby_full"


def test_a_standby_minion_is_placed_later_at_no_cost(st) -> None:
    (minion,) = to_hand(st, "p1", "下忍カスミ")
    st, _ = act(st, Unlock(seat="p1", card=minion, then="standby"))
    active = st["players"]["p1"]["active"]
    st, _ = act(st, Deploy(seat="p1", card=minion, lane="right"))
    assert st["players"]["p1"]["lanes"]["right"]["card"] == minion and st["players"]["p1"]["active"] == active


def test_m9_a_standby_card_is_removed_voluntarily_to_the_exclusion_zone(st) -> None:
    (minion,) = to_hand(st, "p1", "下忍カスミ")
    st, _ = act(st, Unlock(seat="p1", card=minion, then="standby"))
    st, _ = act(st, RemoveStandby(seat="p1", card=minion))
    assert st["players"]["p1"]["standby"] == [] and minion in st["players"]["p1"]["exile"]


def test_a_used_skill_goes_to_the_wait_zone_of_its_wt_once_it_has_resolved(st) -> None:
    # スキルカード: 使用後は… (issue 29): in use, public, while its target is chosen; to WZ(WT) after it resolves
    put(st, "p2", "リトルゴレム", "centre", placed=0)
    (skill,) = to_hand(st, "p1", "マジックミサイル")  # WT 1
    st, _ = act(st, Unlock(seat="p1", card=skill, then="use"))
    assert st["pending"]["kind"] == "choose"  # the golem or the master
    assert st["players"]["p1"]["using"] == [skill] and skill not in st["players"]["p1"]["wz"][0]
    assert skill in ENGINE.view(st, "p2")["players"]["p1"]["using"]
    st, events = act(st, Choose(seat="p1", option=st["pending"]["options"][0]))
    assert skill in st["players"]["p1"]["wz"][0] and st["players"]["p1"]["using"] == []
    kinds_ = [e.kind for e in events]
    assert kinds_.index("to_wait_zone") > kinds_.index("damage")  # after its effect


def test_a_used_arts_goes_to_the_exclusion_zone_and_needs_awakening(st) -> None:
    (arts,) = to_hand(st, "p1", "デスクラウド")
    assert not any(a.card == arts for a in ENGINE.legal_actions(st, "p1") if a.type == "unlock")
    st["players"]["p1"]["awakened"] = True
    st, _ = act(st, Unlock(seat="p1", card=arts, then="use"))
    assert arts in st["players"]["p1"]["exile"]


def test_reading_use_needs_target_a_skill_without_a_target_is_not_offered(st) -> None:
    (skill,) = to_hand(st, "p1", "ショックボルト")  # an opposing minion: there is none
    st["players"]["p2"]["lanes"] = {"right": None, "centre": None, "left": None}
    assert not any(a.card == skill for a in ENGINE.legal_actions(st, "p1") if a.type == "unlock" and a.then == "use")

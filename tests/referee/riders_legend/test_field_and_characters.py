"""The field, the types' placement and movement limits, transformation, uniqueness, placement conditions and
destruction."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.riders_legend import ENGINE, characters, field, flow
from referee.games.riders_legend.actions import (
    AcceptDestruction,
    Move,
    PlaceCharacter,
    ReturnInstead,
    Transform,
    Untransform,
)
from referee.games.riders_legend.placement import problem_character
from referee.games.riders_legend.state import new_character

from .conftest import act, lay, new_state, phase, put, to_hand


def test_the_justice_field_is_adjacent_to_every_area_and_an_operation_area_only_to_its_battle_area() -> None:
    assert field.adjacent(("justice", 0), ("battle", 4)) and field.adjacent(("operation", 2), ("battle", 2))
    assert not field.adjacent(("operation", 2), ("battle", 3)) and not field.adjacent(("battle", 2), ("battle", 3))
    assert field.adjacent(("battle", 2), ("battle", 3), lateral=True)


def test_a_character_moves_one_step_a_turn_where_its_type_may_stand() -> None:
    state = phase(new_state(), "movement")
    rider = put(state, "p1", "本郷猛", "justice")
    moves = {(a.field, a.area) for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Move)}
    assert ("battle", 3) in moves and ("operation", 3) not in moves  # no justice mission of p1 in area 3
    state, _ = act(state, Move(seat="p1", character=rider["id"], field="battle", area=3))
    with pytest.raises(IllegalAction, match="moved its step"):
        act(state, Move(seat="p1", character=rider["id"], field="justice", area=0))


def test_a_character_with_the_steps_static_moves_two_steps() -> None:
    state = phase(new_state(), "movement")
    (card,) = to_hand(state, "p1", "本郷猛")  # any justice card: give it the steps static of ドラゴンフォーム
    state["cards"] = {**state["cards"], card: {**state["cards"][card],
                                               "abilities": {"statics": [{"static": "steps", "n": 2}]}}}
    state["players"]["p1"]["hand"].remove(card)
    state["players"]["p1"]["justice"].append(new_character(card))
    state, _ = act(state, Move(seat="p1", character=card, field="battle", area=1))
    state, _ = act(state, Move(seat="p1", character=card, field="justice", area=0))
    assert state["players"]["p1"]["justice"][0]["steps"] == 2


def test_an_evil_character_never_enters_the_justice_field_nor_an_operation_area_beside_a_justice_mission() -> None:
    state = phase(new_state(), "placement", "p2")
    (card,) = to_hand(state, "p2", "ショッカー戦闘員")
    lay(state, "p2", "改造人間計画", 2)
    assert problem_character(state, PlaceCharacter(seat="p2", card=card, field="justice"))[0] == "bad_field"
    assert problem_character(state, PlaceCharacter(seat="p2", card=card, field="operation", area=2)) is None
    assert field.stand_allowed("evil", "operation", True) is False and field.stand_allowed("justice", "battle", False)


def test_a_transformation_goes_on_its_named_character_and_keeps_its_state_damage_and_place() -> None:
    state = phase(new_state())
    base = put(state, "p1", "本郷猛", "battle", 2, acted=True, damage=1)
    (card,) = to_hand(state, "p1", "仮面ライダー1号")
    state, events = act(state, Transform(seat="p1", card=card, character=base["id"]))
    char = state["players"]["p1"]["battle"][1][0]
    assert char["stack"] == [base["id"], card] and char["acted"] and char["damage"] == 1
    assert characters.attack(state, "p1", char) == 5  # the top card's data
    assert state["players"]["p1"]["placed"]["character"] == 0  # reading transform_is_free


def test_a_transformation_refuses_a_character_it_does_not_name() -> None:
    state = phase(new_state())
    base = put(state, "p1", "一文字隼人", "justice")
    (card,) = to_hand(state, "p1", "仮面ライダー1号")
    with pytest.raises(IllegalAction, match="does not transform"):
        act(state, Transform(seat="p1", card=card, character=base["id"]))


def test_a_transformation_placed_alone_carries_its_pre_transform_name() -> None:
    state = phase(new_state())
    put(state, "p1", "仮面ライダー1号", "justice")
    (card,) = to_hand(state, "p1", "本郷猛")
    assert problem_character(state, PlaceCharacter(seat="p1", card=card, field="justice"))[0] == "unique"


def test_untransforming_returns_the_top_card_and_a_character_left_below_its_damage_is_not_destroyed() -> None:
    # キャラクターカード: 防御力以上のダメージを受けた時に破壊される — destruction comes with receiving the damage;
    # standing damage that an untransform makes enough destroys nothing (issue 29; this test said the opposite)
    state = phase(new_state(), "action")
    char = put(state, "p1", ["本郷猛", "仮面ライダー1号"], "justice", damage=3)
    top = char["stack"][1]
    state, _ = act(state, Untransform(seat="p1", character=char["id"]))
    p = state["players"]["p1"]
    assert top in p["hand"] and [c["id"] for c in p["justice"]] == [char["id"]]
    assert p["justice"][0]["damage"] >= characters.defence(state, p["justice"][0])


def test_a_placement_condition_must_be_met() -> None:
    state = phase(new_state(), "placement", "p2")
    (card,) = to_hand(state, "p2", "ショッカー首領")
    action = PlaceCharacter(seat="p2", card=card, field="battle", area=1)
    state["players"]["p2"]["missions"] = [None] * 4 + [None]
    lay(state, "p2", "ショッカーの罠", 5, face_up=False, bluff=True)
    assert problem_character(state, action)[0] == "placement_condition"
    lay(state, "p2", "浄水場毒物作戦", 4, face_up=False)  # a face-down Shocker mission counts
    assert problem_character(state, action) is None


def test_a_character_that_may_return_instead_of_being_destroyed_asks_its_owner() -> None:
    for answer, where in ((ReturnInstead, "hand"), (AcceptDestruction, "graveyard")):
        state = phase(new_state(), "action", "p2")
        v3 = put(state, "p1", ["風見志郎", "仮面ライダーV3"], "battle", 1)
        foe = put(state, "p2", "イカデビル", "battle", 1)
        characters.deal(state, v3, 5, [], "test")
        state["pending"] = None
        flow.advance(state, [])
        assert state["pending"]["kind"] == "instead" and state["pending"]["seat"] == "p1"
        state, events = act(state, answer(seat="p1"))
        p = state["players"]["p1"]
        assert v3["stack"][1] in p[where] and v3["stack"][0] in p["graveyard"] and foe
        if answer is ReturnInstead:  # the event says where each card of the stack went
            (event,) = [e for e in events if e.kind == "instead_of_destruction"]
            assert (event.data["card"], event.data["graveyard"]) == (v3["stack"][1], [v3["stack"][0]])
            assert event.data["name"] == "仮面ライダーV3"

"""Structural sharing (issue 13): ``apply`` copies only what an action changes (state.copy_state, copy on write
through ``own`` / ``own_area`` / ``own_mission`` / ``own_character``), never its input; outside ``apply`` the step
functions still change the state they are given in place; the cached look-ups (abilities.index, ``Action.of``)
give what the uncached ones give."""

from __future__ import annotations

import json

import pytest

from referee.engine.errors import IllegalAction
from referee.games.riders_legend import ENGINE, flow, missions
from referee.games.riders_legend.abilities import Index, index, statics
from referee.games.riders_legend.actions import Attack, EndPhase, Execute, Move, PlaceMission
from referee.games.riders_legend.state import FRESH, own, own_character, own_mission

from .conftest import CARDS, act, lay, new_state, phase, put, to_hand


def _dynamic(state: dict) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True)


def test_a_move_copies_the_character_and_the_areas_it_changes_and_shares_the_rest() -> None:
    state = phase(new_state(), "movement")
    rider = put(state, "p1", "本郷猛", "justice")
    other = put(state, "p1", "一文字隼人", "battle", 2)
    foe = put(state, "p2", "ショッカー戦闘員", "battle", 1)
    before = _dynamic(state)
    new, _ = act(state, Move(seat="p1", character=rider["id"], field="battle", area=3))
    assert _dynamic(state) == before  # the input is unchanged
    moved = new["players"]["p1"]["battle"][2][0]
    assert moved["id"] == rider["id"] and moved["steps"] == 1 and moved is not rider and rider["steps"] == 0
    assert new["players"]["p1"]["justice"] == [] and state["players"]["p1"]["justice"] == [rider]
    assert new["players"]["p1"]["battle"][1][0] is other  # unchanged: shared with the input
    assert new["players"]["p2"]["battle"] is state["players"]["p2"]["battle"] and foe["id"]
    for key in ("deck", "graveyard", "discard_pile", "missions", "placed"):
        assert new["players"]["p1"][key] is state["players"]["p1"][key]
    assert new["players"]["p1"]["hand"] == state["players"]["p1"]["hand"]
    assert new["players"]["p1"]["hand"] is not state["players"]["p1"]["hand"]  # (the hand is always copied)


def test_an_attack_that_destroys_changes_neither_side_of_its_input() -> None:
    state = phase(new_state(), "action")
    rider = put(state, "p1", "仮面ライダー1号", "battle", 2)
    grunt = put(state, "p2", "ショッカー戦闘員", "battle", 2)
    before = _dynamic(state)
    new, events = act(state, Attack(seat="p1", attackers=(rider["id"],), target=grunt["id"]))
    assert _dynamic(state) == before
    assert grunt["damage"] == 0 and not rider["acted"]
    assert "destroyed" in [e.kind for e in events] and new["players"]["p2"]["battle"][1] == []
    assert grunt["id"] in new["players"]["p2"]["graveyard"] and grunt["id"] not in state["players"]["p2"]["graveyard"]


def test_the_end_of_a_turn_resets_copies_and_leaves_its_input_as_it_was() -> None:
    state = phase(new_state(), "action")
    helper = put(state, "p1", "本郷猛", "operation", 5, acted=True, damage=1, eot_attack=2)
    mission = state["players"]["p1"]["missions"][4]
    mission["operation"] = 3
    before = _dynamic(state)
    new, _ = act(state, EndPhase(seat="p1"))
    assert _dynamic(state) == before
    assert helper["acted"] and helper["damage"] == 1 and helper["eot_attack"] == 2 and mission["operation"] == 3
    reset = new["players"]["p1"]["operation"][4][0]
    assert (reset["damage"], reset["eot_attack"]) == (0, 0)
    assert new["players"]["p1"]["missions"][4]["operation"] == 0


def test_a_refused_action_leaves_no_copy_on_write_behind() -> None:
    state = phase(new_state(), "placement")
    (card,) = to_hand(state, "p1", "本郷猛")
    before = _dynamic(state)
    with pytest.raises(IllegalAction, match="already holds"):
        act(state, PlaceMission(seat="p1", card=card, area=5, bluff=1))  # area 5 holds p1's mission
    assert FRESH.get() is None and _dynamic(state) == before


def test_outside_apply_the_state_is_changed_in_place() -> None:
    state = phase(new_state(), "action")
    mission = lay(state, "p1", "怪人の追跡", 2)
    helper = put(state, "p1", "本郷猛", "operation", 2)
    assert FRESH.get() is None
    assert own_character(state, helper) is helper and own_mission(state, "p1", 2) is mission
    graveyard = state["players"]["p1"]["graveyard"]
    assert own(state, "p1", "graveyard") is graveyard
    missions.execute(state, "p1", 2, 1, [])
    assert mission["operation"] == 1  # the very dict: step functions called directly change their state
    flow.STEPS["end.reset"](state, [])
    assert mission["operation"] == 0


def test_a_state_apply_returned_changes_on_with_the_same_copy_on_write() -> None:
    state = phase(new_state(), "action", "p2")
    helper = put(state, "p2", "死神博士", "operation", 5)  # beside p2's face-down mission of area 5
    first, _ = act(state, Execute(seat="p2", character=helper["id"]))
    assert first["players"]["p2"]["missions"][4]["face_up"] and not state["players"]["p2"]["missions"][4]["face_up"]
    snapshot = _dynamic(first)
    second, _ = act(first, EndPhase(seat="p2"))
    assert _dynamic(first) == snapshot and second["turn"] == first["turn"] + 1


def test_the_abilities_index_gives_what_the_statics_say() -> None:
    for card in CARDS.values():
        abilities = card.get("abilities") or {}
        found = index(abilities)
        assert found is index(abilities)  # worked out once per abilities dict
        for code in {s["static"] for s in abilities.get("statics", ())}:
            assert list(statics(abilities, code)) == [s for s in abilities["statics"] if s["static"] == code]
        names = [n for s in abilities.get("statics", ()) if s["static"] == "transforms_from" for n in s["names"]]
        assert list(found.transforms_from) == names and found.wanted == set(names)
        assert found.steps == max([1, *(s["n"] for s in abilities.get("statics", ()) if s["static"] == "steps")])
    edited = {"statics": [{"static": "steps", "n": 3}]}
    assert index(edited).steps == 3 and index({**edited, "statics": []}).steps == 1  # a new dict: a new index
    assert Index({}).statics == {} and index({}) is index({})


def test_legal_actions_are_shared_equal_actions() -> None:
    state = phase(new_state(), "placement")
    listed = ENGINE.legal_actions(state, "p1")
    again = ENGINE.legal_actions(state, "p1")
    assert listed == again and all(a is b for a, b in zip(listed, again, strict=True))
    assert PlaceMission.of("p1", "p1c01", 2, 1) == PlaceMission(seat="p1", card="p1c01", area=2, bluff=1)
    assert EndPhase.of("p1") is EndPhase.of("p1") and EndPhase.of("p1") == EndPhase(seat="p1")

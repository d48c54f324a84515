"""Every worked ruling of ../shared/cases/riders_legend_rulings.json (copied to tests/cases/) through the engine's
own rule functions or a constructed game state. A case whose ``what`` is unknown fails, so a new case cannot be
skipped silently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games.riders_legend import ENGINE, characters, deck, field, flow, investigation, missions, wins
from referee.games.riders_legend.actions import Mulligan, PlaceCharacter, PlaceMission, Untransform
from referee.games.riders_legend.placement import problem_character, problem_mission
from referee.games.riders_legend.setup import HAND
from referee.games.riders_legend.state import area_list, new_character

from .conftest import act, cid, lay, new_state, phase, put, to_hand

CASES = json.loads((Path(__file__).parents[2] / "cases" / "riders_legend_rulings.json").read_text())["cases"]
ALIGNED = {"justice": "本郷猛", "evil": "ショッカー戦闘員"}  # a character of each type (for p1: put by hand)


def synthetic(state: dict, seat: str, card_type: str, **attributes) -> str:
    """Add a card of ``seat`` with the given attributes to a copy of the card table; returns its id."""
    card_id = f"{seat}x{len(state['cards'])}"
    base = {"faction": "ショッカー", "alignment": "evil", "limit_one": False}
    state["cards"] = {**state["cards"], card_id: {"name": f"test {card_id}", "card_type": card_type,
                                                   "attributes": {**base, **attributes}, "abilities": {},
                                                   "owner": seat}}
    return card_id


def _stack(case: dict) -> None:
    got = deck.stack(case["first_half"], case["eyecatch"], case["second_half"])
    assert got == case["expect_top_to_bottom"]
    state = new_state()
    halves, player = state["halves"]["p1"], state["players"]["p1"]
    top_to_bottom = list(reversed(player["deck"]))  # 7 of the first half are in the hand
    assert top_to_bottom.index(halves["eyecatch"]) == 30 - HAND
    assert set(top_to_bottom[:23]) <= set(halves["first"]) and set(top_to_bottom[24:]) == set(halves["second"])


def _draw_count(case: dict) -> None:
    state = phase(new_state())
    p = state["players"]["p1"]
    p["missions"] = [None] * 5
    for area in range(1, case["areas_with_own_missions"] + 1):
        lay(state, "p1", ("人質の救出", "アジトの捜索", "少年仮面ライダー隊の結成")[area % 3], area, face_up=False)
    before = len(p["hand"])
    p["deck"] = [c for c in p["deck"] if c != p["eyecatch"]]
    state["step"] = "draw.draw"
    flow.STEPS["draw.draw"](state, [])
    assert len(p["hand"]) - before == case["expect"]


def _eyecatch_in_draw_phase(case: dict) -> None:
    state = phase(new_state())
    p = state["players"]["p1"]
    a, b = p["deck"][-1], p["deck"][-2]
    p["deck"] = [c for c in p["deck"] if c not in (a, b, p["eyecatch"])] + [b, p["eyecatch"], a]
    hand, events = list(p["hand"]), []
    deck.draw(state, "p1", case["to_draw"], events, "ドローフェイズ/B3.2", draw_phase=True)
    expect = case["expect"]
    assert [c for c in p["hand"] if c not in hand] == [a] and len(expect["hand_gains"]) == 1
    assert p["graveyard"][-1] == p["eyecatch"]
    assert bool(state["queue"]) is expect["effect_applied"]
    assert p["deck"][-1] == b and len(expect["deck_top"]) == 1


def _eyecatch_outside(case: dict) -> None:
    state = phase(new_state(), "action")
    p = state["players"]["p1"]
    p["deck"] = [c for c in p["deck"] if c != p["eyecatch"]] + [p["eyecatch"]]
    deck.draw(state, "p1", 1, [], "effect")
    assert (p["graveyard"][-1] == p["eyecatch"]) is case["expect"]["graveyard"]
    assert bool(state["queue"]) is case["expect"]["effect_applied"]


def _mission_placement(case: dict) -> None:
    ops = case["own_operation_characters_in_area"]
    holds = case.get("area_holds_own_mission", False)
    assert missions.placement(case["alignment"], holds, ops) == case["expect"]
    state = phase(new_state())
    p, area = state["players"]["p1"], case["area"]
    p["missions"] = [None] * 5
    if case["alignment"] == "evil":
        card = synthetic(state, "p1", "mission", required_operation=3, attack=1, defence=3)
        p["hand"].append(card)
    else:
        (card,) = to_hand(state, "p1", "人質の救出" if case["alignment"] == "justice" else "ライダーキック")
    if area != 5:
        lay(state, "p1", "怪人の追跡", 5, face_up=False)
    if holds:
        lay(state, "p1", "アジトの捜索", area, face_up=True)
    for alignment in ops:
        put_aligned(state, "p1", alignment, "operation", area)
    action = PlaceMission(seat="p1", card=card, area=area, bluff=int(case["alignment"] == "bluff"))
    if case["expect"] is None:
        assert problem_mission(state, action) is not None
        return
    state, _ = act(state, action)
    assert state["players"]["p1"]["missions"][area - 1]["face_up"] is (case["expect"] == "face_up")


def put_aligned(state: dict, seat: str, alignment: str, fld: str, area: int) -> dict:
    """A character of ``alignment`` for ``seat`` (p1's deck holds no evil character: a synthetic one)."""
    if alignment == "justice":
        return put(state, seat, "本郷猛", fld, area)
    card = synthetic(state, seat, "character", attack=2, defence=2, operation=2)
    char = new_character(card)
    area_list(state["players"][seat], fld, area).append(char)
    return char


def _revealed(case: dict) -> None:
    state = phase(new_state(), "action")
    name = {"justice": "人質の救出", "bluff": "ライダーキック", "evil": "怪人の追跡"}[case["is"]]
    mission = lay(state, "p2", "浄水場毒物作戦", 3, face_up=False)
    if case["is"] != "evil":
        mission["card"] = cid(state, name, "p1")  # a card laid face down (ownership is not checked here)
        mission["bluff"] = case["is"] == "bluff"
    investigator = put(state, "p1", "本郷猛", "battle", 3)
    assert investigation.problem(state, "p1", investigator["id"]) is None
    got = investigation.investigate(state, "p1", investigator["id"], [])
    assert got == case["expect"]
    assert investigator["acted"]


def _character_placement(case: dict) -> None:
    area = case["area"] or 0
    assert field.placement_allowed(case["alignment"], case["field"], case["own_justice_mission_in_area"]) \
        is case["expect"]
    state = phase(new_state())
    if case["own_justice_mission_in_area"]:
        lay(state, "p1", "人質の救出", area, face_up=True)
    (card,) = to_hand(state, "p1", ALIGNED[case["alignment"]]) if case["alignment"] == "justice" else (None,)
    if card is None:
        card = synthetic(state, "p1", "character", attack=2, defence=2, operation=2)
        state["players"]["p1"]["hand"].append(card)
    action = PlaceCharacter(seat="p1", card=card, field=case["field"], area=area)
    assert (problem_character(state, action) is None) is case["expect"]


def _per_turn(case: dict) -> None:
    state = phase(new_state())
    p = state["players"]["p1"]
    p["placed"] = dict(case["placed_this_turn"])
    if case["try"] == "character":
        (card,) = to_hand(state, "p1", "本郷猛")
        ok = problem_character(state, PlaceCharacter(seat="p1", card=card, field="justice")) is None
    else:
        (card,) = to_hand(state, "p1", "人質の救出")
        ok = problem_mission(state, PlaceMission(seat="p1", card=card, area=1)) is None
    assert ok is case["expect"]


def _mission_damage(case: dict) -> None:
    state = phase(new_state(), "action")
    card = synthetic(state, "p2", "mission", required_operation=3, attack=case["mission_attack"],
                     defence=case["defence"])
    state["players"]["p2"]["missions"][1] = {**lay(state, "p2", "改造人間計画", 2), "card": card}
    p = state["players"]["p2"]
    p["deck"] = p["deck"][-case["owner_deck"]:]
    destroyed = False
    for hit in case["hits"]:
        destroyed = missions.damage(state, "p2", 2, hit, [], "test")
    expect = case["expect"]
    assert destroyed is expect["destroyed"]
    assert len(p["deck"]) == expect["owner_deck"] and len(p["discard_pile"]) == expect["owner_discard_pile"]


def _character_damage(case: dict) -> None:
    state = phase(new_state(), "action", seat="p2")
    char = put(state, "p1", "滝和也", "battle", 2, eot_defence=case["defence"] - 2)  # 滝和也: defence 2
    for hit in case["hits"]:
        characters.deal(state, char, hit, [], "test")
    characters.check_destroyed(state, [])
    expect = case["expect"]
    on_field = any(c is char for c in state["players"]["p1"]["battle"][1])
    assert (not on_field) is expect["destroyed"]
    if expect["destroyed"]:
        assert char["stack"][0] in state["players"]["p1"][expect["to"]]
        return
    flow.STEPS["end.reset"](state, [])  # the end of p2's turn: p1's damage stays
    assert char["damage"] == sum(case["hits"])
    state["turn_seat"] = "p1"
    char["eot_defence"] = case["defence"] - 2
    flow.STEPS["end.reset"](state, [])  # the end of its owner's turn
    assert char["damage"] == expect["damage_after_owner_turn_end"]


def _execute(case: dict) -> None:
    state = phase(new_state(), "action")
    card = synthetic(state, "p1", "mission", required_operation=case["required"], attack=case["mission_attack"],
                     defence=9)
    state["cards"][card]["abilities"] = {"triggers": [{"when": "achieved", "effects": [{"effect": "draw", "n": 1}]}]}
    mission = lay(state, "p1", "怪人の追跡", 2)
    mission.update(card=card, achieved=case["achieved_before"])
    foe = len(state["players"]["p2"]["deck"])
    events: list = []
    for power in case["operation"]:
        missions.execute(state, "p1", 2, power, events)
    expect = case["expect"]
    achieved = any(e.kind == "achieved" for e in events)
    assert achieved is expect["achieved"]
    assert bool(state["queue"]) is expect["effect_applied"]
    assert foe - len(state["players"]["p2"]["deck"]) == expect["opponent_deck_damage"]
    assert mission["operation"] == expect["operation_after"]


def _deck_out(case: dict) -> None:
    state = phase(new_state(), "action")
    p = state["players"]["p2"]
    p["deck"] = p["deck"][-case["deck"]:]
    deck.damage(state, "p2", case["damage"], [], "test")
    assert ("p2" in wins.losers(state)) is (case["expect"] == "loses")
    assert state["outcome"]["winner"] == "p1"


def _missions_left(case: dict) -> None:
    state = phase(new_state(), "action")
    state["players"]["p2"]["missions"] = [None] * 5
    assert ("p2" in wins.losers(state)) is (case["expect"] == "loses") and case["missions"] == 0


def _unique(case: dict) -> None:
    limit = case.get("limit_one", False)
    got = field.placement_unique(case.get("own_field_names", []), case.get("opponent_field_names", []),
                                 [case["place"]], limit)
    assert got is case["expect"]
    state = phase(new_state())  # through the engine, with characters carrying the names of the case
    for seat, key in (("p1", "own_field_names"), ("p2", "opponent_field_names")):
        for names in case.get(key, []):
            if names == ["仮面ライダー1号", "本郷猛"]:
                put(state, seat, "仮面ライダー1号", "justice")  # placed alone, it carries 本郷猛 too (B6)
            else:
                card = synthetic(state, seat, "character", attack=1, defence=1, operation=1)
                state["cards"][card] = {**state["cards"][card], "name": names[0]}
                area_list(state["players"][seat], "battle", 1).append(new_character(card))
    card = synthetic(state, "p1", "character", alignment="justice", faction="正義", attack=1, defence=1,
                     operation=1, limit_one=limit)
    state["cards"][card] = {**state["cards"][card], "name": case["place"]}
    state["players"]["p1"]["hand"].append(card)
    ok = problem_character(state, PlaceCharacter(seat="p1", card=card, field="justice")) is None
    assert ok is case["expect"]


def _opening(case: dict) -> None:
    state = new_state()
    p = state["players"]["p1"]
    assert len(p["hand"]) == case["expect"]["hand"] and flow.HAND_LIMIT == case["expect"]["hand_limit"]
    assert Mulligan(seat="p1") in ENGINE.legal_actions(state, "p1")
    state, events = act(state, Mulligan(seat="p1"))
    assert len(state["players"]["p1"]["hand"]) == 7 and state["players"]["p1"]["mulliganed"]
    assert [e.kind for e in events].count("mulligan") == case["expect"]["mulligans"]
    assert state["pending"]["seat"] == "p2"  # p1's one mulligan is spent: p2 decides next


def _opening_missions(case: dict) -> None:
    from referee.games.riders_legend.actions import KeepHand

    state = new_state()
    state, _ = act(state, KeepHand(seat="p1"))
    state, _ = act(state, KeepHand(seat="p2"))
    if case["seat"] == "second":
        first = ENGINE.legal_actions(state, "p1")[0]
        state, _ = act(state, first)
    pending = state["pending"]
    assert (pending["min"], pending["max"]) == (case["expect"]["min"], case["expect"]["max"])
    assert pending["kind"] == "opening" and pending["seat"] == ("p1" if case["seat"] == "first" else "p2")


def _untransform(case: dict) -> None:
    state = phase(new_state())
    char = put(state, "p1", case["stack_bottom_to_top"], "justice")
    top = char["stack"][-1]
    state, _ = act(state, Untransform(seat="p1", character=char["id"]))
    left = state["players"]["p1"]["justice"][0]
    assert [state["cards"][c]["name"] for c in left["stack"]] == case["expect"]["stack"]
    assert top in state["players"]["p1"]["hand"] and state["cards"][top]["name"] in case["expect"]["hand_gains"]


CHECKS = {
    "stack the deck": _stack,
    "draw count": _draw_count,
    "draw phase with eyecatch": _eyecatch_in_draw_phase,
    "eyecatch drawn outside the draw phase": _eyecatch_outside,
    "mission placement": _mission_placement,
    "face-down mission revealed": _revealed,
    "character placement": _character_placement,
    "placements per turn": _per_turn,
    "mission damage": _mission_damage,
    "character damage": _character_damage,
    "execute mission": _execute,
    "deck damage empties the deck": _deck_out,
    "missions left": _missions_left,
    "unique on own side": _unique,
    "one card limit": _unique,
    "opening": _opening,
    "opening missions": _opening_missions,
    "untransform": _untransform,
}


def _check(case: dict) -> None:
    check = CHECKS.get(case["what"])
    if check is None:
        pytest.fail(f"no check written for ruling kind {case['what']!r} (clause {case['clause']})")
    check(case)


@pytest.mark.parametrize("case", CASES, ids=[f"{i:02d}-{c['what']}" for i, c in enumerate(CASES)])
def test_worked_ruling_gives_the_expected_answer(case: dict) -> None:
    _check(case)


def test_a_ruling_of_unknown_kind_fails() -> None:
    with pytest.raises(pytest.fail.Exception):
        _check({"what": "no such ruling", "clause": "?"})


def test_the_copied_rulings_file_is_the_shared_one_when_it_is_present() -> None:
    shared = Path(__file__).parents[4] / "shared" / "cases" / "riders_legend_rulings.json"
    if not shared.exists():
        pytest.skip("the shared folder is not beside this checkout")
    assert json.loads(shared.read_text())["cases"] == CASES

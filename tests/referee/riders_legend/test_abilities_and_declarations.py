"""The Riders' Legend vocabulary and the seed cards' abilities data, action cards, mission effects, eyecatch
sides and the player-dependent declarations."""

from __future__ import annotations

import json

from referee.games.riders_legend import ENGINE
from referee.games.riders_legend.abilities import VOCABULARY, not_yet_refereed, render, validate
from referee.games.riders_legend.actions import (
    AcceptDeclaration,
    Choose,
    Declare,
    DeclineDeclaration,
    DisputeDeclaration,
    Execute,
    PlayAction,
)
from referee.games.riders_legend.cards import table

from .conftest import CARDS, CATALOGUE, act, kinds, lay, new_state, phase, put, to_hand


def test_every_seed_card_has_valid_abilities_and_none_is_left_unrefereed() -> None:
    assert set(table()) == set(CARDS)
    assert not_yet_refereed(list(CARDS.values())) == []
    assert all(validate(a) == [] for a in table().values())
    assert VOCABULARY.unimplemented() == []


def test_abilities_are_marked_sample_exactly_where_the_catalogue_text_is_a_sample() -> None:
    for card in json.loads(CATALOGUE.read_text(encoding="utf-8"))["cards"]:
        sample = any(f in card["sample_fields"] for f in ("rules_text", "placement_condition", "side_a", "side_b"))
        assert table()[card["name"]]["sample"] is sample, card["name"]


def test_a_card_whose_text_has_no_abilities_or_whose_transformation_differs_is_named_as_not_refereed() -> None:
    bare = {"name": "x", "card_type": "action", "attributes": {}, "rules_text": "相手に1ダメージ。"}
    wrong = {**CARDS["仮面ライダー1号"], "attributes": {**CARDS["仮面ライダー1号"]["attributes"],
                                                      "transforms_from": ["一文字隼人"]}}
    assert [n for n, _ in not_yet_refereed([bare, wrong])] == ["x", "仮面ライダー1号"]


def test_the_card_text_renders_in_japanese_and_english() -> None:
    assert render(table()["ライダーキック"]) == ["自分の正義タイプのキャラクター1体の攻撃力+3（ターン終了時まで）。"]
    assert render(table()["ゲゲル"], "en") == ["When achieved: Deal 1 damage to the opposing deck."]


def test_an_action_card_goes_to_the_graveyard_and_its_target_is_chosen() -> None:
    state = phase(new_state(), "action")
    a = put(state, "p1", "本郷猛", "battle", 1)
    b = put(state, "p1", "一文字隼人", "battle", 2)
    (card,) = to_hand(state, "p1", "ライダーキック")
    state, _ = act(state, PlayAction(seat="p1", card=card))
    assert card in state["players"]["p1"]["graveyard"]
    assert state["pending"]["kind"] == "choose" and state["pending"]["options"] == [a["id"], b["id"]]
    state, events = act(state, Choose(seat="p1", option=b["id"]))
    assert state["players"]["p1"]["battle"][1][0]["eot_attack"] == 3 and "modify" in kinds(events)


def with_abilities_of(state: dict, card: str, abilities: dict) -> None:
    """Give the card ``card`` other abilities (a copy of the card table)."""
    state["cards"] = {**state["cards"], card: {**state["cards"][card], "abilities": abilities}}


def test_a_use_condition_keeps_an_action_card_in_the_hand() -> None:
    state = phase(new_state(), "action")
    (card,) = to_hand(state, "p1", "ライダーパンチ")
    assert PlayAction(seat="p1", card=card) in ENGINE.legal_actions(state, "p1")
    with_abilities_of(state, card, CARDS["マイティキック"]["abilities"])  # needs a 仮面ライダークウガ of yours
    assert PlayAction(seat="p1", card=card) not in ENGINE.legal_actions(state, "p1")


def _declaring(state: dict) -> str:
    (card,) = to_hand(state, "p1", "ライダーパンチ")
    with_abilities_of(state, card, {"effects": [
        {"effect": "declare", "claim_ja": "眼鏡をかけている", "claim_en": "You wear glasses",
         "effects": [{"effect": "draw", "n": 2}]}]})
    return card


def test_an_accepted_declaration_takes_effect_and_both_answers_are_events() -> None:
    state = phase(new_state(), "action")
    card = _declaring(state)
    hand = len(state["players"]["p1"]["hand"])
    state, _ = act(state, PlayAction(seat="p1", card=card))
    assert state["pending"]["kind"] == "declare" and state["pending"]["claim_ja"] == "眼鏡をかけている"
    state, events = act(state, Declare(seat="p1"))
    assert kinds(events) == ["declaration"] and state["pending"]["kind"] == "answer_declaration"
    assert state["pending"]["seat"] == "p2"
    state, events = act(state, AcceptDeclaration(seat="p2"))
    assert kinds(events)[0] == "declaration_accepted" and len(state["players"]["p1"]["hand"]) == hand - 1 + 2


def test_a_disputed_or_declined_declaration_does_not_take_effect() -> None:
    for answers in ((Declare, DisputeDeclaration), (DeclineDeclaration,)):
        state = phase(new_state(), "action")
        card = _declaring(state)
        hand = len(state["players"]["p1"]["hand"])
        state, _ = act(state, PlayAction(seat="p1", card=card))
        events: list = []
        for answer in answers:
            seat = "p2" if answer is DisputeDeclaration else "p1"
            state, got = act(state, answer(seat=seat))
            events += got
        assert kinds(events)[-1] in ("declaration_disputed", "declaration_declined")
        assert len(state["players"]["p1"]["hand"]) == hand - 1 and state["pending"]["kind"] == "action"


def test_a_missions_achievement_effect_resolves_through_the_queue() -> None:
    state = phase(new_state(), "action")
    lay(state, "p1", "アジトの捜索", 2)  # 達成時: turn an opposing face-down mission face up
    helper = put(state, "p1", "本郷猛", "operation", 2)
    state, events = act(state, Execute(seat="p1", character=helper["id"]))
    assert kinds(events).index("trigger") < kinds(events).index("reveal")
    assert state["players"]["p2"]["missions"][4]["face_up"]  # the one candidate is picked by the engine


def test_the_eyecatch_sides_of_the_seed_cards_are_triggers() -> None:
    sides = {t["when"] for t in table()["アイキャッチ 仮面ライダーアギト"]["triggers"]}
    assert sides == {"eyecatch_a", "eyecatch_b"}

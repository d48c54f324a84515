"""Riders' Legend rules a mutation run found untested (docs/testing.md, "Mutation testing"): both players losing
at once, the action phase's listing computed from the state alone, and where a justice or an evil character may
stand."""

from __future__ import annotations

import pytest

from referee.engine.actions import Event
from referee.games.riders_legend import action_phase, field, wins

from .conftest import new_state, phase, put


@pytest.mark.parametrize(("draw", "winner", "clause"), [
    (True, None, "勝利条件/B8 (reading both_lose_draw)"),
    (False, "p1", "勝利条件/B4.8 デッキが尽きる（その瞬間）"),
])
def test_both_decks_running_out_at_once(draw: bool, winner: str | None, clause: str) -> None:
    """勝利条件/B8 (reading both_lose_draw): a draw; else the turn player wins (the other lost first)."""
    state = phase(new_state(config={"readings": {"both_lose_draw": draw}}), "action")
    state["turn_seat"] = "p1"
    for seat in ("p1", "p2"):
        state["players"][seat]["deck_out"] = True
    events: list[Event] = []
    assert wins.check(state, events)
    assert (state["outcome"]["winner"], state["outcome"]["clause"]) == (winner, clause)
    assert state["pending"] is None and [e.kind for e in events] == ["game_end"]


def test_the_action_phase_listing_reads_the_field_itself_when_not_given_it() -> None:
    state = phase(new_state(), "action")
    put(state, "p1", "本郷猛", "battle", 1)
    from referee.games.riders_legend.state import characters

    assert action_phase.legal(state, "p1") == action_phase.legal(state, "p1", on_field=characters(state, "p1"))
    assert action_phase.legal(state, "p1")


@pytest.mark.parametrize(("name", "justice_ok"), [("本郷猛", True), ("ショッカー戦闘員", False)])
def test_only_a_justice_character_stands_in_the_justice_field(name: str, justice_ok: bool) -> None:
    """B2 (reading movement_follows_placement off): the justice field is for justice characters; the others
    stand anywhere else."""
    state = new_state(config={"readings": {"movement_follows_placement": False}})
    card = next(k for k, v in state["cards"].items() if v["name"] == name)
    assert field.may_stand(state, "p1", card, ("justice", 0)) is justice_ok
    assert field.may_stand(state, "p1", card, ("operation", 2))


def _refusal(state: dict, action) -> tuple[str, str]:
    from referee.engine.errors import IllegalAction
    from referee.games.riders_legend import ENGINE

    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, action)
    return refused.value.code, refused.value.clause


def test_a_mission_achieved_this_turn_is_not_carried_out_again() -> None:
    """B5.8 (reading achieve_again_same_turn off)."""
    from referee.games.riders_legend.actions import Execute

    from .conftest import lay

    state = phase(new_state(config={"readings": {"achieve_again_same_turn": False}}), "action")
    lay(state, "p1", "アジトの捜索", 2, achieved=True, achieved_turn=state["turn"])
    helper = put(state, "p1", "本郷猛", "operation", 2)
    assert _refusal(state, Execute(seat="p1", character=helper["id"])) == ("achieved_this_turn", "B5.8 (reading)")


def test_a_transformation_needs_the_turns_placement_unless_it_is_free() -> None:
    """B3.3c (reading transform_is_free off): once a character is placed, no transformation this turn."""
    from referee.games.riders_legend.actions import Transform

    from .conftest import to_hand

    state = phase(new_state(config={"readings": {"transform_is_free": False}}))
    base = put(state, "p1", "本郷猛", "battle", 2)
    (card,) = to_hand(state, "p1", "仮面ライダー1号")
    state["players"]["p1"]["placed"] = {**state["players"]["p1"]["placed"], "character": 1}
    assert _refusal(state, Transform(seat="p1", card=card, character=base["id"])) == ("character_placed", "B3.3c")


def test_an_attack_on_a_character_out_of_reach_names_the_rule() -> None:
    from referee.games.riders_legend.actions import Attack

    state = phase(new_state(), "action")
    me = put(state, "p1", "本郷猛", "battle", 1)
    far = put(state, "p2", "さそり男", "battle", 4)
    assert _refusal(state, Attack(seat="p1", attackers=(me["id"],), target=far["id"])) == \
        ("bad_target", "キャラクターの攻撃/B4.1-B4.2")

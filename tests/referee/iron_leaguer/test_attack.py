"""IL 6: attack — attack points, failed attacks, acted ILs, growth from techniques and every pass option."""

from __future__ import annotations

import copy

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer.actions import Assign, Declare, Discard, GrowthSplit, Pass, Refill

from .conftest import ENGINE, act, cid, give, kinds


def attack(state, dice, card_name="strike1", il_name="ダーク0", roll=(3, 4)):
    card = give(state, "dark", card_name)[0]
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(*roll)
    return act(state, Assign("dark", (cid(state, il_name),)))


def test_attack_points_are_the_value_minus_the_dice_and_the_penalty(state, dice) -> None:
    state["ils"][cid(state, "ダーク0")]["penalty"] = 2
    state, events = attack(state, dice)
    event = next(e for e in events if e.kind == "attack")
    assert (
        event.clause,
        event.data["attack_value"],
        event.data["dice"],
        event.data["modifier"],
        event.data["ap"],
    ) == ("6.2/6.3/6.4", 14, [3, 4], 2, 5)


def test_an_attack_below_zero_is_a_failed_attack(state, dice) -> None:
    state["ils"][cid(state, "ダーク0")]["penalty"] = 3
    state, events = attack(state, dice, roll=(6, 6))  # 14 - 12 - 3 = -1
    assert "attack_failed" in kinds(events)
    assert state["pending"] == {"kind": "attack", "seat": "silver"}
    assert state["ils"][cid(state, "ダーク0")]["acted"] is True


def test_a_successful_attack_asks_the_other_team_to_defend(state, dice) -> None:
    state, _ = attack(state, dice)
    assert (state["pending"]["kind"], state["pending"]["seat"], state["pending"]["attack"]["points"]) == (
        "defence",
        "silver",
        7,
    )


def test_the_attacking_il_has_acted(state, dice) -> None:
    state, _ = attack(state, dice)
    assert state["ils"][cid(state, "ダーク0")]["acted"]


def test_a_technique_with_a_growth_bonus_makes_its_users_check_growth(state, dice) -> None:
    card = give(state, "dark", "arm連携1")[0]  # two persons, growth bonus +2
    users = (cid(state, "ダーク2"), cid(state, "ダーク6"))  # arm; growth 5 and 3
    state["ils"][users[1]]["heart"] = 2
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(1, 1, 6, 6, 1, 1)
    state, events = act(state, Assign("dark", users))
    for il, total in zip(users, (7, 5), strict=True):  # each check waits for its split (IL 11.6): made once
        assert (state["pending"]["kind"], state["pending"]["il"], state["pending"]["total"]) == ("growth", il, total)
        state, more = act(state, GrowthSplit("dark", il, (total,)))
        events += more
    growth = [
        (e.clause, e.data["il"], e.data["value"], e.data["success"]) for e in events if e.kind == "growth"
    ]
    assert growth == [("6.8/7.8/11.4", users[0], 7, False), ("6.8/7.8/11.4", users[1], 5, True)]
    assert (state["pending"]["kind"], state["pending"]["seat"]) == ("defence", "silver")


def with_half(state: dict, card: str, side: str, **changes) -> None:
    """Change one half of one card in this test's state only."""
    card_data = state["cards"][card]
    attributes = {**card_data["attributes"], side: {**card_data["attributes"][side], **changes}}
    state["cards"] = {**state["cards"], card: {**card_data, "attributes": attributes}}


def test_a_technique_that_moves_the_attack_right_moves_it_when_the_defence_gives_no_instruction(
    state, dice
) -> None:
    card = give(state, "dark", "トライ1")[0]  # three persons, moves the attack right
    guard = give(state, "silver", "補助1")[0]
    with_half(state, guard, "upper", defence=30)
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    trio = next(a for a in ENGINE.legal_actions(state, "dark") if isinstance(a, Assign))
    dice(6, 6)
    state, _ = act(state, trio)
    state, _ = act(state, Declare("silver", "defence", ((guard, "upper"),)))
    dice(1, 1)
    state, events = act(state, Assign("silver", (state["teams"]["silver"][0],)))
    assert [e.clause for e in events if e.kind == "attack_right"] == ["6.9/7.9"]
    assert state["pending"] == {"kind": "attack", "seat": "silver"}


def test_without_such_a_technique_the_attacker_keeps_the_attack_right(state, dice) -> None:
    card = give(state, "dark", "strike1")[0]
    guard = give(state, "silver", "補助1")[0]
    with_half(state, guard, "upper", defence=30)
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(1, 1)
    state, _ = act(state, Assign("dark", (cid(state, "ダーク0"),)))
    state, _ = act(state, Declare("silver", "defence", ((guard, "upper"),)))
    dice(1, 1)
    state, events = act(state, Assign("silver", (state["teams"]["silver"][0],)))
    assert "attack_right" not in kinds(events) and state["pending"] == {"kind": "attack", "seat": "dark"}


def test_a_defence_technique_that_moves_the_attack_right_moves_it_on_a_successful_defence(state, dice) -> None:
    """IL 7.9: a half used in the defence that moves the attack right moves it too, when the successful defence
    gives no instruction (the attack's own half does not)."""
    card = give(state, "dark", "strike1")[0]
    guard = give(state, "silver", "補助1")[0]
    with_half(state, guard, "upper", defence=30, moves_attack_right=True)
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(1, 1)
    state, _ = act(state, Assign("dark", (cid(state, "ダーク0"),)))
    state, _ = act(state, Declare("silver", "defence", ((guard, "upper"),)))
    dice(1, 1)
    state, events = act(state, Assign("silver", (state["teams"]["silver"][0],)))
    assert [(e.clause, e.data) for e in events if e.kind == "attack_right"] == [("6.9/7.9", {"to": "silver"})]
    assert state["pending"] == {"kind": "attack", "seat": "silver"}


def test_passing_under_the_hand_limit_draws_up_to_it_and_passes_the_attack_right(state) -> None:
    give(state, "dark", "strike1")
    state, events = act(state, Pass("dark", "draw"))
    assert len(state["hands"]["dark"]) == 5 and state["match"]["attacker"] == "silver"
    assert [e.clause for e in events if e.kind == "pass"] == ["6.6.1"]


def test_passing_at_the_hand_limit_discards_then_refills_to_the_limit(state) -> None:
    first = state["hands"]["dark"][0]
    state, _ = act(state, Pass("dark", "refresh"))
    state, _ = act(state, Discard("dark", first))
    state, _ = act(state, Refill("dark"))
    assert first in state["tech"]["discard"] and len(state["hands"]["dark"]) == 5
    assert state["pending"] == {"kind": "attack", "seat": "silver"}


def test_draw_is_not_offered_at_the_hand_limit(state) -> None:
    with pytest.raises(IllegalAction) as err:
        act(state, Pass("dark", "draw"))
    assert (err.value.code, err.value.clause) == ("bad_pass", "6.6")


def test_passing_may_ready_up_to_three_acted_ils(state) -> None:
    acted = state["teams"]["dark"][:4]
    for il in acted:
        state["ils"][il]["acted"] = True
    new, _ = act(state, Pass("dark", "ready", tuple(acted[:3])))
    assert [new["ils"][il]["acted"] for il in acted] == [False, False, False, True]
    with pytest.raises(IllegalAction):
        act(state, Pass("dark", "ready", tuple(acted)))


def test_passing_with_no_action_only_moves_the_attack_right(state) -> None:
    new, _ = act(state, Pass("dark", "none"))
    assert new["hands"] == state["hands"] and new["match"]["attacker"] == "silver"


def test_a_ready_pass_naming_ils_out_of_line_up_order_is_refused(state) -> None:
    acted = state["teams"]["dark"][:2]
    for il in acted:
        state["ils"][il]["acted"] = True
    with pytest.raises(IllegalAction) as err:
        act(state, Pass("dark", "ready", (acted[1], acted[0])))
    assert err.value.code == "bad_pass"


def test_a_ready_pass_naming_an_il_that_has_not_acted_is_refused(state) -> None:
    state["ils"][state["teams"]["dark"][0]]["acted"] = True
    with pytest.raises(IllegalAction) as err:
        act(state, Pass("dark", "ready", tuple(state["teams"]["dark"][:2])))
    assert err.value.code == "bad_pass"


def test_an_accepted_action_leaves_the_state_it_was_given_unchanged(state) -> None:
    acted = state["teams"]["dark"][:3]
    for il in acted:
        state["ils"][il]["acted"] = True
    before = copy.deepcopy(state)
    new, _ = act(state, Pass("dark", "ready", tuple(acted)))
    assert state == before and new["ils"] != before["ils"]

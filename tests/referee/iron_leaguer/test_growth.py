"""IL 11.6 for every growth check: in a match (6.8/7.8/11.4), at the interval (11.5, test_interval.py), after a
rescue (13.8, test_interval.py), in training (18.4) and in persuasion (20.5) the value may be split into several
checks, chosen by the seat that makes the check; the clock makes a waiting check once."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer import rules
from referee.games.iron_leaguer.actions import Assign, Declare, GrowthSplit, Persuade, Training

from .conftest import ENGINE, act, cid, give, kinds
from .test_attack import with_half
from .test_interval_steps import at_step


def growth_values(events) -> list[tuple[str, int]]:
    return [(e.data["il"], e.data["value"]) for e in events if e.kind == "growth"]


def twin_attack(state, dice):
    """Dark attacks with arm連携1 (two persons, growth bonus +2) by ダーク2 (growth 5) and ダーク6 (growth 3)."""
    card = give(state, "dark", "arm連携1")[0]
    users = (cid(state, "ダーク2"), cid(state, "ダーク6"))
    state["ils"][users[1]]["heart"] = 2  # the card's heart 2
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(1, 1)
    state, events = act(state, Assign("dark", users))
    return state, events, users


def test_an_in_match_growth_check_may_be_split_by_the_users_team(state, dice) -> None:
    state, events, users = twin_attack(state, dice)
    assert "growth" not in kinds(events)  # IL 11.6: the split is chosen before the dice
    pending = state["pending"]
    assert (pending["kind"], pending["seat"], pending["il"], pending["total"]) == ("growth", "dark", users[0], 7)
    assert ENGINE.legal_actions(state, "dark") == [
        GrowthSplit("dark", users[0], parts) for parts in rules.growth_splits(7)
    ]
    dice(1, 1, 1, 1, 6, 6, 1, 1)
    state, events = act(state, GrowthSplit("dark", users[0], (4, 3)))
    assert growth_values(events) == [(users[0], 4), (users[0], 3)]
    assert {e.clause for e in events if e.kind == "growth"} == {"6.8/7.8/11.4"}
    assert (state["pending"]["il"], state["pending"]["total"]) == (users[1], 5)
    state, events = act(state, GrowthSplit("dark", users[1], (3, 2)))
    assert growth_values(events) == [(users[1], 3), (users[1], 2)]
    # the attack goes on once its checks are made (IL 7.1): Silver defends AP 16 - 2 = 14
    assert (state["pending"]["kind"], state["pending"]["seat"], state["pending"]["attack"]["points"]) == (
        "defence",
        "silver",
        14,
    )


def test_a_defenders_growth_check_is_split_before_the_defence_is_resolved(state, dice) -> None:
    card = give(state, "dark", "strike1")[0]
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(3, 4)
    state, _ = act(state, Assign("dark", (cid(state, "ダーク0"),)))  # AP 7
    guard = give(state, "silver", "arm1")[0]
    with_half(state, guard, "lower", growth_bonus=3)
    defender = cid(state, "シルバー0")  # growth 4: 7
    state, _ = act(state, Declare("silver", "defence", ((guard, "lower"),)))
    dice(1, 1)
    state, events = act(state, Assign("silver", (defender,)))
    assert "defence_succeeded" not in kinds(events)
    assert (state["pending"]["kind"], state["pending"]["seat"], state["pending"]["total"]) == ("growth", "silver", 7)
    dice(1, 1, 1, 1)
    state, events = act(state, GrowthSplit("silver", defender, (4, 3)))
    assert growth_values(events) == [(defender, 4), (defender, 3)]
    assert [e.data["instruction"] for e in events if e.kind == "defence_succeeded"] == ["attack_right"]
    assert state["pending"] == {"kind": "attack", "seat": "silver"}


def test_a_training_growth_check_may_be_split(state, dice) -> None:
    at_step(state, 2, "silver", "actions")
    il = cid(state, "シルバー0")  # growth 4, +3
    state, events = act(state, Training("silver", ((il, 3),)))
    assert "growth" not in kinds(events) and state["interval"]["actions_left"]["silver"] == 2
    assert (state["pending"]["kind"], state["pending"]["seat"], state["pending"]["total"]) == ("growth", "silver", 7)
    dice(1, 1, 6, 6)
    state, events = act(state, GrowthSplit("silver", il, (4, 3)))
    assert [(e.clause, e.data["value"], e.data["success"]) for e in events if e.kind == "growth"] == [
        ("18.4", 4, True),
        ("18.4", 3, False),
    ]
    assert state["pending"] == {"kind": "action", "seat": "dark"}  # IL 16.3: the other team's turn


def test_each_trained_il_waits_for_its_own_split(state, dice) -> None:
    at_step(state, 2, "silver", "actions")
    one, two = cid(state, "シルバー0"), cid(state, "シルバー1")  # growth 4 and 5
    state, _ = act(state, Training("silver", ((one, 1), (two, 2))))
    assert (state["pending"]["il"], state["pending"]["total"]) == (one, 5)
    state, _ = act(state, GrowthSplit("silver", one, (5,)))
    assert (state["pending"]["il"], state["pending"]["total"]) == (two, 7)
    state, _ = act(state, GrowthSplit("silver", two, (5, 2)))
    assert state["pending"] == {"kind": "action", "seat": "dark"}


def test_silver_splits_the_growth_check_of_the_dark_il_it_persuades(state, dice) -> None:
    at_step(state, 2, "silver", "actions")
    persuader, target = cid(state, "シルバー2"), cid(state, "ダーク1")  # hearts 4 and 2; growth 4: value 6
    state, _ = act(state, Persuade("silver", persuader, target))
    pending = state["pending"]
    assert (pending["kind"], pending["seat"], pending["il"], pending["total"]) == ("growth", "silver", target, 6)
    assert ENGINE.legal_actions(state, "dark") == []  # Dark does not choose: the check is Silver's (20.5)
    dice(1, 1, 1, 1, 1, 1)
    state, events = act(state, GrowthSplit("silver", target, (2, 2, 2)))
    assert [(e.clause, e.data["value"]) for e in events if e.kind == "growth"] == [("20.5/20.6", 2)] * 3
    assert state["ils"][target]["heart"] == 5 and state["pending"] == {"kind": "action", "seat": "dark"}


def test_a_growth_value_with_one_offer_is_checked_at_once(state, dice) -> None:
    at_step(state, 2, "silver", "actions")
    persuader, target = cid(state, "シルバー0"), cid(state, "ダーク1")  # hearts 2 and 2; growth 4: value 4
    state["ils"][persuader] = {**state["ils"][persuader], "heart": 1}  # value 3: only (3,) (parts from 2)
    dice(1, 1)
    state, events = act(state, Persuade("silver", persuader, target))
    assert [e.data["value"] for e in events if e.kind == "growth"] == [3]
    assert state["pending"] == {"kind": "action", "seat": "dark"}


def test_a_split_of_another_il_is_refused_and_changes_nothing(state, dice) -> None:
    state, _, users = twin_attack(state, dice)
    with pytest.raises(IllegalAction) as err:
        act(state, GrowthSplit("dark", users[1], (7,)))
    assert (err.value.code, err.value.clause) == ("bad_split", "11.6")


def test_the_clock_makes_a_waiting_growth_check_once(state, dice) -> None:
    state, _, users = twin_attack(state, dice)
    assert ENGINE.default_action(state, "dark") == GrowthSplit("dark", users[0], (7,))  # IL 11.2: one check
    assert ENGINE.default_action(state, "silver") is None

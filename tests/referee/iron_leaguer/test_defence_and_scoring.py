"""IL 7 (defence) and IL 8 (scoring, resets, attack-right changes, counters, the all-acted reset)."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer.actions import AddHalf, Assign, ChooseInstruction, Declare, Pass
from referee.games.iron_leaguer.rules import hand_limit

from .conftest import ENGINE, act, cid, give, kinds


def attacked(state, dice, ap_dice=(3, 4)):
    """Dark attacks with strike1 (attack 14) by ダーク0; returns the state at Silver's defence."""
    card = give(state, "dark", "strike1")[0]
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(*ap_dice)
    return act(state, Assign("dark", (cid(state, "ダーク0"),)))[0]


def defend(state, dice, card_name, side, roll, il=None):
    card = give(state, "silver", card_name)[0]
    state, _ = act(state, Declare("silver", "defence", ((card, side),)))
    dice(*roll)
    if il is None:
        il = next(a for a in ENGINE.legal_actions(state, "silver") if isinstance(a, Assign)).ils
    return act(state, Assign("silver", tuple(il)))


def test_not_defending_fails_the_defence_and_the_attacker_scores(state, dice) -> None:
    state = attacked(state, dice)
    state, events = act(state, Pass("silver", "none"))
    assert [e.clause for e in events if e.kind == "score"] == ["7.6/8.4"]
    assert state["match"]["score"] == {"silver": 0, "dark": 1}


def test_a_negative_defence_point_fails_and_the_attacker_scores(state, dice) -> None:
    state = attacked(state, dice, (6, 6))  # AP 2
    state, events = defend(state, dice, "arm1", "lower", (6, 6))  # DP 10 - 12 = -2
    assert [e.clause for e in events if e.kind == "score"] == ["7.5/8.4"]


def test_the_defending_ils_have_acted(state, dice) -> None:
    state = attacked(state, dice, (6, 6))
    silver0 = cid(state, "シルバー0")
    state, _ = defend(state, dice, "arm1", "lower", (1, 1), [silver0])
    assert state["ils"][silver0]["acted"]


def test_a_higher_attack_point_scores_and_resets_with_the_scored_on_team_attacking(state, dice) -> None:
    state = attacked(state, dice, (1, 1))  # AP 12
    state, events = defend(state, dice, "arm1", "lower", (3, 4))  # DP 3
    assert [e.clause for e in events if e.kind in ("score", "reset")] == ["8.2", "8.5"]
    assert not any(state["ils"][il]["acted"] for il in state["ils"])
    assert len(state["hands"]["silver"]) == hand_limit(1) and state["pending"]["seat"] == "silver"


def test_an_equal_defence_point_is_a_successful_defence(state, dice) -> None:
    state = attacked(state, dice, (3, 4))  # AP 7
    state, events = defend(state, dice, "arm1", "lower", (1, 2))  # DP 7
    assert "defence_succeeded" in kinds(events) and state["match"]["score"]["dark"] == 0


def test_a_lower_half_defence_always_passes_the_attack_right(state, dice) -> None:
    state = attacked(state, dice, (3, 4))
    state, events = defend(state, dice, "arm1", "lower", (1, 1))
    assert [e.data["instruction"] for e in events if e.kind == "defence_succeeded"] == ["attack_right"]
    assert state["pending"] == {"kind": "attack", "seat": "silver"}
    assert state["ils"][cid(state, "ダーク0")]["acted"], "acted ILs stay acted (8.6.1)"


def test_a_reset_defence_readies_everyone_refills_and_passes_the_attack_right(state, dice) -> None:
    state = attacked(state, dice, (3, 4))
    state, events = defend(state, dice, "ラフ1", "lower", (1, 1))  # リセット守備1, two persons, 13
    assert [e.clause for e in events if e.kind == "reset"] == ["8.6.2"]
    assert not any(s["acted"] for s in state["ils"].values()) and state["pending"]["seat"] == "silver"


def test_a_counter_turns_the_defence_points_into_attack_points_against_the_attacker(state, dice) -> None:
    state = attacked(state, dice, (3, 4))  # AP 7
    for il in state["teams"]["silver"]:
        state["ils"][il]["heart"] = 6
    state, events = defend(state, dice, "トライ1", "lower", (1, 1))  # カウンター1: 12 - 2 = 10
    assert "counter" in kinds(events)
    assert (state["pending"]["kind"], state["pending"]["seat"], state["pending"]["attack"]["points"]) == (
        "defence",
        "dark",
        10,
    )
    state, events = act(state, Pass("dark", "none"))
    assert state["match"]["score"] == {"silver": 1, "dark": 0}


def test_when_every_il_of_both_teams_has_acted_all_are_reset(state, dice) -> None:
    last = cid(state, "ダーク0")
    members = state["teams"]["silver"] + state["teams"]["dark"]
    for il in members:
        state["ils"][il]["acted"] = il != last
    card = give(state, "dark", "strike1")[0]
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    state["ils"][last]["penalty"] = 3  # AP 14 - 12 - 3 < 0: a failed attack, then nobody can act
    dice(6, 6)
    state, events = act(state, Assign("dark", (last,)))
    assert [e.clause for e in events if e.kind == "reset"] == ["8.7"]
    assert not any(state["ils"][il]["acted"] for il in members) and state["pending"]["seat"] == "silver"


def test_reaching_the_points_to_win_ends_the_match_and_starts_the_interval(state, dice) -> None:
    state["match"]["score"]["dark"] = 1
    state = attacked(state, dice)
    state, events = act(state, Pass("silver", "none"))
    end = next(e for e in events if e.kind == "match_end")
    assert (end.data["winner"], end.data["score"], end.data["lost_by"]) == (
        "dark",
        {"silver": 0, "dark": 2},
        2,
    )
    assert state["scene"] == 2 and state["interval"] is not None


def defend_with_stack(state, dice, names_sides, il_name, roll=(1, 1)):
    """Silver defends with the halves ``names_sides`` ((card name, side), ...) used by ``il_name``."""
    cards = give(state, "silver", *(n for n, _ in names_sides))
    halves = tuple((c, side) for c, (_, side) in zip(cards, names_sides, strict=True))
    state, _ = act(state, Declare("silver", "defence", halves[:1]))
    for card, side in halves[1:]:
        state, _ = act(state, AddHalf("silver", card, side))
    dice(*roll)
    return act(state, Assign("silver", (cid(state, il_name),)))


def test_a_defence_carrying_several_instructions_lets_the_defender_choose_which_applies(state, dice) -> None:
    state = attacked(state, dice, (3, 4))  # AP 7
    # カウンター1 (counter, 8.6.3) + a lower-half ディフェンス (attack right, 8.6.4): DP 12 + 10 - 2 = 20
    state, events = defend_with_stack(state, dice, (("トライ1", "lower"), ("補助1", "lower")), "シルバー1")
    assert "defence_succeeded" not in kinds(events)
    assert (state["pending"]["kind"], state["pending"]["seat"], state["pending"]["options"]) == (
        "instruction",
        "silver",
        ["attack_right", "counter"],
    )
    assert ENGINE.legal_actions(state, "silver") == [
        ChooseInstruction("silver", "attack_right"),
        ChooseInstruction("silver", "counter"),
    ]
    counter, events = act(state, ChooseInstruction("silver", "counter"))
    done = next(e for e in events if e.kind == "defence_succeeded")
    assert (done.clause, done.data["instruction"], done.data["chosen"]) == ("8.3/8.6", "counter", True)
    assert (counter["pending"]["kind"], counter["pending"]["seat"], counter["pending"]["attack"]["points"]) == (
        "defence",
        "dark",
        20,
    )
    moved, events = act(state, ChooseInstruction("silver", "attack_right"))  # the other choice, same state
    assert [e.clause for e in events if e.kind == "attack_right"] == ["8.6.1/8.6.4"]
    assert moved["pending"] == {"kind": "attack", "seat": "silver"}


def test_an_instruction_the_defence_does_not_carry_is_refused(state, dice) -> None:
    state = attacked(state, dice, (3, 4))
    state, _ = defend_with_stack(state, dice, (("トライ1", "lower"), ("補助1", "lower")), "シルバー1")
    with pytest.raises(IllegalAction) as err:
        act(state, ChooseInstruction("silver", "reset"))
    assert (err.value.code, err.value.clause) == ("bad_instruction", "8.6")


def test_a_stack_whose_halves_carry_one_instruction_asks_no_choice(state, dice) -> None:
    state = attacked(state, dice, (3, 4))
    # two lower-half ディフェンス (5.4.7): one instruction, the attack-right change (8.6.4), once
    stack = (("補助1", "lower"), ("補助B1", "lower"))
    state, events = defend_with_stack(state, dice, stack, "シルバー1")
    assert [e.data["instruction"] for e in events if e.kind == "defence_succeeded"] == ["attack_right"]
    assert state["pending"] == {"kind": "attack", "seat": "silver"}


def test_a_failed_defence_asks_no_choice_of_instruction(state, dice) -> None:
    state = attacked(state, dice, (1, 1))  # AP 12
    state, events = defend_with_stack(state, dice, (("トライ1", "lower"), ("補助1", "lower")), "シルバー1", (6, 6))
    assert [e.clause for e in events if e.kind == "score"] == ["8.2"]  # DP 22 - 12 = 10 < 12
    assert state["pending"]["kind"] == "attack"

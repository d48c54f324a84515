"""IL 10–13: the interval's seven steps in order, penalties removed, growth, forced retirement, rescue."""

from __future__ import annotations

from math import comb

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer import rules
from referee.games.iron_leaguer.actions import ChooseRescuers, EndRescue, GrowthSplit, Rescue

from .conftest import ENGINE, act, cid, kinds, to_interval


def test_the_interval_steps_run_in_the_order_of_the_rules(state) -> None:
    events = to_interval(state, 2, "dark")
    events += _finish(state)
    steps = [e.data["name"] for e in events if e.kind == "interval_step"]
    assert steps == ["growth", "retirement", "rescue", "replenish", "newcomers", "actions", "departure"]


def _finish(state):
    events = []
    while state["interval"] is not None:
        seat = ENGINE.to_act(state)
        choice = max(ENGINE.legal_actions(state, seat), key=lambda a: ENGINE.greedy_score(state, a))
        new_state, new = ENGINE.apply(state, choice)
        state.clear()
        state.update(new_state)
        events += new
    return events


def test_the_interval_removes_every_penalty(state) -> None:
    state["ils"][cid(state, "シルバー0")]["penalty"] = 3
    to_interval(state, 2, "dark")
    assert all(s["penalty"] == 0 for s in state["ils"].values())


def test_winners_grow_with_five_and_losers_with_two_and_dash_ils_never(state) -> None:
    dark = set(state["teams"]["dark"])
    events = to_interval(state, 2, "dark") + _finish(state)
    bonus = {
        (e.data["il"] in dark, e.data["bonus"])
        for e in events
        if e.kind == "growth" and e.clause.startswith("11")
    }
    assert bonus == {(True, 5), (False, 2)}
    checked = {e.data["il"] for e in events if e.kind == "growth"}
    assert cid(state, "ダーク0") not in checked  # growth "−"


def test_a_growth_value_may_be_split_into_several_checks(state, dice) -> None:
    to_interval(state, 2, "dark")
    pending = state["pending"]
    assert pending["kind"] == "growth" and pending["seat"] == "dark"
    parts = (3, 2) if pending["total"] == 5 else rules.growth_splits(pending["total"])[-1]
    dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    new, events = act(state, GrowthSplit("dark", pending["il"], parts))
    assert [e.data["value"] for e in events if e.kind == "growth"][: len(parts)] == list(parts)
    assert new["ils"][pending["il"]]["heart"] == state["ils"][pending["il"]]["heart"] + len(parts)


def test_a_split_that_is_not_offered_is_refused(state) -> None:
    to_interval(state, 2, "dark")
    with pytest.raises(IllegalAction) as err:
        act(state, GrowthSplit("dark", state["pending"]["il"], (1,) * state["pending"]["total"]))
    assert (err.value.code, err.value.clause) == ("bad_split", "11.6")


def test_after_a_dark_defeat_every_dark_il_with_growth_dash_retires(state) -> None:
    dashes = [il for il in state["teams"]["dark"] if state["cards"][il]["attributes"]["growth"] is None]
    to_interval(state, 4, "silver")
    _finish(state)
    assert set(dashes) <= set(state["retired"])


def test_after_a_dark_win_nobody_retires(state) -> None:
    events = to_interval(state, 8, "dark", {"dark": 3, "silver": 0}) + _finish(state)
    assert "retired" not in kinds(events) and state["retired"] == []


@pytest.mark.parametrize(("lost_by", "checks"), [(1, 1), (3, 2)])
def test_from_scene_8_to_12_a_dark_defeat_brings_retirement_checks_by_the_margin(
    state, lost_by, checks
) -> None:
    events = to_interval(state, 8, "silver", {"silver": 3, "dark": 3 - lost_by}) + _finish(state)
    assert len([e for e in events if e.kind == "retirement_check"]) == checks


def test_a_retirement_roll_on_an_empty_slot_retires_nobody(state, dice) -> None:
    from referee.games.iron_leaguer.interval import enter_retirement

    state["scene"] = 8
    state["results"].append(
        {"scene": 7, "winner": "silver", "score": {"silver": 3, "dark": 2}, "lost_by": 1, "rough_plays": 0}
    )
    state["interval"] = {"step": "retirement", "winner": "silver", "loser": "dark"}
    events: list = []
    dice(1, 1)  # slot 1: ダーク0, growth "−", already retired under 12.2
    enter_retirement(state, events)
    check = next(e for e in events if e.kind == "retirement_check")
    assert (check.data["slot"], check.data["il"], check.data["retires"]) == (1, cid(state, "ダーク0"), False)
    assert [e.clause for e in events if e.kind == "retired"] == ["12.2"] * 3


def rescue_ready(state, *retired: str) -> dict:
    """Scene 12's interval at the rescue step (IL 13.1): ``retired`` (default ダーク1, growth 4) retired first."""
    for name in retired or ("ダーク1",):
        gone = cid(state, name)
        state["teams"]["dark"].remove(gone)
        state["retired"].append(gone)
    to_interval(state, 12, "dark", {"dark": 3, "silver": 1})
    _finish_until(state, "rescuers")
    return state


def _finish_until(state, kind):
    while state["pending"]["kind"] != kind:
        seat = ENGINE.to_act(state)
        choice = max(ENGINE.legal_actions(state, seat), key=lambda a: ENGINE.greedy_score(state, a))
        new_state, _ = ENGINE.apply(state, choice)
        state.clear()
        state.update(new_state)


def rescuers(state, *names: str) -> dict:
    """Dark names its three rescuers (IL 13.2); returns the new state."""
    return act(state, ChooseRescuers("dark", tuple(cid(state, n) for n in names)))[0]


def test_dark_names_its_three_rescuers_before_the_first_attempt(state) -> None:
    rescue_ready(state)
    assert state["pending"] == {"kind": "rescuers", "seat": "dark"}  # IL 13.2: before any attempt
    legal = ENGINE.legal_actions(state, "dark")
    trios = [a.ils for a in legal if isinstance(a, ChooseRescuers)]
    assert len(trios) == comb(21, 3) - comb(11, 3)  # 10 Dark + 11 Silver members, at least one of Dark
    assert all(any(il in state["teams"]["dark"] for il in trio) for trio in trios)
    assert not any(isinstance(a, Rescue) for a in legal) and legal[-1] == EndRescue("dark")


def test_three_rescuers_without_a_dark_il_are_refused(state) -> None:
    rescue_ready(state)
    with pytest.raises(IllegalAction) as err:
        rescuers(state, "シルバー0", "シルバー1", "シルバー2")
    assert (err.value.code, err.value.clause) == ("no_dark_rescuer", "13.2")


def test_rescuers_are_three_members_named_in_line_up_order(state) -> None:
    rescue_ready(state)
    for names in (("ダーク2", "シルバー0"), ("シルバー0", "ダーク2", "シルバー1"), ("ダーク2", "ダーク2", "シルバー1")):
        with pytest.raises(IllegalAction) as err:
            rescuers(state, *names)
        assert (err.value.code, err.value.clause) == ("bad_rescuers", "13.2")


def test_dark_may_make_no_rescue(state) -> None:
    rescue_ready(state)
    state, events = act(state, EndRescue("dark"))
    assert "rescue" not in kinds(events) and state["interval"]["step"] != "rescue"


def test_a_rescue_succeeds_on_dice_at_most_the_rescuers_heart_and_the_il_joins_dark(state, dice) -> None:
    rescue_ready(state)
    state = rescuers(state, "ダーク2", "シルバー0", "シルバー1")
    rescuer, target = cid(state, "ダーク2"), cid(state, "ダーク1")
    dice(1, 1)
    state, events = act(state, Rescue("dark", rescuer, target))
    assert target in state["teams"]["dark"] and next(e for e in events if e.kind == "rescue").data["success"]


def test_only_the_three_chosen_rescuers_make_attempts_each_once(state, dice) -> None:
    rescue_ready(state, "ダーク1", "ダーク3")
    state = rescuers(state, "ダーク2", "シルバー0", "シルバー1")
    chosen = [cid(state, n) for n in ("ダーク2", "シルバー0", "シルバー1")]
    targets = [cid(state, "ダーク1"), cid(state, "ダーク3")]
    assert {(a.rescuer, a.target) for a in ENGINE.legal_actions(state, "dark") if isinstance(a, Rescue)} == {
        (r, t) for r in chosen for t in targets
    }
    with pytest.raises(IllegalAction) as err:
        act(state, Rescue("dark", cid(state, "ダーク5"), targets[0]))  # a Dark IL, but not chosen (IL 13.2)
    assert (err.value.code, err.value.clause) == ("bad_rescuer", "13.2/13.5")
    dice(6, 6)
    state, _ = act(state, Rescue("dark", chosen[0], targets[0]))
    with pytest.raises(IllegalAction):  # IL 13.5: once each
        act(state, Rescue("dark", chosen[0], targets[1]))
    # IL 13.5: the target is chosen after each result — both are still offered to the other two
    assert {(a.rescuer, a.target) for a in ENGINE.legal_actions(state, "dark") if isinstance(a, Rescue)} == {
        (r, t) for r in chosen[1:] for t in targets
    }


def test_an_il_rescued_a_moment_ago_is_not_a_rescuer(state, dice) -> None:
    rescue_ready(state, "ダーク1", "ダーク3")
    state = rescuers(state, "ダーク2", "シルバー0", "シルバー1")
    rescued, other = cid(state, "ダーク1"), cid(state, "ダーク3")
    dice(1, 1)
    state, _ = act(state, Rescue("dark", cid(state, "ダーク2"), rescued))
    assert rescued in state["teams"]["dark"]  # IL 13.6: a Dark IL at once, yet not one of the three (13.2)
    assert not any(isinstance(a, Rescue) and a.rescuer == rescued for a in ENGINE.legal_actions(state, "dark"))
    with pytest.raises(IllegalAction) as err:
        act(state, Rescue("dark", rescued, other))
    assert (err.value.code, err.value.clause) == ("bad_rescuer", "13.2/13.5")


def test_after_a_successful_rescue_the_three_rescuers_and_the_rescued_check_growth_with_ten(
    state, dice
) -> None:
    rescue_ready(state)
    state = rescuers(state, "ダーク2", "シルバー0", "シルバー1")  # growth 5, 4, 5; ダーク1 growth 4
    dice(1, 1)
    state, events = act(state, Rescue("dark", cid(state, "ダーク2"), cid(state, "ダーク1")))  # the step ends
    # IL 13.8 (our reading): all three chosen take part, though two made no attempt; each team splits its own
    pending = state["pending"]
    queued = [pending["check"], *pending["queue"]]
    assert [(q["il"], q["seat"], q["inputs"]["bonus"], q["value"]) for q in queued] == [
        (cid(state, "ダーク2"), "dark", 10, 15),
        (cid(state, "シルバー0"), "silver", 10, 14),
        (cid(state, "シルバー1"), "silver", 10, 15),
        (cid(state, "ダーク1"), "dark", 10, 14),
    ]
    assert "growth" not in kinds(events)


def test_without_a_successful_rescue_there_is_no_growth_check(state, dice) -> None:
    rescue_ready(state)
    state = rescuers(state, "ダーク2", "シルバー0", "シルバー1")
    dice(6, 6)
    state, _ = act(state, Rescue("dark", cid(state, "ダーク2"), cid(state, "ダーク1")))
    state, events = act(state, EndRescue("dark"))
    assert "growth" not in kinds(events) and state["interval"]["step"] != "rescue"

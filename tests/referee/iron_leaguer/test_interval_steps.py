"""IL 14–21: replenishment and deck changes, newcomers, the actions (practice, training, scouting,
persuasion),
departure and the refill to 11."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer import flow
from referee.games.iron_leaguer import interval_steps as steps
from referee.games.iron_leaguer.actions import (
    Discard,
    GrowthSplit,
    Persuade,
    Practice,
    Recruit,
    Refill,
    Release,
    Scout,
    Training,
)

from .conftest import ENGINE, act, cid, kinds


def at_step(state: dict, scene: int, winner: str, step: str, rough_plays: int = 0) -> list:
    """Put ``state`` in the interval of ``scene`` just before ``step`` (its ``enter`` is then called)."""
    state["scene"] = scene
    state["results"].append(
        {
            "scene": scene - 1,
            "winner": winner,
            "score": {winner: 2, "silver" if winner == "dark" else "dark": 1},
            "lost_by": 1,
            "rough_plays": rough_plays,
        }
    )
    state["match"] = None
    state["interval"] = {
        "step": step,
        "winner": winner,
        "loser": "silver" if winner == "dark" else "dark",
    }
    events: list = []
    getattr(steps, f"enter_{step}")(state, events)
    return events


def test_replenishing_draws_each_team_up_to_the_limit_winners_first(state) -> None:
    state["hands"]["dark"] = state["hands"]["dark"][:2]
    at_step(state, 4, "dark", "replenish")
    assert state["pending"] == {"kind": "replenish", "seat": "dark", "refilled": False}
    state, events = act(state, Refill("dark"))
    assert len(state["hands"]["dark"]) == 5 and state["pending"]["seat"] == "silver"


def test_a_hand_above_the_limit_must_be_discarded_down_after_refilling(state) -> None:
    state["hands"]["dark"] += [state["tech"]["decks"]["1"].pop(), state["tech"]["decks"]["1"].pop()]
    at_step(state, 4, "dark", "replenish")
    state, _ = act(state, Refill("dark"))
    assert ENGINE.legal_actions(state, "dark") == [Discard("dark", c) for c in state["hands"]["dark"]]
    with pytest.raises(IllegalAction) as err:
        act(state, Refill("dark"))
    assert err.value.clause == "14.3"
    state, _ = act(state, Discard("dark", state["hands"]["dark"][0]))
    state, _ = act(state, Discard("dark", state["hands"]["dark"][0]))
    assert len(state["hands"]["dark"]) == 5 and state["pending"]["seat"] == "silver"


@pytest.mark.parametrize(("scene", "period", "limit"), [(6, 2, 6), (12, 3, 7)])
def test_scenes_6_and_12_change_the_technique_deck_and_deal_new_hands(state, scene, period, limit) -> None:
    state["tech"]["period"] = period - 1
    old_hand = list(state["hands"]["silver"])
    events = at_step(state, scene, "dark", "replenish")
    assert [e.clause for e in events if e.kind == "deck_change"] == ["14.4/14.5"]
    assert state["tech"]["period"] == period and set(old_hand) <= set(state["tech"]["out"])
    assert {state["cards"][c]["attributes"]["period"] for c in state["hands"]["silver"]} == {period}
    assert (len(state["hands"]["silver"]), len(state["hands"]["dark"])) == (limit, limit)


def test_newcomers_turn_up_three_il_cards_dark_leaguers_join_dark(state) -> None:
    top = state["il_deck"][-3:]
    events = at_step(state, 2, "dark", "newcomers")
    joined = [e.data["il"] for e in events if e.kind == "newcomer" and e.data["joins"] == "dark"]
    strays = [e.data["il"] for e in events if e.kind == "newcomer" and e.data["joins"] == "strays"]
    assert sorted(joined + strays) == sorted(top)
    assert all(state["cards"][il]["attributes"]["affiliation"] == "dark_leaguer" for il in joined)
    assert set(strays) <= set(state["strays"])


def test_dark_above_eleven_after_newcomers_releases_ils_of_its_choice(state) -> None:
    joy = cid(state, "トップジョイ")  # a Dark leaguer on top of the IL deck
    state["il_deck"].remove(joy)
    state["il_deck"].append(joy)
    at_step(state, 2, "dark", "newcomers")
    assert state["pending"]["kind"] == "release" and len(state["teams"]["dark"]) > 11
    while state["pending"]["kind"] == "release":
        state, _ = act(state, Release("dark", state["teams"]["dark"][0]))
    assert len(state["teams"]["dark"]) == 11


def test_an_exhausted_il_deck_turns_up_fewer_newcomers(state) -> None:
    state["strays"] += state["il_deck"][:-1]
    state["il_deck"] = state["il_deck"][-1:]
    events = at_step(state, 2, "silver", "newcomers")
    assert kinds(events).count("newcomer") == 1 and "il_deck_empty" in kinds(events)


@pytest.mark.parametrize(("scene", "each"), [(2, 3), (6, 6), (8, 4), (12, 6), (16, 4)])
def test_each_team_takes_the_scenes_number_of_actions_alternately_winners_first(state, scene, each) -> None:
    at_step(state, scene, "silver", "actions")
    order = []
    while state["pending"]["kind"] == "action":
        order.append(state["pending"]["seat"])
        state, _ = act(state, Practice(state["pending"]["seat"]))
    assert order == ["silver", "dark"] * each


def test_practice_draws_a_card_even_above_the_hand_limit(state) -> None:
    at_step(state, 2, "dark", "actions")
    state, _ = act(state, Practice("dark"))
    assert len(state["hands"]["dark"]) == 6


def test_training_offers_plus_three_one_and_two_or_three_ones(state) -> None:
    at_step(state, 2, "silver", "actions")
    allocs = steps.training_allocs(state, "silver")
    assert len(allocs) == 11 + 11 * 10 + 165
    assert {tuple(sorted(p for _, p in a)) for a in allocs} == {(3,), (1, 2), (1, 1, 1)}


def test_training_checks_growth_with_the_points_added(state, dice) -> None:
    at_step(state, 2, "silver", "actions")
    il = cid(state, "シルバー0")  # growth 4
    dice(2, 3)
    state, _ = act(state, Training("silver", ((il, 3),)))
    state, events = act(state, GrowthSplit("silver", il, (7,)))  # made once (IL 11.6 would let it be split)
    growth = next(e for e in events if e.kind == "growth")
    assert (growth.clause, growth.data["value"], growth.data["success"]) == ("18.4", 7, True)


def test_silver_cannot_scout_dark_starters_dash_ils_or_the_fighters(state) -> None:
    names = ["ダーク1", "ファイタースピリッツ", "ファイターアロー", "はぐれ0", "はぐれ1"]
    state["strays"] = [cid(state, n) for n in names]
    assert [state["cards"][i]["name"] for i in steps._scout_targets(state, "silver")] == ["はぐれ1"]


def test_dark_cannot_scout_silver_starters_goku_or_bull_armour(state) -> None:
    names = ["シルバー1", "極十郎太", "ブルアーマー", "はぐれ0"]
    state["strays"] = [cid(state, n) for n in names]
    assert [state["cards"][i]["name"] for i in steps._scout_targets(state, "dark")] == ["はぐれ0"]


def test_a_successful_silver_scout_brings_the_stray_in_and_twelve_means_a_release(state, dice) -> None:
    target = cid(state, "はぐれ1")  # heart 2: 1d6 <= 4
    state["strays"] = [target]
    at_step(state, 2, "silver", "actions")
    dice(4)
    state, events = act(state, Scout("silver", target))
    assert next(e for e in events if e.kind == "scout").data["success"] and target in state["teams"]["silver"]
    assert state["pending"] == {"kind": "release", "seat": "silver", "then": "actions"}
    state, _ = act(state, Release("silver", target))
    assert state["pending"] == {"kind": "action", "seat": "dark"}


def test_a_failed_scout_still_uses_the_action(state, dice) -> None:
    target = cid(state, "はぐれ1")
    state["strays"] = [target]
    at_step(state, 2, "silver", "actions")
    dice(5)
    state, _ = act(state, Scout("silver", target))
    assert state["interval"]["actions_left"]["silver"] == 2 and target in state["strays"]


def test_persuasion_is_silver_only_and_grows_the_target_with_the_heart_difference(state, dice) -> None:
    at_step(state, 2, "silver", "actions")
    persuader, target = cid(state, "シルバー2"), cid(state, "ダーク1")  # hearts 4 and 2; growth 4
    dice(4, 4)
    state, _ = act(state, Persuade("silver", persuader, target))
    state, events = act(state, GrowthSplit("silver", target, (6,)))  # made once (IL 11.6 would let it be split)
    growth = next(e for e in events if e.kind == "growth")
    assert (growth.clause, growth.data["value"], growth.data["success"]) == ("20.5/20.6", 6, False)
    assert not any(isinstance(a, Persuade) for a in ENGINE.legal_actions(state, "dark"))


def test_departure_checks_skip_exempt_ils_and_add_two_for_top_joy(state, dice) -> None:
    for n in ("トップジョイ", "ファイタースピリッツ"):
        state["il_deck"].remove(cid(state, n))
        state["teams"]["dark"].append(cid(state, n))
    events = at_step(state, 4, "dark", "departure", rough_plays=2)
    checked = {e.data["name"]: e.data["value"] for e in events if e.kind == "departure"}
    assert set(checked) == {"トップジョイ"} and checked["トップジョイ"] == 4


def test_departure_is_only_checked_in_scenes_2_to_10(state) -> None:
    state["il_deck"].remove(cid(state, "トップジョイ"))
    state["teams"]["dark"].append(cid(state, "トップジョイ"))
    assert "departure" not in kinds(at_step(state, 12, "dark", "departure"))


def test_dark_below_eleven_after_the_departure_checks_recruits_stray_dark_leaguers_with_heart_zero(state) -> None:
    state["teams"]["dark"].pop()  # a Dark starter gone (say retired, IL 12): only the starters, exempt (21.6)
    recruit = cid(state, "トップジョイ")
    state["il_deck"].remove(recruit)
    state["strays"].append(recruit)
    at_step(state, 10, "dark", "departure")
    assert ENGINE.legal_actions(state, "dark") == [Recruit("dark", recruit)]
    state, events = act(state, Recruit("dark", recruit))
    assert state["ils"][recruit]["heart"] == 0 and len(state["teams"]["dark"]) == 11
    assert state["match"] is not None and state["scene"] == 11


def test_dark_leaving_the_team_by_departure_is_refilled_in_the_same_step(state, dice) -> None:
    joy, stray = cid(state, "トップジョイ"), cid(state, "ダークリーガー1")
    state["il_deck"] = [il for il in state["il_deck"] if il not in (joy, stray)]
    state["teams"]["dark"][-1] = joy  # 11 members, トップジョイ the one who is checked (IL 21.6)
    state["strays"] = [stray]
    dice(1, 1)  # トップジョイ: value (0 + 2) / 3 → 1, + 2 (21.7) = 3; 2 leaves
    events = at_step(state, 4, "dark", "departure")
    assert [e.data["leaves"] for e in events if e.kind == "departure"] == [True]
    assert {a.il for a in ENGINE.legal_actions(state, "dark")} == {joy, stray}  # IL 21.8, heart 0


@pytest.mark.parametrize("scene", [12, 14, 16])
def test_dark_below_eleven_is_not_refilled_after_scene_10(state, scene) -> None:
    state["teams"]["dark"].pop()  # IL 21.8 follows the departure checks, made in scenes 2–10 only (21.1)
    recruit = cid(state, "トップジョイ")
    state["il_deck"].remove(recruit)
    state["strays"].append(recruit)
    at_step(state, scene, "dark", "actions")
    events: list = []
    flow.advance(state, events, ("interval", None))  # step 6 is over: step 7, then the next scene's match
    assert "recruited" not in kinds(events) and state["pending"] == {"kind": "attack", "seat": "dark"}
    assert len(state["teams"]["dark"]) == 10 and state["scene"] == scene + 1

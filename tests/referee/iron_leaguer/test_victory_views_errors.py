"""IL 22 (victory), the per-seat views, and the three kinds of refusal."""

from __future__ import annotations

import json

import pytest

from referee.engine.errors import IllegalAction, MalformedAction, NotYourTurn
from referee.games.iron_leaguer.actions import Pass
from referee.games.iron_leaguer.scenes import end_match

from .conftest import ENGINE, act


def won(state: dict, scene: int, winner: str) -> list:
    state["scene"] = scene
    state["match"] = {
        "score": {winner: 5, "silver" if winner == "dark" else "dark": 0},
        "attacker": winner,
        "rough_plays": 0,
    }
    events: list = []
    end_match(state, events, winner)
    return events


def test_two_world_tour_wins_end_the_game(state) -> None:
    won(state, 13, "silver")
    assert state["outcome"] is None
    events = won(state, 15, "silver")
    assert [e.clause for e in events if e.kind == "game_end"] == ["22.1"]
    assert ENGINE.outcome(state).winner == "silver" and ENGINE.to_act(state) is None


def test_wins_before_the_world_tour_do_not_count_for_victory(state) -> None:
    for scene in (1, 3, 5, 7, 9, 11):
        state["interval"] = None
        won(state, scene, "dark")
    won(state, 13, "dark")
    assert state["outcome"] is None


def test_a_seat_sees_its_own_hand_and_only_the_count_of_the_other(state) -> None:
    view = ENGINE.view(state, "silver")
    assert view["hands"] == {"silver": state["hands"]["silver"], "dark": 5}
    assert set(state["hands"]["silver"]) <= set(view["cards"])
    assert not set(state["hands"]["dark"]) & set(view["cards"])


def test_a_spectator_sees_both_hands_as_counts_and_decks_as_counts(state) -> None:
    view = ENGINE.view(state, None)
    text = json.dumps(view, ensure_ascii=False)
    assert view["hands"] == {"silver": 5, "dark": 5}
    assert view["il_deck"] == len(state["il_deck"]) and view["tech"]["deck"] == len(
        state["tech"]["decks"]["1"]
    )
    hidden = (
        state["hands"]["silver"] + state["hands"]["dark"] + state["il_deck"] + state["tech"]["decks"]["2"]
    )
    assert not [card for card in hidden if f'"{card}"' in text]


def test_no_view_reveals_the_secret_seed(state) -> None:
    for seat in ("silver", "dark", None):
        assert state["rng"]["seed"] not in json.dumps(ENGINE.view(state, seat))


def test_an_unknown_action_type_is_malformed(state) -> None:
    with pytest.raises(MalformedAction):
        act(state, {"type": "teleport", "seat": "dark"})


def test_a_missing_field_is_malformed_and_named(state) -> None:
    with pytest.raises(MalformedAction, match="option"):
        act(state, {"type": "pass", "seat": "dark"})


def test_a_mistyped_field_is_malformed(state) -> None:
    with pytest.raises(MalformedAction, match="ils"):
        act(state, {"type": "pass", "seat": "dark", "option": "ready", "ils": 3})


def test_acting_out_of_turn_is_refused(state) -> None:
    with pytest.raises(NotYourTurn):
        act(state, Pass("silver", "none"))


def test_an_action_of_another_step_is_illegal(state) -> None:
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "practice", "seat": "dark"})
    assert err.value.code == "wrong_step"


def test_a_refused_action_changes_nothing(state) -> None:
    before = json.dumps(state, sort_keys=True)
    for bad in (Pass("dark", "draw"), Pass("silver", "none"), {"type": "pass"}):
        with pytest.raises((IllegalAction, NotYourTurn, MalformedAction)):
            act(state, bad)
    assert json.dumps(state, sort_keys=True) == before


def test_legal_actions_is_empty_for_the_seat_not_to_act(state) -> None:
    assert ENGINE.legal_actions(state, "silver") == [] and ENGINE.legal_actions(state, "dark")

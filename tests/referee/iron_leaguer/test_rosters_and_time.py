"""Custom rosters at setup (IL 2.2 with the decks feature's custom format) and the clock's default action."""

from __future__ import annotations

import pytest

from referee.engine import RngSeed, get_engine
from referee.engine.rng import seed_from_int

from .pool import pool

ENGINE = get_engine("iron_leaguer")


def _names(affiliation: str) -> list[str]:
    return [c["name"] for c in pool() if c["card_type"] == "il" and c["attributes"]["affiliation"] == affiliation]


def _start(rosters=None) -> dict:
    decks = {"cards": pool(), **({"rosters": rosters} if rosters else {})}
    state, _events = ENGINE.new_game({}, decks, RngSeed(seed_from_int(2)))
    return state


def _team(state: dict, seat: str) -> list[str]:
    return [state["cards"][il]["name"] for il in state["teams"][seat]]


def test_without_rosters_each_side_fields_its_starting_line_up():
    state = _start()
    assert _team(state, "silver") == _names("silver_starter") and _team(state, "dark") == _names("dark_starter")


def test_a_custom_roster_replaces_the_line_up_and_left_out_starters_sit_the_game_out():
    strays = _names("stray_leaguer") + _names("dark_leaguer")
    roster = _names("silver_starter")[:10] + strays[:1]
    state = _start({"silver": roster})
    assert _team(state, "silver") == roster
    left_out = _names("silver_starter")[10]
    assert left_out not in {card["name"] for card in state["cards"].values()}
    deck_names = {state["cards"][il]["name"] for il in state["il_deck"]}
    assert strays[0] not in deck_names and len(state["il_deck"]) == len(strays) - 1
    assert _team(state, "dark") == _names("dark_starter")


def test_a_roster_naming_an_il_missing_from_the_pool_is_refused():
    with pytest.raises(ValueError, match="not an IL of the pool"):
        _start({"dark": ["存在しないリーガー"]})


def test_the_clock_passes_a_timed_out_attack():
    state = _start()
    action = ENGINE.default_action(state, "dark")  # IL 2.5: Dark attacks first
    assert (action.type, action.option) == ("pass", "none")
    assert ENGINE.apply(state, action)[0]["match"]["attacker"] == "silver"  # IL 6.6: the attack right moves


def test_the_clock_has_no_default_for_the_seat_not_to_act_or_a_choice_of_ils():
    state = _start()
    assert ENGINE.default_action(state, "silver") is None
    declare = next(a for a in ENGINE.legal_actions(state, "dark") if a.type == "declare")
    state, _ = ENGINE.apply(state, declare)
    assert ENGINE.default_action(state, "dark") is None

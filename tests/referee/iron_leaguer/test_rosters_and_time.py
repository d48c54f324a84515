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


def test_the_clock_withdraws_a_declaration_whose_users_were_not_chosen_and_never_plays_for_the_other_seat():
    # Issue 11.4: a missed choice of users cancels the declaration, it does not lose the game.
    state = _start()
    assert ENGINE.default_action(state, "silver") is None
    declare = next(a for a in ENGINE.legal_actions(state, "dark") if a.type == "declare")
    state, _ = ENGINE.apply(state, declare)
    action = ENGINE.default_action(state, "dark")
    assert action.type == "cancel"
    after, _ = ENGINE.apply(state, action)
    assert after["pending"]["kind"] == "attack" and after["pending"]["seat"] == "dark"


def test_every_decision_of_random_games_has_a_legal_clock_default():
    # docs/rules/iron_leaguer.md "Time": no decision loses on time; the default is always a legal action.
    import random

    from referee.games.iron_leaguer.engine import CLOCK_DEFAULTS

    kinds = set()
    for game in range(3):
        state = _start()
        rng = random.Random(game)
        while (seat := ENGINE.to_act(state)) is not None:
            default = ENGINE.default_action(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            assert default in legal, state["pending"]["kind"]
            kind = state["pending"]["kind"]
            kinds.add(kind)
            if kind in CLOCK_DEFAULTS:
                assert default.type == CLOCK_DEFAULTS[kind]
            state, _ = ENGINE.apply(state, rng.choice(legal))
    assert {"attack", "assign", "defence", "action"} <= kinds

"""IL 2 (setup) and IL 3 (the scene sequence, who attacks first)."""

from __future__ import annotations

from cards.games.iron_leaguer import GAME

from .conftest import new_state
from .pool import pool


def test_every_card_of_the_test_pool_is_a_possible_card() -> None:
    assert [
        (c["name"], GAME.validate(c["card_type"], c["attributes"]))
        for c in pool()
        if GAME.validate(c["card_type"], c["attributes"])
    ] == []


def test_each_side_lines_up_its_eleven_starters_face_up(state) -> None:
    affs = {
        s: {state["cards"][il]["attributes"]["affiliation"] for il in state["teams"][s]}
        for s in state["teams"]
    }
    assert (len(state["teams"]["silver"]), len(state["teams"]["dark"])) == (11, 11)
    assert affs == {"silver": {"silver_starter"}, "dark": {"dark_starter"}}


def test_the_other_leaguers_make_the_shuffled_il_deck(state) -> None:
    assert len(state["il_deck"]) == 15
    assert state["il_deck"] != new_state(2)["il_deck"]


def test_each_team_draws_five_cards_of_the_first_period(state) -> None:
    hands = state["hands"]
    assert (len(hands["silver"]), len(hands["dark"])) == (5, 5)
    assert {state["cards"][c]["attributes"]["period"] for c in hands["silver"] + hands["dark"]} == {1}


def test_the_technique_cards_make_three_decks_by_period(state) -> None:
    decks = state["tech"]["decks"]
    assert {p: {state["cards"][c]["attributes"]["period"] for c in d} for p, d in decks.items()} == {
        "1": {1},
        "2": {2},
        "3": {3},
    }
    assert (len(decks["1"]), len(decks["2"]), len(decks["3"])) == (15 - 10, 15, 15)


def test_dark_holds_the_attack_right_in_the_first_scene(state) -> None:
    assert (state["scene"], state["match"]["attacker"], state["pending"]) == (
        1,
        "dark",
        {"kind": "attack", "seat": "dark"},
    )


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    assert new_state(7) == new_state(7)
    assert new_state(7)["tech"]["decks"] != new_state(8)["tech"]["decks"]


def test_the_state_holds_exactly_the_documented_keys() -> None:
    """state.py's docstring is the state's shape: a new game has those keys and no other."""
    from .conftest import new_state

    assert set(new_state()) == {
        "game", "version", "rng", "cards", "ils", "teams", "il_deck", "strays", "retired", "tech", "hands",
        "scene", "match", "results", "interval", "pending", "outcome",
    }  # fmt: skip

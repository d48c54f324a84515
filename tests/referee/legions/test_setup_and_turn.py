"""開始準備, 全体の基本進行 and the phases of a turn (spec A1.3–A1.5, A3.2–A3.8, A5 S/C/D/E)."""

from __future__ import annotations

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE, setup
from referee.games.legions.actions import CardChange, EndTurn, NoCardChange

from .conftest import act, decks, kinds, new_state, skip_to


def test_kaishi_junbi_gives_life_20_five_cards_and_five_cores_on_each_master_but_one_for_the_second() -> None:
    state, events = setup.prepare({"first": "p2"}, decks(), RngSeed(seed_from_int(2)))
    first, second = state["players"]["p2"], state["players"]["p1"]
    assert (first["life"], first["master_cores"], first["wz_cores"], len(first["hand"])) == (20, 5, [0, 0, 0, 0], 5)
    assert (second["life"], second["master_cores"], second["wz_cores"], len(second["hand"])) == (20, 4, [0, 0, 1, 0], 5)
    assert not first["awakened"] and not second["awakened"]  # 通常モード
    assert "second_player_core" in kinds(events)


def test_kaishi_junbi_the_rng_decides_the_first_player_without_a_config() -> None:
    firsts = {ENGINE.new_game({}, decks(), RngSeed(seed_from_int(s)))[0]["first"] for s in range(12)}
    assert firsts == {"p1", "p2"}


def test_no_mulligan_the_first_decision_is_the_first_players_draw_phase_card_change() -> None:
    state = new_state()
    assert state["pending"] == {"kind": "card_change", "seat": "p1"}
    assert all(a.type in ("card_change", "no_card_change") for a in ENGINE.legal_actions(state, "p1"))


def test_a1_4_the_first_player_draws_on_turn_1() -> None:
    state = new_state(wide=False)
    assert len(state["players"]["p1"]["hand"]) == 6 and len(state["players"]["p1"]["deck"]) == 34


def test_core_phase_moves_one_core_from_the_master_each_turn_a3_2() -> None:
    state = new_state()
    p1 = state["players"]["p1"]
    assert (p1["master_cores"], p1["active"]) == (4, 1)
    state = skip_to(state, 3)
    p1 = state["players"]["p1"]
    assert (p1["master_cores"], p1["active"] + p1["fatigued"]) == (3, 2)


def test_a3_7_the_first_player_awakens_on_turn_5_and_the_second_on_turn_4() -> None:
    state = skip_to(new_state(), 8)  # the second player's 4th turn
    assert state["players"]["p2"]["awakened"] and not state["players"]["p1"]["awakened"]
    state = skip_to(state, 9)  # the first player's 5th turn
    assert state["players"]["p1"]["awakened"]
    assert state["players"]["p1"]["active"] == 5 and state["players"]["p2"]["active"] == 5


def test_a3_8_the_second_players_wz3_core_reaches_the_active_area_on_their_third_turn() -> None:
    state = skip_to(new_state(), 4)  # second player's turn 2
    assert state["players"]["p2"]["wz_cores"] == [1, 0, 0, 0]
    state = skip_to(state, 6)  # second player's turn 3
    p2 = state["players"]["p2"]
    assert p2["wz_cores"] == [0, 0, 0, 0] and p2["active"] == 4  # 3 from the master + the returned one


def test_a3_5_the_awakened_master_adds_a_core_from_outside_each_core_phase() -> None:
    state = skip_to(new_state(), 10)  # p2 awakened on turn 8; turn 10 is its next core phase
    p2 = state["players"]["p2"]
    assert p2["added"] == 1 and p2["active"] == 6


def test_a3_5_reading_awakened_core_none_adds_no_core() -> None:
    state = skip_to(new_state(config={"readings": {"awakened_core": "none"}}), 10)
    assert state["players"]["p2"]["added"] == 0 and state["players"]["p2"]["active"] == 5


def test_a3_6_fatigued_cores_return_to_the_active_area_in_the_start_phase() -> None:
    state = skip_to(new_state(), 3)
    p1 = state["players"]["p1"]
    p1["active"], p1["fatigued"] = 0, 2
    state = skip_to(state, 5)
    assert (state["players"]["p1"]["active"], state["players"]["p1"]["fatigued"]) == (3, 0)


def test_d2_the_card_change_exiles_a_card_and_draws_one() -> None:
    state = new_state(wide=False)
    card = state["players"]["p1"]["hand"][0]
    state, events = act(state, CardChange(seat="p1", card=card))
    p1 = state["players"]["p1"]
    assert card in p1["exile"] and len(p1["hand"]) == 6 and len(p1["deck"]) == 33
    assert state["pending"]["kind"] == "main"


def test_d2_reading_the_card_change_is_not_offered_with_an_empty_deck() -> None:
    state = skip_to(new_state(), 2)
    state["players"]["p1"]["deck"] = state["players"]["p1"]["deck"][:1]
    state, _ = act(state, EndTurn(seat="p2"))
    assert state["pending"]["kind"] == "main" and state["players"]["p1"]["deck"] == []


def test_zentai_turns_alternate_and_end_of_turn_clears_mp() -> None:
    state = skip_to(new_state(), 1)
    state["players"]["p1"]["mp"] = 2
    state, events = act(state, EndTurn(seat="p1"))
    assert state["turn"] == 2 and state["turn_seat"] == "p2" and state["players"]["p1"]["mp"] == 0
    assert ["end_main", "end_of_turn", "turn"] == [k for k in kinds(events) if k in ("end_main", "end_of_turn", "turn")]


def test_no_card_change_moves_on_to_the_main_phase() -> None:
    state, _ = act(new_state(), NoCardChange(seat="p1"))
    assert state["pending"] == {"kind": "main", "seat": "p1"}


def test_the_state_and_each_player_hold_exactly_the_documented_keys() -> None:
    """state.py's docstring is the state's shape: a new game has those keys and no other, and no card change yet."""
    state = new_state()
    assert set(state) == {"game", "version", "rng", "readings", "cards", "first", "turn", "turn_seat", "step",
                          "players", "pending", "queue", "combat", "outcome"}
    for player in state["players"].values():
        assert set(player) == {"life", "awakened", "master", "master_cores", "active", "fatigued", "mp", "lanes",
                               "lord", "hand", "deck", "standby", "arriving", "using", "exile", "wz", "wz_cores",
                               "added", "changed", "deck_out"}
        assert player["changed"] is False and player["arriving"] == [] and player["added"] == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["p2"].pop("master"), "deck p2 needs a master card"),
        (lambda d: d.__setitem__("p1", "mao"), "deck p1 needs a master card"),
        (lambda d: d["p1"].__setitem__("master", {**d["p1"]["cards"][0]}),
         "deck p1: the master must be a master card with two colours"),
        (lambda d: d["p2"]["cards"].insert(2, {"name": "Stray", "card_type": "master"}),
         "deck p2 card 2 ('Stray'): a deck holds minions, lords, skills and arts, not 'master'"),
    ],
    ids=["no-master", "not-a-dict", "master-not-master", "master-in-deck"],
)
def test_a_malformed_deck_is_refused_with_the_seat_card_and_rule(change, message) -> None:
    chosen = decks()
    chosen = {seat: {**deck, "cards": list(deck["cards"])} for seat, deck in chosen.items()}
    change(chosen)
    with pytest.raises(ValueError) as err:
        ENGINE.new_game({"first": "p1"}, chosen, RngSeed(seed_from_int(1)))
    assert str(err.value) == message

"""開始準備, the mulligan, the opening missions, the draw phase and the eyecatch, the deck as a clock."""

from __future__ import annotations

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.riders_legend import ENGINE, deck, flow
from referee.games.riders_legend.actions import EndOpening, EndPhase, KeepHand, Mulligan, PlaceMission
from referee.games.riders_legend.readings import DEFAULT

from .conftest import act, decks, kinds, lay, new_state, phase, put


def _opening(state: dict) -> dict:
    state, _ = act(state, KeepHand(seat="p1"))
    state, _ = act(state, KeepHand(seat="p2"))
    return state


def test_each_player_opens_with_seven_and_the_setup_event_records_every_reading() -> None:
    state, events = ENGINE.new_game({"first": "p1"}, decks(), RngSeed(seed_from_int(2)))
    assert [len(state["players"][s]["hand"]) for s in ("p1", "p2")] == [7, 7]
    assert events[0].kind == "setup" and events[0].data["readings"] == DEFAULT.as_config()
    assert state["readings"] == DEFAULT.as_config()
    assert state["pending"] == {"kind": "mulligan", "seat": "p1"}


def test_a_mulligan_shows_the_hand_to_both_by_name_and_returns_it_to_the_first_half() -> None:
    state = new_state()
    names = sorted(state["cards"][c]["name"] for c in state["players"]["p1"]["hand"])
    state, events = act(state, Mulligan(seat="p1"))
    (shown,) = [e for e in events if e.kind == "mulligan"]
    assert shown.to == () and shown.data["shown"] == names
    assert not any(c in repr(shown.data) for c in state["cards"])  # names only, never an id
    p = state["players"]["p1"]
    assert len(p["hand"]) == 7 and set(p["hand"]) <= set(state["halves"]["p1"]["first"])
    assert deck.above_eyecatch(p) == 23
    assert state["pending"]["seat"] == "p2"  # one mulligan: p1 is not asked again


def test_the_first_player_is_decided_by_the_rng_after_the_mulligans() -> None:
    state, _ = ENGINE.new_game({}, decks(), RngSeed(seed_from_int(4)))
    assert state["first"] is None
    state = _opening(state)
    assert state["first"] in ("p1", "p2") and state["pending"]["kind"] == "opening"


def test_the_second_player_lays_one_or_two_opening_missions_all_face_down() -> None:
    state = _opening(new_state())
    p1_mission = next(a for a in ENGINE.legal_actions(state, "p1") if isinstance(a, PlaceMission) and not a.bluff
                      and state["cards"][a.card]["card_type"] == "mission")
    state, _ = act(state, p1_mission)
    assert state["players"]["p1"]["missions"][p1_mission.area - 1]["face_up"] is False  # justice, face down
    assert state["pending"] == {"kind": "opening", "seat": "p2", "min": 1, "max": 2, "laid": 0}
    assert EndOpening(seat="p2") not in ENGINE.legal_actions(state, "p2")
    state, _ = act(state, ENGINE.legal_actions(state, "p2")[0])
    assert EndOpening(seat="p2") in ENGINE.legal_actions(state, "p2")
    state, events = act(state, EndOpening(seat="p2"))
    assert state["setup_done"] and state["turn"] == 1 and state["pending"]["kind"] == "placement"
    assert "draw" in kinds(events) and len(state["players"]["p1"]["hand"]) == 7  # 6 + one draw for one mission


def test_the_draw_phase_draws_one_card_per_area_holding_ones_mission() -> None:
    state = phase(new_state(), "end", "p2")
    lay(state, "p1", "人質の救出", 1)
    lay(state, "p1", "アジトの捜索", 2, face_up=False)
    p = state["players"]["p1"]
    p["deck"] = [c for c in p["deck"] if c != p["eyecatch"]]
    before = len(p["hand"])
    state["step"], state["pending"] = "end.pass", None
    flow.advance(state, [])
    assert state["turn_seat"] == "p1" and len(p["hand"]) - before == 3


def test_the_eyecatch_drawn_in_ones_draw_phase_applies_both_sides_by_default_and_ends_the_draw() -> None:
    for sides, expect in (("both", ["eyecatch_a", "eyecatch_b"]), ("b", ["eyecatch_b"])):
        state = phase(new_state(config={"readings": {"eyecatch_sides": sides}}), "end", "p2")
        p = state["players"]["p1"]
        p["deck"].remove(p["eyecatch"])
        p["deck"].append(p["eyecatch"])
        events: list = []
        got = deck.draw(state, "p1", 3, events, "ドローフェイズ/B3.2", draw_phase=True)
        assert got == [] and p["graveyard"][-1] == p["eyecatch"] and p["half"] == "second"
        assert [e.data["when"] for e in events if e.kind == "trigger"] == expect


def test_a_deck_that_runs_out_loses_at_that_instant_even_in_the_middle_of_a_draw() -> None:
    state = phase(new_state(), "action")
    p = state["players"]["p1"]
    p["deck"] = p["deck"][-2:]
    events: list = []
    got = deck.draw(state, "p1", 3, events, "effect")
    assert len(got) <= 2 and state["outcome"]["winner"] == "p2"
    assert kinds(events).count("game_end") == 1 and "B4.8" in state["outcome"]["clause"]


def test_the_end_phase_passes_the_turn_and_the_opponent_recovers_its_characters() -> None:
    state = phase(new_state(), "action")
    char = put(state, "p2", "ショッカー戦闘員", "battle", 1, acted=True, damage=1)
    state, _ = act(state, EndPhase(seat="p1"))
    assert state["turn_seat"] == "p2" and state["pending"]["kind"] == "placement"
    moved = state["players"]["p2"]["battle"][0][0]
    assert moved["acted"] is False and moved["damage"] == 1 and moved["id"] == char["id"]

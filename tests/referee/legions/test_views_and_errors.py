"""Per-seat views, the three kinds of refusal, our readings in the match config, and the engine's purity."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine.errors import IllegalAction, MalformedAction, NotYourTurn
from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.actions import EndTurn, NoCardChange, Unlock
from referee.games.legions.readings import DEFAULT, Readings

from .conftest import act, decks, main_phase, new_state, to_hand

ROOT = Path(__file__).parents[3]


def test_a_seat_sees_its_hand_and_only_the_count_of_the_opponents() -> None:
    state = new_state(wide=False)
    mine, theirs = ENGINE.view(state, "p1"), ENGINE.view(state, "p2")
    assert mine["players"]["p1"]["hand"] == state["players"]["p1"]["hand"]
    assert theirs["players"]["p1"]["hand"] == 6 and theirs["players"]["p1"]["deck"] == 34
    assert not set(state["players"]["p1"]["hand"]) & set(theirs["cards"])
    spectator = ENGINE.view(state, None)
    assert isinstance(spectator["players"]["p1"]["hand"], int) and isinstance(spectator["players"]["p2"]["hand"], int)


def test_reading_standby_cards_are_hidden_from_the_opponent_unless_the_reading_shows_them() -> None:
    for visible in (False, True):
        state = main_phase(new_state(config={"readings": {"standby_visible_to_opponent": visible}}), "p1")
        (card,) = to_hand(state, "p1", "下忍カスミ")
        state, events = act(state, Unlock(seat="p1", card=card, then="standby"))
        seen = ENGINE.view(state, "p2")["players"]["p1"]["standby"]
        assert seen == ([card] if visible else 1)
        public = [e for e in events if e.kind == "unlock"][0]
        assert ("card" in public.data) is visible


def test_malformed_out_of_turn_and_illegal_actions_are_refused_without_change() -> None:
    state = new_state()
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(MalformedAction):
        ENGINE.apply(state, {"type": "unlock", "seat": "p1"})
    with pytest.raises(MalformedAction):
        ENGINE.apply(state, {"type": "fly", "seat": "p1"})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, NoCardChange(seat="p2"))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, EndTurn(seat="p1"))  # the draw phase takes a card change or none
    assert refused.value.code == "wrong_step"
    assert json.dumps(state, sort_keys=True) == before


def test_the_readings_a_match_used_are_in_its_state_and_setup_event() -> None:
    state, events = ENGINE.new_game({"readings": {"block": "automatic"}}, decks(), RngSeed(seed_from_int(1)))
    assert state["readings"] == {**DEFAULT.as_config(), "block": "automatic"}
    assert events[0].data["readings"]["block"] == "automatic"


def test_an_unknown_reading_or_value_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown Legions reading"):
        Readings.from_config({"readings": {"no_such": True}})
    with pytest.raises(ValueError, match="attack_range"):
        Readings.from_config({"readings": {"attack_range": "everywhere"}})


def test_the_same_seed_gives_the_same_game() -> None:
    one = ENGINE.new_game({}, decks(), RngSeed(seed_from_int(9)))[0]
    two = ENGINE.new_game({}, decks(), RngSeed(seed_from_int(9)))[0]
    assert one == two


def test_the_legions_engine_and_the_abilities_package_import_no_django() -> None:
    code = ("import sys, referee.abilities, referee.games.legions; "
            "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

"""Per-seat views and hidden information, the three kinds of refusal, our readings in the match config, and the
engine's purity."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine.errors import IllegalAction, MalformedAction, NotYourTurn
from referee.engine.protocol import get_engine
from referee.games.riders_legend import ENGINE
from referee.games.riders_legend.actions import EndPhase, KeepHand, PlaceMission
from referee.games.riders_legend.readings import DEFAULT, Readings

from .conftest import act, lay, new_state, phase, to_hand

ROOT = Path(__file__).parents[3]


def test_a_face_down_mission_is_a_card_back_to_the_opponent_and_a_spectator() -> None:
    state = phase(new_state())
    bluff = lay(state, "p1", "ライダーキック", 2, face_up=False, bluff=True)
    real = state["players"]["p1"]["missions"][4]
    for viewer in ("p2", None):
        seen = ENGINE.view(state, viewer)["players"]["p1"]["missions"]
        assert seen[1] == seen[4] == {"face_up": False, "damage": 0, "operation": 0, "achieved": False}
        text = json.dumps(ENGINE.view(state, viewer))
        assert bluff["card"] not in text and real["card"] not in text
    own = ENGINE.view(state, "p1")["players"]["p1"]["missions"][1]
    assert own["card"] == bluff["card"] and own["bluff"] is True


def test_the_hand_deck_and_discard_pile_are_counts_to_the_opponent() -> None:
    state = phase(new_state(), "action")
    p2 = state["players"]["p2"]
    p2["discard_pile"] = [p2["deck"].pop(), p2["deck"].pop()]
    seen = ENGINE.view(state, "p1")["players"]["p2"]
    assert seen["hand"] == 7 and seen["deck"] == len(p2["deck"]) and seen["discard_pile"] == 2
    shown = json.dumps(ENGINE.view(state, "p1"))
    assert not any(c in shown for c in [*p2["hand"], *p2["deck"], *p2["discard_pile"]])


def test_laying_a_face_down_mission_names_its_card_only_to_its_owner() -> None:
    state = phase(new_state())
    state["players"]["p1"]["missions"][0] = None
    (card,) = to_hand(state, "p1", "本郷猛")
    state, events = act(state, PlaceMission(seat="p1", card=card, area=1, bluff=1))
    public = ENGINE.visible_events(events, "p2")
    assert [e.kind for e in public] == ["place_mission"] and card not in repr(public)
    assert any(card in repr(e.data) for e in ENGINE.visible_events(events, "p1"))


def test_the_three_refusals_change_nothing() -> None:
    state = new_state()
    with pytest.raises(MalformedAction):
        ENGINE.apply(state, {"type": "keep_hand"})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, KeepHand(seat="p2"))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, EndPhase(seat="p1"))
    assert refused.value.code == "wrong_step" and state["version"] == 0


def test_readings_are_recorded_in_the_state_and_an_unknown_one_is_refused() -> None:
    state = new_state(config={"readings": {"attack_with": "group"}})
    assert state["readings"] == {**DEFAULT.as_config(), "attack_with": "group"}
    with pytest.raises(ValueError, match="unknown"):
        Readings.from_config({"readings": {"no_such": True}})
    with pytest.raises(ValueError, match="one of"):
        Readings.from_config({"readings": {"attack_with": "all"}})


def test_the_engine_is_registered_and_imports_no_django() -> None:
    assert get_engine("riders_legend") is ENGINE
    code = ("import sys, referee.games.riders_legend, referee.abilities; "
            "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_clock_ends_the_phase_and_declines_a_declaration() -> None:
    state = phase(new_state(), "movement")
    assert ENGINE.default_action(state, "p1") == EndPhase(seat="p1")
    assert ENGINE.default_action(state, "p2") is None


def test_a_deck_holding_a_card_not_yet_refereed_is_refused_naming_it() -> None:
    from referee.engine.protocol import RngSeed
    from referee.engine.rng import seed_from_int

    from .conftest import decks

    chosen = decks()
    chosen["p2"]["first_half"][0] = {"name": "謎のカード", "card_type": "action", "attributes": {},
                                     "rules_text": "相手のデッキに9ダメージ。"}
    with pytest.raises(ValueError, match="謎のカード"):
        ENGINE.new_game({}, chosen, RngSeed(seed_from_int(1)))


def test_every_reading_is_a_named_clause_of_the_rules_document() -> None:
    text = (ROOT / "docs" / "rules" / "riders_legend.md").read_text(encoding="utf-8")
    missing = [name for name in DEFAULT.as_config() if f"`{name}`" not in text]
    assert missing == []


@pytest.mark.parametrize(("readings", "kind", "present", "absent"), [
    ({}, "action", "transform", "no such"),
    ({"transform_when": "placement_phase"}, "action", "no such", "transform"),
    ({}, "placement", "no such", "play_action"),
    ({"action_cards_when": "own_turn"}, "placement", "play_action", "no such"),
])
def test_the_readings_on_timing_decide_which_actions_a_phase_offers(readings, kind, present, absent) -> None:
    from .conftest import put

    state = phase(new_state(config={"readings": readings}), kind)
    put(state, "p1", "本郷猛", "justice")
    to_hand(state, "p1", "仮面ライダー1号", "ライダーキック")
    offered = {a.type for a in ENGINE.legal_actions(state, "p1")}
    assert (present == "no such" or present in offered) and absent not in offered


def test_the_blockers_reading_decides_whether_the_justice_field_blocks() -> None:
    from referee.games.riders_legend import combat

    from .conftest import put

    for reading, expect in (("battle_and_justice", 1), ("battle_only", 0)):
        state = phase(new_state(config={"readings": {"blockers": reading}}), "action", "p2")
        put(state, "p1", "本郷猛", "justice")
        assert len(combat.blockers(state, "p1", 3)) == expect

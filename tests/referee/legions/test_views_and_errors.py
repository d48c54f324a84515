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
from referee.games.legions.view import visible_events

from .conftest import act, decks, main_phase, new_state, put, to_hand

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


def _named(events: list, seat: str | None, card: str, name: str) -> list[str]:
    """The kinds of the events shown to ``seat`` that name ``card`` by id or by name."""
    return [e["kind"] for e in visible_events(events, seat)
            if e["data"] and {card, name} & set(json.dumps(e["data"], ensure_ascii=False).split('"'))]


def test_an_unlock_to_hidden_standby_with_an_unlock_trigger_names_the_card_only_to_its_owner() -> None:
    state = main_phase(new_state(), "p1")
    (card,) = to_hand(state, "p1", "大地の恵み")  # アンロック時: a core from outside the game to wait zone 2
    state, events = act(state, Unlock(seat="p1", card=card, then="standby"))
    assert state["players"]["p1"]["wz_cores"][1] == 1  # the trigger resolved
    assert _named(events, "p2", card, "大地の恵み") == [] and _named(events, None, card, "大地の恵み") == []
    assert "triggered" in _named(events, "p1", card, "大地の恵み")
    assert [e["data"]["when"] for e in visible_events(events, "p2") if e["kind"] == "trigger"] == ["アンロック時"]


def _with_card(card: dict) -> dict:
    """A new game, p1 first and in its main phase, whose p1 deck holds ``card`` (a black skill) first."""
    chosen = decks()
    chosen["p1"]["cards"] = [card] + chosen["p1"]["cards"][1:]
    return main_phase(ENGINE.new_game({"first": "p1"}, chosen, RngSeed(seed_from_int(1)))[0], "p1")


def _skill(name: str, abilities: dict) -> dict:
    return {"name": name, "card_type": "skill", "abilities": abilities,
            "attributes": {"colours": ["black"], "unlock_cost": 1, "wt": 1, "keywords": []}}


def test_a_card_an_effect_sends_from_hand_to_hidden_standby_is_named_only_to_its_owner() -> None:
    stash = _skill("隠し札", {"effects": [{"effect": "send", "to": "standby",
                                         "target": {"pick": "choose", "zone": "hand", "card_type": "minion"}}]})
    state = _with_card(stash)
    skill, minion = to_hand(state, "p1", "隠し札", "下忍カスミ")
    state["players"]["p1"]["hand"] = [skill, minion]
    state, events = act(state, Unlock(seat="p1", card=skill, then="use"))
    assert state["players"]["p1"]["standby"] == [minion]
    assert _named(events, "p2", minion, "下忍カスミ") == [] and _named(events, None, minion, "下忍カスミ") == []
    assert _named(events, "p1", minion, "下忍カスミ") == ["sent"]


def test_the_pending_choice_of_a_card_unlocked_to_hidden_standby_does_not_name_it_to_the_opponent() -> None:
    ambush = _skill("伏せ火", {"triggers": [{"when": "アンロック時", "effects": [
        {"effect": "damage", "amount": 1, "target": {"pick": "choose", "side": "opponent", "units": ["minion"]}}]}]})
    state = _with_card(ambush)
    put(state, "p2", "リトルゴレム", "centre")
    put(state, "p2", "闇精シェイド", "left")
    (card,) = to_hand(state, "p1", "伏せ火")
    state, _ = act(state, Unlock(seat="p1", card=card, then="standby"))
    assert state["pending"]["kind"] == "choose" and state["pending"]["source"] == card
    assert ENGINE.view(state, "p1")["pending"]["source"] == card
    assert ENGINE.view(state, "p2")["pending"]["source"] is None
    assert ENGINE.view(state, None)["pending"] == {**state["pending"], "options": 2, "source": None}


def test_a_choice_among_the_cards_of_a_hand_shows_the_opponent_no_count() -> None:
    pick = _skill("選び札", {"effects": [{"effect": "send", "to": "exile",
                                        "target": {"pick": "choose", "zone": "hand", "card_type": "minion"}}]})
    state = _with_card(pick)
    skill, *minions = to_hand(state, "p1", "選び札", "下忍カスミ", "下忍カスミ")
    state["players"]["p1"]["hand"] = [skill, *minions]
    state, _ = act(state, Unlock(seat="p1", card=skill, then="use"))
    assert state["pending"]["options"] == minions
    assert ENGINE.view(state, "p2")["pending"]["options"] is None


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

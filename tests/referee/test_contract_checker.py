"""The apply/listing contract checker (tests/referee/contract.py) finds each kind of breach: a test of the test,
on the tests' fourth game (Duel), whose listing and checks are changed one way at a time."""

from __future__ import annotations

import random

import pytest

from referee.engine.errors import IllegalAction
from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.engine.shell import Decision
from tests.fourth_game.engine import DuelEngine, Pass, Play, _actions, _pass, _play

from . import contract

CARDS = [{"name": f"Unit {n}", "card_type": "unit", "attributes": {"power": 1}} for n in range(4)] + \
    [{"name": f"Bolt {n}", "card_type": "spell", "attributes": {"damage": 2}} for n in range(4)]


def _breaches(engine: DuelEngine) -> list[str]:
    state, _ = engine.new_game({}, {"p1": CARDS, "p2": CARDS}, RngSeed(seed_from_int(1)))
    pools = {"card": [*state["cards"], "p9c99"]}
    return contract.check(engine, state, "p1", random.Random(0), pools)


def _engine(handlers: dict, listing) -> DuelEngine:
    class Changed(DuelEngine):
        decisions = {"main": Decision(handlers, listing)}

    return Changed()


def test_the_game_as_written_keeps_the_contract() -> None:
    assert _breaches(DuelEngine()) == []


def test_a_listing_that_leaves_out_a_legal_action_is_found() -> None:
    def fewer(state: dict, seat: str) -> list:
        return _actions(state, seat)[1:]

    assert any("accepted" in b for b in _breaches(_engine({Play: _play, Pass: _pass}, fewer)))


def test_a_listing_that_offers_what_apply_refuses_is_found() -> None:
    def more(state: dict, seat: str) -> list:
        return [*_actions(state, seat), Play(seat=seat, card=state["players"][seat]["deck"][0])]

    assert any("listed" in b and "refused" in b for b in _breaches(_engine({Play: _play, Pass: _pass}, more)))


@pytest.mark.parametrize(("error", "words"), [(KeyError("p9c99"), "crashed apply"),
                                              (IllegalAction("wrong_step", "no", "D3"), "wrong_step")])
def test_apply_crashing_or_refusing_as_the_wrong_step_is_found(error: Exception, words: str) -> None:
    def strict(state: dict, action: Play, events: list) -> None:
        if action.card not in state["players"][action.seat]["hand"]:
            raise error
        _play(state, action, events)

    assert any(words in b for b in _breaches(_engine({Play: strict, Pass: _pass}, _actions)))


@pytest.mark.parametrize(("error", "clauses", "wrong"), [
    (IllegalAction("not_in_hand", "p1c01 is not in your hand", "D3"), contract.HEADINGS, None),
    (IllegalAction("NOT_IN_HAND", "p1c01 is not in your hand", "D3"), contract.HEADINGS, "is not a rule code"),
    (IllegalAction("not_in_hand", "", "D3"), contract.HEADINGS, "no reason"),
    (IllegalAction("not_in_hand", "x", "XXD3XX"), contract.HEADINGS, "is not one the rule documents name"),
    (IllegalAction("not_in_hand", "x", "場の構成/A6.5-A6.6"), contract.HEADINGS, None),
    (IllegalAction("not_in_hand", "x", "A6.4 (reading attack_range)"), contract.HEADINGS, None),
    (IllegalAction("not_in_hand", "x", "ミッションカード/B3.3a 1ターンに1枚"), contract.HEADINGS, None),
    (IllegalAction("not_in_hand", "x", "a7 効果ダメージ無効"), contract.HEADINGS, "is not one the rule documents name"),
    (IllegalAction("not_in_hand", "x", "ドローフェイズ/d2"), contract.HEADINGS, "is not one the rule documents name"),
    (IllegalAction("acted", "x", "B5.8 (READING)"), contract.HEADINGS, "is not one the rule documents name"),
    (IllegalAction("acted", "x", "A7 衝撃N (remove standby)"), contract.HEADINGS, None),
    (IllegalAction("half_twice", "x", "20.2–20.4/11.7"), contract.NUMBERS, None),
    (IllegalAction("half_twice", "x", "XX5.2XX"), contract.NUMBERS, "is not one the rule documents name"),
])
def test_a_refusal_without_a_rule_code_reason_or_named_clause_is_found(error, clauses, wrong) -> None:
    found = contract.refusal_problem(error, clauses)
    assert (found is None) if wrong is None else (wrong in found)


def test_an_apply_that_changes_the_state_it_was_given_is_found() -> None:
    class Sharing(DuelEngine):
        copy = staticmethod(lambda state: state)  # no copy: the handlers change the caller's state

    assert any("changed the state it was given" in b for b in _breaches(Sharing()))

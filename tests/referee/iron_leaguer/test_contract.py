"""Each rule once (issue 26, point 4): at every kind of Iron Leaguer decision, ``apply`` accepts exactly what
``legal_actions`` lists.

Whole games between random and greedy bots (the test pool and the seed catalogue) give decisions of every kind;
at each kept decision ``tests/referee/contract.check`` applies the listed actions (all must be accepted) and a
sample of well-formed unlisted ones (each must be refused with a rule code: ``wrong_step`` exactly when the
decision does not take that kind of action). A rule enforced by only one of ``apply`` and the listing fails here,
naming the decision and the action.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from itertools import permutations

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.iron_leaguer.actions import AddHalf

from .. import contract
from .conftest import ENGINE
from .pool import pool
from .test_properties import catalogue_pool

KINDS = sorted(ENGINE.decisions)
PER_KIND = 12  # decisions of each kind kept from each game
CLAUSES = contract.NUMBERS
GAMES = 10  # on each pool, half of them greedy against random


@cache
def found() -> dict[str, list[tuple[dict, str]]]:
    """The decisions to check, by kind (computed once for the module's tests)."""
    out: dict[str, list[tuple[dict, str]]] = {}
    for n, cards in enumerate((pool(), catalogue_pool())):
        games = [({}, {"cards": cards}, 300 + 50 * n + i) for i in range(GAMES)]
        for bots, chosen in ((("random", "random"), games[::2]), (("greedy", "random"), games[1::2])):
            for kind, more in contract.positions(ENGINE, chosen, PER_KIND, seed=n, bots=bots).items():
                out.setdefault(kind, []).extend(more)
    return out


def pools(state: dict) -> dict[str, list]:
    """Values to try in each field: every card of the game (and one that is not), both halves of a technique
    card, the modes, options and instructions a decision may name, small numbers."""
    cards = [*state["cards"], "zz99"]
    return {"card": cards, "il": cards, "ils": cards, "target": cards, "rescuer": cards, "persuader": cards,
            "side": ["upper", "lower", "middle"], "mode": ["attack", "defence", "pass", "nope"],
            "option": ["pass", "shoot", "nope"], "instruction": ["attack", "defence", "nope"],
            "parts": [0, 1, 2, 3],
            "alloc": [(c, n) for c in cards[::7] for n in (0, 1)],
            "halves": [(c, side) for c in cards[::5] for side in ("upper", "lower")]}


def stacked(engine, state: dict, action) -> bool:
    """A declaration of a whole stack is a shorthand (docs/rules/iron_leaguer.md, "Declare, then choose ILs";
    IL 5.1/5.4.3): the listed one-half ``Declare`` of one of its halves, then ``AddHalf`` of each other half, each
    listed in turn, reach the same declaration (the same halves pending, the same hands)."""
    if action.type != "declare" or len(action.halves) < 2:
        return False
    whole, _ = engine.apply(state, action)
    for order in permutations(action.halves):
        steps = [dataclasses.replace(action, halves=order[:1]),
                 *(AddHalf(seat=action.seat, card=card, side=side) for card, side in order[1:])]
        now = state
        for step in steps:
            if step not in engine.legal_actions(now, action.seat):
                break
            now, _ = engine.apply(now, step)
        else:
            if sorted(map(tuple, now["pending"]["halves"])) == sorted(map(tuple, whole["pending"]["halves"])) \
                    and now["hands"] == whole["hands"]:
                return True
    return False


@pytest.mark.parametrize("kind", KINDS)
def test_apply_accepts_exactly_the_listed_actions(kind: str) -> None:
    at = found().get(kind, [])
    assert at, f"no {kind} decision came up in the games: the test would check nothing"
    assert contract.check_all(ENGINE, at, pools, shorthand=stacked, clauses=contract.NUMBERS) == []


def test_every_event_of_a_new_game_cites_a_clause_of_the_rules() -> None:
    """The setup's events (shuffles, the opening hands…) cite the rule they apply, as every action's do (the
    contract tests check those)."""
    clauses = CLAUSES
    for config, decks, seed in GAMES_FOR_SETUP:
        _, events = ENGINE.new_game(config, decks, RngSeed(seed_from_int(seed)))
        assert events and [e.clause for e in events if not clauses.fullmatch(e.clause)] == []


GAMES_FOR_SETUP = [({}, {"cards": pool()}, 5), ({}, {"cards": catalogue_pool()}, 6)]

"""Each rule once (issue 26, point 4): at every kind of Riders' Legend decision, ``apply`` accepts exactly what
``legal_actions`` lists.

Whole games between random and greedy bots (the two sample decks seated both ways, random decks of every seed
card with a declaring card, under the default readings and under the alternative of every reading) give decisions
of every kind; at each kept decision ``tests/referee/contract.check`` applies the listed actions (all must be
accepted) and a sample of well-formed unlisted ones (each must be refused with a rule code: ``wrong_step``
exactly when the decision does not take that kind of action). A rule enforced by only one of ``apply`` and the
listing fails here, naming the decision and the action.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.riders_legend import ENGINE
from referee.games.riders_legend.engine import _decision_tables
from referee.games.riders_legend.state import AREAS, FIELDS

from .. import contract
from .conftest import deck
from .test_properties import alternatives, random_deck

KINDS = sorted(_decision_tables(False, False))  # the same kinds under every reading
PER_KIND = 12  # decisions of each kind kept from each game
CLAUSES = contract.HEADINGS


@cache
def found() -> dict[str, list[tuple[dict, str]]]:
    """The decisions to check, by kind (computed once for the module's tests)."""
    sample = {"p1": deck("showa"), "p2": deck("shocker")}
    swapped = {"p1": sample["p2"], "p2": sample["p1"]}
    configs = [{}, *({"readings": {k: v}} for k, v in sorted(alternatives().items()))]
    games = []
    for i, config in enumerate(configs):
        rng = random.Random(600 + i)
        games.append(({"first": "p1", **config}, sample if i % 2 else swapped, 600 + i))
        games.append(({"first": "p2", **config}, {"p1": random_deck(rng), "p2": random_deck(rng)}, 800 + i))
    out = contract.positions(ENGINE, games[::2], PER_KIND, bots=("random", "random"))
    for kind, more in contract.positions(ENGINE, games[1::2], PER_KIND, seed=1, bots=("greedy", "random")).items():
        out.setdefault(kind, []).extend(more)
    # a strike back is asked only after a group attack (reading attack_with "group"): more sample games under that
    # reading, until one comes up (since the readings of issue 29, the games above no longer reach one)
    group = [({"first": "p1", "readings": {"attack_with": "group"}}, sample if n % 2 else swapped, 700 + n)
             for n in range(24)]
    for kind, more in contract.positions(ENGINE, group, PER_KIND, seed=3, bots=("greedy", "random")).items():
        out.setdefault(kind, []).extend(more)
    return out


def pools(state: dict) -> dict[str, list]:
    """Values to try in each field: every card of the game (and one that is not), every field and area (and one
    that is not), attack targets, options."""
    cards = [*state["cards"], "p9c99"]
    areas = [*AREAS, 0, 6]
    return {"card": cards, "character": cards, "attackers": cards, "field": [*FIELDS, "hand"], "area": areas,
            "bluff": [0, 1, 2], "target": [*cards, *(f"mission:{a}" for a in AREAS)],
            "option": ["yes", "no", "0", "1", "nope"]}


@pytest.mark.parametrize("kind", KINDS)
def test_apply_accepts_exactly_the_listed_actions(kind: str) -> None:
    at = found().get(kind, [])
    assert at, f"no {kind} decision came up in the games: the test would check nothing"
    assert contract.check_all(ENGINE, at, pools, clauses=contract.HEADINGS) == []


def test_every_event_of_a_new_game_cites_a_clause_of_the_rules() -> None:
    """The setup's events (shuffles, the opening hands…) cite the rule they apply, as every action's do (the
    contract tests check those)."""
    clauses = CLAUSES
    for config, decks, seed in GAMES_FOR_SETUP:
        _, events = ENGINE.new_game(config, decks, RngSeed(seed_from_int(seed)))
        assert events and [e.clause for e in events if not clauses.fullmatch(e.clause)] == []


GAMES_FOR_SETUP = [({}, {"p1": deck("showa"), "p2": deck("shocker")}, 5),
                   ({"first": "p2"}, {"p1": deck("shocker"), "p2": deck("showa")}, 6)]

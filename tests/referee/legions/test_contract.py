"""Each rule once (issue 26, point 4): at every kind of Legions decision, ``apply`` accepts exactly what
``legal_actions`` lists.

Whole games between random and greedy bots (the two sample decks seated both ways, and random decks of every
refereed seed card, under the default readings and under each alternative reading) give decisions of every kind;
at each kept decision ``tests/referee/contract.check`` applies the listed actions (all must be accepted) and a
sample of well-formed unlisted ones (each must be refused with a rule code: ``wrong_step`` exactly when the
decision does not take that kind of action). A rule enforced by only one of ``apply`` and the listing fails here,
naming the decision and the action.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.state import LANES

from .. import contract
from .conftest import deck
from .test_properties import ALTERNATIVES, random_deck

KINDS = sorted(ENGINE.decisions)  # card_change, choose, keep, main, block
PER_KIND = 12  # decisions of each kind kept from each game
CLAUSES = contract.HEADINGS


def _configs() -> list[dict]:
    return [{}, *({name: value} for name, value in sorted(ALTERNATIVES.items(), key=lambda kv: kv[0]))]


@cache
def found() -> dict[str, list[tuple[dict, str]]]:
    """The decisions to check, by kind (computed once for the module's tests)."""
    sample = {"p1": deck("mao"), "p2": deck("olivier")}
    swapped = {"p1": sample["p2"], "p2": sample["p1"]}
    games = []
    for i, config in enumerate(_configs()):
        rng = random.Random(500 + i)
        games.append(({"first": "p1", **config}, sample if i % 2 else swapped, 500 + i))
        games.append(({"first": "p2", **config}, {"p1": random_deck(rng), "p2": random_deck(rng)}, 700 + i))
    from .test_dantalion import decks as draft_decks  # ダンタリオンドラフト: the opening picks, masters, draft phase

    games += [({"format": "dantalion", "first": first}, draft_decks(), 900 + i)
              for i, first in enumerate(("p1", "p2", "p1", "p2"))]
    out = contract.positions(ENGINE, games[::2], PER_KIND, bots=("random", "random"))
    for kind, more in contract.positions(ENGINE, games[1::2], PER_KIND, seed=1, bots=("greedy", "random")).items():
        out.setdefault(kind, []).extend(more)
    return out


def pools(state: dict) -> dict[str, list]:
    """Values to try in each field: every card of the game (and one that is not), every lane and the lord's
    place, the targets and the options a decision may name."""
    cards = [*state["cards"], "p9x99"]
    places = [*LANES, "lord", "master", "nowhere"]
    return {"card": cards, "lane": places, "then": places, "target": places, "via": places,
            "option": ["yes", "no", "0", "1", "nope"], "cards": cards}


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


GAMES_FOR_SETUP = [({"first": None}, {"p1": deck("mao"), "p2": deck("olivier")}, 5),
                   ({"first": "p2"}, {"p1": deck("olivier"), "p2": deck("mao")}, 6)]

"""Property test: whole games between random and greedy bots, checked after every action.

After every action: no exception; exactly one seat to act (or the game over) with at least one legal action;
cards neither created nor lost across hands, decks, discard, out-of-game and field; hand limits (5.7, 14,
17.3) and
scores (4.4, 8) follow the rules; the state survives a JSON round trip; the opponent's and the spectator's
views
hold no card of a hidden zone. After the game: the log replays to the same final state.

The pools: the test pool (120 games), and the seed catalogue ``seeds/catalogue/iron_leaguer.json`` (80 games).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import chain
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.replay import play, replay
from referee.engine.rng import seed_from_int
from referee.games.iron_leaguer import rules
from referee.games.iron_leaguer.actions import Practice

from .conftest import ENGINE
from .pool import pool

pytestmark = pytest.mark.slow  # whole games checked after every action (the quick lane: -m 'not slow')

ID = re.compile(r'"([^"\\]+)"')  # every JSON string: card ids cannot hide from it
PUBLIC_IL_ZONES = ("cards", "teams", "strays", "retired")
CATALOGUE = Path(__file__).parents[3] / "seeds" / "catalogue" / "iron_leaguer.json"


def catalogue_pool() -> list[dict]:
    data = json.loads(CATALOGUE.read_text())
    return [
        {"name": c["name"], "card_type": c["card_type"], "attributes": c["attributes"]} for c in data["cards"]
    ]


def _dynamic_json(state: dict) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "cards"})


class Checker:
    """Invariants after every action of one game."""

    def __init__(self, state: dict) -> None:
        self.techs = Counter(c for c, v in state["cards"].items() if v["card_type"] == "technique")
        self.ils = Counter(c for c, v in state["cards"].items() if v["card_type"] == "il")
        self.extra = {"silver": 0, "dark": 0}  # practice draws since the last replenishment (IL 17.3)
        self.score = {"silver": 0, "dark": 0}
        self.steps = 0
        self.check(state, [])

    def __call__(self, state: dict, action, events) -> None:
        self.steps += 1
        if isinstance(action, Practice):
            self.extra[action.seat] += 1
        # apply never changes its input (the protocol; copy_state shares the parts that are only replaced)
        assert _dynamic_json(self.before) == self.before_json, f"apply changed its input ({action})"
        self.check(state, events)

    def check(self, state: dict, events) -> None:
        tech = state["tech"]
        zones = [*tech["decks"].values(), tech["discard"], tech["out"], *state["hands"].values()]
        assert Counter(chain.from_iterable(zones)) == self.techs, "technique cards created or lost"
        il_zones = [*state["teams"].values(), state["strays"], state["retired"], state["il_deck"]]
        assert Counter(chain.from_iterable(il_zones)) == self.ils, "IL cards created or lost"
        self._hands(state, events)
        self._scores(state, events)
        assert (ENGINE.to_act(state) is None) == (
            state["outcome"] is not None
        )  # play() refuses an empty choice
        dynamic = {k: v for k, v in state.items() if k != "cards"}
        self.before, self.before_json = state, json.dumps(dynamic)
        assert json.loads(self.before_json) == dynamic
        self._views(state)

    def _hands(self, state: dict, events) -> None:
        limit = rules.hand_limit(state["scene"])
        for e in events:
            if e.kind == "interval_step" and e.data["name"] == "newcomers":  # replenishment is over (14.3)
                assert all(len(h) <= limit for h in state["hands"].values()), "over the limit after 14.3"
                self.extra = {"silver": 0, "dark": 0}
        for s, hand in state["hands"].items():
            assert len(hand) <= limit + self.extra[s], f"{s} holds {len(hand)} cards, limit {limit}"

    def _scores(self, state: dict, events) -> None:
        if state["match"] is None:
            self.score = {"silver": 0, "dark": 0}
            for e in events:
                if e.kind == "match_end":
                    target = rules.points_to_win(e.data["scene"])
                    assert e.data["score"][e.data["winner"]] == target
                    assert max(v for k, v in e.data["score"].items() if k != e.data["winner"]) < target
            return
        score = state["match"]["score"]
        assert all(score[s] - self.score.get(s, 0) in (0, 1) for s in score)
        assert all(v < rules.points_to_win(state["scene"]) for v in score.values())
        self.score = dict(score)

    def _views(self, state: dict) -> None:
        decks = {*chain.from_iterable(state["tech"]["decks"].values()), *state["il_deck"]}
        for seat in ("silver", "dark", None):
            hidden = decks.union(*(state["hands"][s] for s in ("silver", "dark") if s != seat))
            view = ENGINE.view(state, seat)
            # IL ids in the line-ups, strays and retired are public by definition: scan everything else
            rest = json.dumps({k: v for k, v in view.items() if k not in PUBLIC_IL_ZONES})
            shown = set(view["cards"]) | set(ID.findall(rest))
            assert not shown & hidden, f"view for {seat} shows hidden cards {sorted(shown & hidden)}"


def run_game(cards: list[dict], seed: int, kinds: tuple[str, str]) -> None:
    bots = {"silver": make_bot(kinds[0], seed), "dark": make_bot(kinds[1], seed + 1)}
    checker: list[Checker] = []

    def on_step(state, action, events):
        checker[0](state, action, events)

    state0, _ = ENGINE.new_game({}, {"cards": cards}, RngSeed(seed_from_int(seed)))
    checker.append(Checker(state0))
    state, log = play(ENGINE, {}, {"cards": cards}, RngSeed(seed_from_int(seed)), bots, on_step=on_step)
    assert ENGINE.outcome(state) is not None
    report = replay(json.loads(json.dumps(log)))
    assert report.ok, f"{report.where}: {report.difference}"
    assert report.state == state


# 60 + 60 games on the test pool and 80 on the seed catalogue: 200 whole games, about 2 minutes of CI.
PROPERTY = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY
@given(seed=st.integers(0, 2**31))
def test_random_bots_play_whole_games_keeping_every_invariant(seed: int) -> None:
    run_game(pool(), seed, ("random", "random"))


@PROPERTY
@given(
    seed=st.integers(0, 2**31),
    kinds=st.sampled_from([("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]),
)
def test_greedy_and_random_bots_play_whole_games_keeping_every_invariant(seed: int, kinds) -> None:
    run_game(pool(), seed, kinds)


@pytest.mark.skipif(not CATALOGUE.exists(), reason="seeds/catalogue/iron_leaguer.json not written yet")
@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    kinds=st.sampled_from([("random", "random"), ("greedy", "random"), ("random", "greedy")]),
)
def test_games_on_the_seed_catalogue_keep_every_invariant(seed: int, kinds) -> None:
    run_game(catalogue_pool(), seed, kinds)


def test_every_action_legal_actions_lists_is_accepted_by_apply() -> None:
    """Along one whole game, up to 8 listed actions per decision (first, last and 6 spread between)."""
    bots = {"silver": make_bot("greedy", 11), "dark": make_bot("random", 12)}
    checked = 0

    def on_step(state, action, events):
        nonlocal checked
        seat = ENGINE.to_act(state)
        if seat is None:
            return
        actions = ENGINE.legal_actions(state, seat)
        before = _dynamic_json(state)
        for candidate in actions[:: max(1, len(actions) // 6)] + actions[-1:]:
            ENGINE.apply(state, candidate)  # raises if a listed action is refused
            checked += 1
        assert _dynamic_json(state) == before, "applying listed actions changed the state they were applied to"

    play(ENGINE, {}, {"cards": pool()}, RngSeed(seed_from_int(11)), bots, on_step=on_step)
    assert checked > 1000

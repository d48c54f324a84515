"""Property test: whole games between random and greedy bots, checked after every action.

After every action: no exception; exactly one seat to act (or the game over) with a legal action; ``apply``
left its input unchanged; cards neither created nor lost across hand, deck, standby, arriving, exile, the wait
zones and the field; cores conserved (the starting 10 plus those added from outside the game); at most one
minion per lane (the state's shape), one lord, two standby cards; life 0–20; the state survives a JSON round
trip; no card of a hidden zone (decks, the opponent's hand and, by our reading, standby) in the opponent's or a
spectator's view. After the game: the log replays to the same final state.

Games: the two seed sample decks against each other, and decks drawn at random from every refereed card of the
seed catalogue (so every ability of the seed cards is played), under the default readings and under the
alternative of every reading option.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from itertools import chain

import pytest

from referee.engine import protocol
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.replay import play, replay
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.abilities import not_yet_refereed
from referee.games.legions.state import LANES, SEATS, cores_in_play

from .conftest import CARDS, deck

ID = re.compile(r'"([^"\\]+)"')
ALTERNATIVES = {"attack_range": "facing", "block": "automatic", "awakened_core": "master", "kyoushuu": "rush",
                "teishin": "none", "standby_visible_to_opponent": True, "simultaneous_damage": False,
                "master_takes_counter_damage": False, "wait_turns_before_refresh": False,
                "overflow_owner_chooses": False, "core_cost_fresh_cores": True, "use_needs_target": False,
                "blocking_fatigues": False, "refresh_cores": False, "card_change_needs_deck": False,
                "turn_player_triggers_first": False, "both_lose_draw": False}


def test_replay_finds_the_legions_engine():
    assert protocol.get_engine("legions").name == "legions"


def random_deck(rng: random.Random) -> dict:
    """40 refereed cards (at most 3 of a name) and a random master."""
    masters = [c for c in CARDS.values() if c["card_type"] == "master"]
    pool = [c for c in CARDS.values() if c["card_type"] != "master" and not not_yet_refereed([c])]
    cards: list[dict] = []
    while len(cards) < 40:
        cards += [rng.choice(pool)] * rng.randint(1, 3)
    return {"master": rng.choice(masters), "cards": cards[:40]}


def _ids(player: dict) -> list[str]:
    field = [u["card"] for u in (*player["lanes"].values(), player["lord"]) if u is not None]
    return [*player["hand"], *player["deck"], *player["standby"], *player["arriving"], *player["exile"],
            *chain.from_iterable(player["wz"]), *field]


def _dynamic(state: dict) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True)


class Checker:
    def __init__(self, state: dict) -> None:
        self.cards = {s: Counter(_ids(state["players"][s])) for s in SEATS}
        self.steps = 0
        self.check(state)

    def __call__(self, state: dict, action, events) -> None:
        self.steps += 1
        assert _dynamic(self.before) == self.before_json, f"apply changed its input ({action})"
        self.check(state)

    def check(self, state: dict) -> None:
        seat = ENGINE.to_act(state)
        assert (seat is None) == (state["outcome"] is not None)
        if seat is not None:
            assert ENGINE.legal_actions(state, seat), "a seat to act with no legal action"
        for s in SEATS:
            p = state["players"][s]
            assert Counter(_ids(p)) == self.cards[s], f"{s}: cards created or lost"
            assert cores_in_play(p) == 5 + p["added"], f"{s}: cores created or lost"
            assert set(p["lanes"]) == set(LANES) and (p["lord"] is None or isinstance(p["lord"], dict))
            assert len(p["standby"]) <= 2, f"{s} holds {len(p['standby'])} standby cards"
            assert 0 <= p["life"] <= 20
            assert p["active"] >= 0 and p["fatigued"] >= 0 and p["master_cores"] >= 0
        dynamic = {k: v for k, v in state.items() if k != "cards"}
        self.before, self.before_json = state, json.dumps(dynamic, sort_keys=True)
        assert json.loads(self.before_json) == dynamic
        self._views(state)

    def _views(self, state: dict) -> None:
        players = state["players"]
        decks = set(chain.from_iterable(p["deck"] for p in players.values()))
        standby_hidden = not state["readings"]["standby_visible_to_opponent"]
        for viewer in (*SEATS, None):
            hidden = set(decks)
            for s in SEATS:
                if s != viewer:
                    hidden |= set(players[s]["hand"])
                    if standby_hidden:
                        hidden |= set(players[s]["standby"])
            shown = set(ID.findall(json.dumps(ENGINE.view(state, viewer), ensure_ascii=False)))
            assert not shown & hidden, f"the view of {viewer} shows hidden cards {sorted(shown & hidden)}"


def run_game(decks: dict, seed: int, kinds: tuple[str, str], readings: dict | None = None) -> dict:
    config = {"readings": readings} if readings else {}
    bots = {"p1": make_bot(kinds[0], seed), "p2": make_bot(kinds[1], seed + 1)}
    checker: list[Checker] = []
    state0, _ = ENGINE.new_game(config, decks, RngSeed(seed_from_int(seed)))
    checker.append(Checker(state0))
    state, log = play(ENGINE, config, decks, RngSeed(seed_from_int(seed)), bots,
                      on_step=lambda s, a, e: checker[0](s, a, e), max_actions=5000)
    assert ENGINE.outcome(state) is not None
    report = replay(json.loads(json.dumps(log)))
    assert report.ok, f"{report.where}: {report.difference}"
    assert report.state == state
    return state


KINDS = [("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]


@pytest.mark.parametrize("batch", range(4))
def test_the_sample_decks_play_whole_games_keeping_every_invariant(batch: int) -> None:
    sample = {"p1": deck("mao"), "p2": deck("olivier")}
    swapped = {"p1": sample["p2"], "p2": sample["p1"]}
    for seed in range(batch * 20, batch * 20 + 20):
        run_game(sample if seed % 2 else swapped, seed, KINDS[seed % 4])


@pytest.mark.parametrize("batch", range(4))
def test_random_decks_of_every_seed_card_play_whole_games_keeping_every_invariant(batch: int) -> None:
    for seed in range(1000 + batch * 25, 1000 + batch * 25 + 25):
        rng = random.Random(seed)
        run_game({"p1": random_deck(rng), "p2": random_deck(rng)}, seed, KINDS[seed % 4])


def test_every_alternative_reading_plays_whole_games_keeping_every_invariant() -> None:
    for i, (option, value) in enumerate(sorted(ALTERNATIVES.items())):
        for k in range(2):
            rng = random.Random(5000 + 2 * i + k)
            run_game({"p1": random_deck(rng), "p2": random_deck(rng)}, 5000 + 2 * i + k, KINDS[k + 1],
                     {option: value})


def test_every_action_legal_actions_lists_is_accepted_by_apply() -> None:
    """Along whole games, every listed action of every decision is applied without refusal."""
    checked = 0

    def on_step(state, action, events):
        nonlocal checked
        seat = ENGINE.to_act(state)
        if seat is None:
            return
        before = _dynamic(state)
        for candidate in ENGINE.legal_actions(state, seat):
            ENGINE.apply(state, candidate)
            checked += 1
        assert _dynamic(state) == before

    for seed in (7, 8):
        rng = random.Random(seed)
        decks = {"p1": random_deck(rng), "p2": random_deck(rng)}
        bots = {"p1": make_bot("greedy", seed), "p2": make_bot("random", seed)}
        play(ENGINE, {}, decks, RngSeed(seed_from_int(seed)), bots, on_step=on_step)
    assert checked > 500

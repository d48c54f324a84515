"""Property test: whole games between random and greedy bots, checked after every action.

After every action: no exception; exactly one seat to act (or the game over) with a legal action; ``apply``
left its input unchanged; all 61 cards of each deck in exactly one zone (deck, hand, 墓場, 捨山, a mission, a
character's stack); at most one mission per area; no two characters of one side carrying one name, no 1枚制限
name twice on the field; the state survives a JSON round trip; no hidden identity (a deck's cards, the
opponent's hand, a face-down mission of the opponent, a 捨山 card) in the opponent's or a spectator's view, nor
in the events they may read (public ones and those addressed to them), including the in-progress log. After
the game: the log replays to the same final state.

Games: the two seed sample decks (both ways round), decks drawn at random from every seed card (so every ability
of the seed cards is played) with a card whose effect needs a declaration, and every alternative reading.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from referee.engine import protocol
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.replay import play, replay
from referee.engine.rng import seed_from_int
from referee.games.riders_legend import ENGINE
from referee.games.riders_legend.field import names_of
from referee.games.riders_legend.readings import CHOICES, DEFAULT
from referee.games.riders_legend.state import SEATS, characters, top, zones

from .conftest import CARDS, deck

pytestmark = pytest.mark.slow  # whole games checked after every action (the quick lane: -m 'not slow')

ID = re.compile(r"p[12]c\d\d")
DECLARING = {"name": "変身ポーズ（テスト）", "card_type": "action",
             "attributes": {"alignment": "justice", "faction": "正義", "limit_one": False},
             "abilities": {"sample": True, "effects": [
                 {"effect": "declare", "claim_ja": "変身ポーズをとった", "claim_en": "You struck a transformation pose",
                  "effects": [{"effect": "draw", "n": 1}]}]}}


def alternatives() -> dict:
    """One alternative value of every reading."""
    out = {}
    for key, value in DEFAULT.as_config().items():
        out[key] = (not value) if isinstance(value, bool) else next(c for c in CHOICES[key] if c != value)
    return out


def random_deck(rng: random.Random) -> dict:
    """30 + 30 cards drawn from every seed card (at most 4 of a name across the deck, the declaring test card
    among them) and a random eyecatch."""
    pool = [c for c in CARDS.values() if c["card_type"] != "eyecatch"] + [DECLARING]
    counts: Counter = Counter()
    cards: list[dict] = []
    while len(cards) < 60:
        card = rng.choice(pool)
        if counts[card["name"]] < 4:
            counts[card["name"]] += 1
            cards.append(card)
    eyecatch = rng.choice([c for c in CARDS.values() if c["card_type"] == "eyecatch"])
    return {"first_half": cards[:30], "second_half": cards[30:], "eyecatch": eyecatch}


def _dynamic(state: dict) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True)


def hidden_from(state: dict, viewer: str | None) -> set[str]:
    """The card ids ``viewer`` may not know: every deck card and 捨山 card, and the opponent's hand and
    face-down missions."""
    out: set[str] = set()
    for seat in SEATS:
        p = state["players"][seat]
        out |= set(p["deck"]) | set(p["discard_pile"])
        if seat != viewer:
            out |= set(p["hand"])
            out |= {m["card"] for m in p["missions"] if m is not None and not m["face_up"]}
    return out


class Checker:
    def __init__(self, state: dict) -> None:
        self.ids = {s: sorted(zones(state["players"][s])) for s in SEATS}
        assert all(len(v) == 61 for v in self.ids.values())
        self.hidden = {v: hidden_from(state, v) for v in (*SEATS, None)}
        self.steps = 0
        self.check(state, [])

    def __call__(self, state: dict, action, events) -> None:
        self.steps += 1
        assert _dynamic(self.before) == self.before_json, f"apply changed its input ({action})"
        self.check(state, events)

    def check(self, state: dict, events: list) -> None:
        seat = ENGINE.to_act(state)
        assert (seat is None) == (state["outcome"] is not None)
        if seat is not None:
            assert ENGINE.legal_actions(state, seat), "a seat to act with no legal action"
        limited: list[str] = []
        for s in SEATS:
            p = state["players"][s]
            assert sorted(zones(p)) == self.ids[s], f"{s}: a card is in no zone or in two"
            assert len(p["missions"]) == 5
            names = [set(names_of(state, c)) for _, _, c in characters(state, s)]
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    assert not a & b, f"{s} has two characters named {sorted(a & b)}"
            limited += [state["cards"][top(c)]["name"] for _, _, c in characters(state, s)
                        if state["cards"][top(c)]["attributes"].get("limit_one")]
        assert len(limited) == len(set(limited)), f"a 1枚制限 card twice on the field: {limited}"
        dynamic = {k: v for k, v in state.items() if k != "cards"}
        self.before, self.before_json = state, json.dumps(dynamic, sort_keys=True)
        assert json.loads(self.before_json) == dynamic
        self._secrets(state, events)

    def _secrets(self, state: dict, events: list) -> None:
        named = {id(e): set(ID.findall(repr(e.data))) for e in events if e.kind != "looked"}
        # ("looked": the looker was shown that mission, アイキャッチ 仮面ライダーアギト)
        for viewer in (*SEATS, None):
            hidden = hidden_from(state, viewer)
            seen = ENGINE.view(state, viewer)  # the card data of "cards" names no ids; its keys are scanned
            shown = set(ID.findall(repr({**seen, "cards": list(seen["cards"])})))
            assert not shown & hidden, f"the view of {viewer} shows hidden cards {sorted(shown & hidden)}"
            still = hidden & self.hidden[viewer]  # hidden before and after this action
            for event in ENGINE.visible_events(events, viewer):
                leak = named.get(id(event), set()) & still
                assert not leak, f"event {event.kind} shows {viewer} hidden cards {sorted(leak)}"
            self.hidden[viewer] = hidden


def run_game(decks: dict, seed: int, kinds: tuple[str, str], readings: dict | None = None) -> dict:
    config = {"readings": readings} if readings else {}
    bots = {"p1": make_bot(kinds[0], seed), "p2": make_bot(kinds[1], seed + 1)}
    state0, _ = ENGINE.new_game(config, decks, RngSeed(seed_from_int(seed)))
    checker = Checker(state0)
    state, log = play(ENGINE, config, decks, RngSeed(seed_from_int(seed)), bots, on_step=checker, max_actions=6000)
    assert ENGINE.outcome(state) is not None
    report = replay(json.loads(json.dumps(log)))
    assert report.ok, f"{report.where}: {report.difference}"
    assert report.state == state
    return state


KINDS = [("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]


def test_replay_finds_the_riders_legend_engine() -> None:
    assert protocol.get_engine("riders_legend").name == "riders_legend"


@pytest.mark.parametrize("batch", range(4))
def test_the_sample_decks_play_whole_games_keeping_every_invariant(batch: int) -> None:
    sample = {"p1": deck("showa"), "p2": deck("shocker")}
    swapped = {"p1": sample["p2"], "p2": sample["p1"]}
    for seed in range(batch * 30, batch * 30 + 30):
        run_game(sample if seed % 2 else swapped, seed, KINDS[seed % 4])


@pytest.mark.parametrize("batch", range(2))
def test_random_decks_of_every_seed_card_play_whole_games_keeping_every_invariant(batch: int) -> None:
    for seed in range(1000 + batch * 25, 1000 + batch * 25 + 25):
        rng = random.Random(seed)
        run_game({"p1": random_deck(rng), "p2": random_deck(rng)}, seed, KINDS[seed % 4])


def test_every_alternative_reading_plays_whole_games_keeping_every_invariant() -> None:
    for i, (option, value) in enumerate(sorted(alternatives().items())):
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
        play(ENGINE, {}, decks, RngSeed(seed_from_int(seed)), bots, on_step=on_step, max_actions=6000)
    assert checked > 500

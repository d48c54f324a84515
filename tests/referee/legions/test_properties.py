"""Property test: whole games between random and greedy bots, checked after every action.

After every action: no exception; exactly one seat to act (or the game over) with a legal action; ``apply``
left its input unchanged; cards neither created nor lost across hand, deck, standby, arriving, exile, the wait
zones and the field; cores conserved (the starting 10 plus those added from outside the game); at most one
minion per lane (the state's shape), one lord, two standby cards; life 0–20; the state survives a JSON round
trip; no card of a hidden zone (decks, the opponent's hand and, by our reading, standby and the cards arriving in
it) in the opponent's or a spectator's view, nor in the events of the action as that seat or a spectator is shown
them (``view.visible_events``: public events in full, the data of events addressed to others withheld): an event
may name a card that was hidden and is now public (a card exiled from hand) or the reverse (a unit sent back to
hand), never one hidden from that viewer both before and after the action, and a card's name only beside its id.
The setup events are checked the same way. After the game: the log replays to the same final state.

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
from referee.games.legions.view import visible_events

from .conftest import CARDS, deck

pytestmark = pytest.mark.slow  # whole games checked after every action (the quick lane: -m 'not slow')

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
    return [*player["hand"], *player["deck"], *player["standby"], *player["arriving"], *player["using"],
            *player["exile"],
            *chain.from_iterable(player["wz"]), *field]


def _dynamic(state: dict) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True)


def hidden_from(state: dict, viewer: str | None) -> set[str]:
    """The cards ``viewer`` (a seat, or None for a spectator) may not know: both decks, the other players' hands
    and, by our reading, their standby cards and the cards arriving in their standby zone; but not the cards a
    choice of ``viewer``'s own offers it (the top of its deck that ``arrange_deck`` lets it look at)."""
    players = state["players"]
    hidden = set(chain.from_iterable(p["deck"] for p in players.values()))
    for s in SEATS:
        if s != viewer:
            hidden |= set(players[s]["hand"])
            if not state["readings"]["standby_visible_to_opponent"]:
                hidden |= set(players[s]["standby"]) | set(players[s]["arriving"])
    pending = state["pending"]
    if pending is not None and pending["kind"] == "choose" and pending["seat"] == viewer:
        hidden -= {o.split("@")[0] for o in pending["options"]}
    return hidden


def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*map(_strings, value)) if value else set()
    return set()


VIEWERS = (*SEATS, None)


def check_events(events, before: dict, after: dict, where: str) -> None:
    """No event as ``viewer`` is shown it names a card hidden from ``viewer`` both ``before`` and ``after``
    (``{viewer: hidden_from(...)}``); a name travels only beside its card's id (``card`` or ``target``)."""
    for viewer in VIEWERS:
        kept_hidden = before[viewer] & after[viewer]
        for event in visible_events(events, viewer):
            data = event["data"] or {}
            named = _strings(data) & kept_hidden
            assert not named, f"{where}: the {event['kind']} event shown to {viewer} names hidden {sorted(named)}"
            assert "name" not in data or "card" in data or "target" in data, (
                f"{where}: the {event['kind']} event names a card without its id")


class Checker:
    def __init__(self, state: dict, setup_events=()) -> None:
        self.cards = {s: Counter(_ids(state["players"][s])) for s in SEATS}
        self.steps = 0
        self.hidden = {v: hidden_from(state, v) for v in VIEWERS}
        check_events(setup_events, self.hidden, self.hidden, "setup")
        self.check(state)

    def __call__(self, state: dict, action, events) -> None:
        self.steps += 1
        assert _dynamic(self.before) == self.before_json, f"apply changed its input ({action})"
        hidden = {v: hidden_from(state, v) for v in VIEWERS}
        check_events(events, self.hidden, hidden, f"after {action}")
        self.hidden = hidden
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
        for viewer in VIEWERS:
            hidden = hidden_from(state, viewer)
            shown = set(ID.findall(json.dumps(ENGINE.view(state, viewer), ensure_ascii=False)))
            assert not shown & hidden, f"the view of {viewer} shows hidden cards {sorted(shown & hidden)}"


def run_game(decks: dict, seed: int, kinds: tuple[str, str], readings: dict | None = None) -> dict:
    config = {"readings": readings} if readings else {}
    bots = {"p1": make_bot(kinds[0], seed), "p2": make_bot(kinds[1], seed + 1)}
    checker: list[Checker] = []
    state0, setup_events = ENGINE.new_game(config, decks, RngSeed(seed_from_int(seed)))
    checker.append(Checker(state0, setup_events))
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


HIDDEN_ZONE_TERMS = ("アンロック時", '"hand"', "standby", "衝撃", "arrange_deck")


def hidden_zone_deck(rng: random.Random) -> dict:
    """40 refereed cards whose abilities reach a hidden zone (アンロック時 triggers, which may fire on an unlock to
    standby; sends to or from a hand or standby; choices among the cards of a hand; 衝撃 and the removal of
    standby cards; looking at the top of one's deck), 3 of each as long as they last, then any refereed cards;
    a random master."""
    pool = [c for c in CARDS.values() if c["card_type"] != "master" and not not_yet_refereed([c])]
    reaching = [c for c in pool
                if any(t in json.dumps(c.get("abilities") or {}, ensure_ascii=False) for t in HIDDEN_ZONE_TERMS)]
    cards = [c for c in reaching for _ in range(3)]
    rng.shuffle(cards)
    while len(cards) < 40:
        cards.append(rng.choice(pool))
    return {"master": rng.choice([c for c in CARDS.values() if c["card_type"] == "master"]), "cards": cards[:40]}


@pytest.mark.parametrize("visible", [False, True])
def test_decks_of_cards_reaching_hidden_zones_play_whole_games_keeping_every_invariant(visible: bool) -> None:
    """The hidden-information checks where leaks would be: cards that trigger on an unlock (to standby too),
    send cards to or from a hand or standby, choose among a hand's cards, or exile standby cards."""
    for seed in range(9000, 9016):
        rng = random.Random(seed)
        run_game({"p1": hidden_zone_deck(rng), "p2": hidden_zone_deck(rng)}, seed, ("random", "random"),
                 {"standby_visible_to_opponent": visible})


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

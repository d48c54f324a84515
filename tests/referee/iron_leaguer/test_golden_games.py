"""Golden games: seeded whole Iron Leaguer games whose output must not change when the engine is only made faster.

``golden_games.json`` lists each game (its pool, seed and bots) with two digests of what the engine produced:

- ``log``: the log's own digest (``referee.engine.replay.digest``: config, decks, seed, setup events and every
  entry's action and events);
- ``trace``: the SHA-256 of the exact JSON text (keys in the engine's order, not sorted: byte for byte) of, at
  every decision, the acting seat, its legal actions in listed order (encoded), the clock's default action and
  the views of both seats and a spectator, then each entry of the log, and at the end the whole final state.

The pools are the seed catalogue (``seeds/catalogue/iron_leaguer.json``) and the test pool (``pool.py``); the
bots random/random, greedy/random, random/greedy and greedy/greedy. ``pools`` holds a digest of each pool's
cards: a game fails first on that when a card changed (a sample value in the catalogue), not the engine.
``prints`` holds a fingerprint of every decision (what the seat was offered and every seat saw, the action, its
events: ``tests/referee/golden.py``), from which a failure names the first decision that differs and how.

A change that alters a ruling on purpose (a fix, a new reading) regenerates the file::

    .venv/bin/python -m tests.referee.iron_leaguer.test_golden_games --write

and says in its commit which games changed and why. A speed-up never does.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from referee.engine.actions import encode
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.replay import digest, play
from referee.engine.rng import seed_from_int

from ..golden import fingerprints, first_difference
from .conftest import ENGINE
from .pool import pool
from .test_properties import catalogue_pool

GOLDEN = Path(__file__).with_name("golden_games.json")
KINDS = (("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))
POOLS = {"catalogue": catalogue_pool, "test": pool}
GAMES_PER_PAIR = 5


def pool_digest(pool_name: str) -> str:
    """SHA-256 of a pool's cards as the engine reads them (name, type, attributes): the golden games depend on
    them, so a changed card (a sample value in the seed catalogue) is told apart from a changed engine."""
    text = json.dumps(POOLS[pool_name](), ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _text(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


PARTS = ("offer", "action", "events")  # the parts of a decision the fingerprints tell apart


def play_game(game: dict) -> tuple[dict[str, str], list[tuple]]:
    """Play one golden game (``{"pool", "seed", "bots"}``): its ``log`` and ``trace`` digests, and its decisions
    as the fingerprints cover them (what was offered and seen, the action, its events)."""
    cards = POOLS[game["pool"]]()
    seed, trace = game["seed"], hashlib.sha256()
    offers: list[dict] = []

    def watched(bot):
        def decide(engine, state, seat, actions):
            default = engine.default_action(state, seat)
            offer = {"seat": seat, "legal": [encode(a) for a in actions],
                     "default": encode(default) if default is not None else None}
            trace.update(_text(offer))
            views = [engine.view(state, viewer) for viewer in ("silver", "dark", None)]
            for view in views:
                trace.update(_text(view))
            offers.append({**offer, "views": views})
            return bot(engine, state, seat, actions)

        return decide

    bots = {"silver": watched(make_bot(game["bots"][0], seed)), "dark": watched(make_bot(game["bots"][1], seed + 1))}
    state, log = play(ENGINE, {}, {"cards": cards}, RngSeed(seed_from_int(seed)), bots)
    for entry in log["entries"]:
        trace.update(_text(entry))
    trace.update(_text(state))
    decisions = [(offer, entry["action"], entry["events"]) for offer, entry in zip(offers, log["entries"], strict=True)]
    return {"log": digest(log), "trace": trace.hexdigest()}, decisions


def play_digests(game: dict) -> dict[str, str]:
    """Play one golden game and return its ``log`` and ``trace`` digests."""
    return play_game(game)[0]


def golden_games() -> list[dict]:
    """The games of the file: for each pool and each pairing of bots, ``GAMES_PER_PAIR`` seeds."""
    games = []
    for p, pool_name in enumerate(POOLS):
        for k, kinds in enumerate(KINDS):
            for n in range(GAMES_PER_PAIR):
                games.append({"pool": pool_name, "seed": 1000 * p + 100 * k + n, "bots": list(kinds)})
    return games


def _golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def _recorded() -> list[dict]:
    return _golden()["games"]


def test_the_golden_file_lists_every_golden_game() -> None:
    assert [{k: g[k] for k in ("pool", "seed", "bots")} for g in _recorded()] == golden_games()


QUICK = (0, 5, 20, 35)  # one game of each pool with random and greedy bots: the quick lane's (-m 'not slow')


@pytest.mark.parametrize("index", [pytest.param(i, marks=() if i in QUICK else pytest.mark.slow)
                                   for i in range(len(POOLS) * len(KINDS) * GAMES_PER_PAIR)])
def test_a_golden_game_plays_to_the_recorded_log_views_and_legal_actions(index: int) -> None:
    game = _recorded()[index]
    assert pool_digest(game["pool"]) == _golden()["pools"][game["pool"]], (
        f"the {game['pool']} pool's cards changed since the golden games were recorded: not the engine; "
        "regenerate (--write) if the change is meant")
    found, decisions = play_game(game)
    if found != {"log": game["log"], "trace": game["trace"]}:
        name = f"golden game {index} ({game['pool']} pool, seed {game['seed']}, {' vs '.join(game['bots'])})"
        pytest.fail(first_difference(name, game["prints"], decisions, PARTS))


def test_a_changed_offer_is_named_by_its_game_decision_and_part() -> None:
    game = _recorded()[0]
    decisions = play_game(game)[1]
    offer, action, events = decisions[7]
    changed = [*decisions[:7], ({**offer, "legal": offer["legal"][1:]}, action, events), *decisions[8:]]
    said = first_difference("golden game 0", game["prints"], changed, PARTS)
    assert said.startswith("golden game 0: entry 7 is the first that differs, in its offer: offer now {")


def _with_prints(game: dict) -> dict:
    found, decisions = play_game(game)
    return {**game, **found, "prints": fingerprints(decisions)}


def write() -> None:
    games = [_with_prints(g) for g in golden_games()]
    lines = ",\n".join(json.dumps(g, ensure_ascii=False) for g in games)
    about = json.dumps(__doc__.strip().splitlines()[0], ensure_ascii=False)
    pools = json.dumps({name: pool_digest(name) for name in POOLS})
    GOLDEN.write_text(f'{{"about": {about},\n "pools": {pools},\n "games": [\n{lines}\n]}}\n', encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()

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


def play_digests(game: dict) -> dict[str, str]:
    """Play one golden game (``{"pool", "seed", "bots"}``) and return its ``log`` and ``trace`` digests."""
    cards = POOLS[game["pool"]]()
    seed, trace = game["seed"], hashlib.sha256()

    def watched(bot):
        def decide(engine, state, seat, actions):
            default = engine.default_action(state, seat)
            trace.update(_text({"seat": seat, "legal": [encode(a) for a in actions],
                                "default": encode(default) if default is not None else None}))
            for viewer in ("silver", "dark", None):
                trace.update(_text(engine.view(state, viewer)))
            return bot(engine, state, seat, actions)

        return decide

    bots = {"silver": watched(make_bot(game["bots"][0], seed)), "dark": watched(make_bot(game["bots"][1], seed + 1))}
    state, log = play(ENGINE, {}, {"cards": cards}, RngSeed(seed_from_int(seed)), bots)
    for entry in log["entries"]:
        trace.update(_text(entry))
    trace.update(_text(state))
    return {"log": digest(log), "trace": trace.hexdigest()}


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


@pytest.mark.parametrize("index", range(len(POOLS) * len(KINDS) * GAMES_PER_PAIR))
def test_a_golden_game_plays_to_the_recorded_log_views_and_legal_actions(index: int) -> None:
    game = _recorded()[index]
    assert pool_digest(game["pool"]) == _golden()["pools"][game["pool"]], (
        f"the {game['pool']} pool's cards changed since the golden games were recorded: not the engine; "
        "regenerate (--write) if the change is meant")
    found = play_digests(game)
    assert found["log"] == game["log"], f"golden game {index} ({game}) no longer gives its recorded log"
    assert found["trace"] == game["trace"], (
        f"golden game {index} ({game}): same log, but its legal actions, views or final state changed")


def write() -> None:
    games = [{**g, **play_digests(g)} for g in golden_games()]
    lines = ",\n".join(json.dumps(g, ensure_ascii=False) for g in games)
    about = json.dumps(__doc__.strip().splitlines()[0], ensure_ascii=False)
    pools = json.dumps({name: pool_digest(name) for name in POOLS})
    GOLDEN.write_text(f'{{"about": {about},\n "pools": {pools},\n "games": [\n{lines}\n]}}\n', encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()

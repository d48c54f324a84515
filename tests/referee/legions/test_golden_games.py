"""Golden games: seeded whole games whose logs must not change when the engine is only made faster.

``golden_games.json`` lists each game (its seed, its bots, its readings and both decks by card name) with the
digest of what the engine produced: the SHA-256 of the canonical JSON of the log's config, setup events and
entries (every action and every event, in order), and ``prints``, a fingerprint of each entry (the setup first,
then every action and its events: ``tests/referee/golden.py``) from which a failure names the first entry that
differs and how. The decks are rebuilt from the seed catalogue by name, so the digest covers the engine's output,
not the catalogue's wording. A change that alters a ruling (a fix, a new reading) regenerates the file on
purpose::

    .venv/bin/python -m tests.referee.legions.test_golden_games --write

and says in its commit which games changed and why.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.replay import play
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.abilities import not_yet_refereed
from referee.games.legions.decklist import build, catalogue_cards, parse

from ..golden import fingerprints, first_difference

ROOT = Path(__file__).parents[3]
GOLDEN = Path(__file__).with_name("golden_games.json")
KINDS = (("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))
READINGS = ({}, {"standby_visible_to_opponent": True}, {"block": "automatic"}, {"overflow_owner_chooses": False},
            {"attack_range": "facing", "simultaneous_damage": False})


def _cards() -> dict[str, dict]:
    return catalogue_cards(json.loads((ROOT / "seeds/catalogue/legions.json").read_text(encoding="utf-8")))


def _sample(name: str) -> dict:
    return parse((ROOT / f"seeds/decks/legions_{name}.txt").read_text(encoding="utf-8"))


PARTS = ("action", "events")  # the parts of an entry the fingerprints tell apart


def play_log(game: dict, cards: dict[str, dict]) -> dict:
    """Play one golden game (shape: an item of ``golden_games.json``'s ``games``) into its log."""
    decks = {seat: build(game["decks"][seat], cards) for seat in ("p1", "p2")}
    config = {"readings": game["readings"]} if game["readings"] else {}
    seed = game["seed"]
    bots = {"p1": make_bot(game["bots"][0], seed), "p2": make_bot(game["bots"][1], seed + 1)}
    return play(ENGINE, config, decks, RngSeed(seed_from_int(seed)), bots, max_actions=5000)[1]


def log_digest(log: dict) -> str:
    """The digest of a golden game's play: its log's config, setup events and entries."""
    text = json.dumps({k: log[k] for k in ("config", "setup_events", "entries")}, sort_keys=True,
                      ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def log_entries(log: dict) -> list[tuple]:
    """The entries the fingerprints cover: the setup (no action, its events), then each action and its events."""
    return [(None, log["setup_events"]), *((e["action"], e["events"]) for e in log["entries"])]


def play_digest(game: dict, cards: dict[str, dict]) -> str:
    """Play one golden game and digest its log's play."""
    return log_digest(play_log(game, cards))


def _random_deck(rng: random.Random, cards: dict[str, dict]) -> dict:
    masters = sorted(n for n, c in cards.items() if c["card_type"] == "master")
    pool = sorted(n for n, c in cards.items() if c["card_type"] != "master" and not not_yet_refereed([c]))
    chosen: list[tuple[int, str]] = []
    while sum(n for n, _ in chosen) < 40:
        chosen.append((min(rng.randint(1, 3), 40 - sum(n for n, _ in chosen)), rng.choice(pool)))
    return {"master": rng.choice(masters), "cards": chosen}


def golden_games(cards: dict[str, dict]) -> list[dict]:
    """The games of the file: 24 with the two sample decks (both seatings, every pairing of bots), 16 with
    random decks of every refereed seed card, under the default readings and four alternatives."""
    mao, olivier = _sample("mao_nyan_2017"), _sample("olivier_2018")
    games = [{"seed": s, "bots": KINDS[s % 4], "readings": {},
              "decks": {"p1": mao, "p2": olivier} if s % 2 else {"p1": olivier, "p2": mao}} for s in range(24)]
    for s in range(16):
        rng = random.Random(7000 + s)
        games.append({"seed": 7000 + s, "bots": KINDS[s % 4], "readings": READINGS[s % len(READINGS)],
                      "decks": {"p1": _random_deck(rng, cards), "p2": _random_deck(rng, cards)}})
    return [json.loads(json.dumps(g)) for g in games]


def _recorded() -> list[dict]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("index", range(40))
def test_a_golden_game_plays_to_the_recorded_log(index: int) -> None:
    game = _recorded()[index]
    log = play_log(game, _cards())
    if log_digest(log) != game["digest"]:
        name = f"golden game {index} (seed {game['seed']}, {' vs '.join(game['bots'])}, readings {game['readings']})"
        pytest.fail(first_difference(name, game["prints"], log_entries(log), PARTS))


def test_a_changed_ruling_is_named_by_its_game_entry_and_part() -> None:
    game = _recorded()[0]
    entries = log_entries(play_log(game, _cards()))
    changed = [*entries[:5], (entries[5][0], [*entries[5][1], {"kind": "extra"}]), *entries[6:]]
    said = first_difference("golden game 0", game["prints"], changed, PARTS)
    assert said.startswith("golden game 0: entry 5 is the first that differs, in its events: events now [")


def write(games: list[dict] | None = None) -> None:
    """Write the golden file: ``games`` (default: ``golden_games``, played afresh) with their digests and
    fingerprints."""
    cards = _cards()
    written = []
    for g in golden_games(cards) if games is None else games:
        log = play_log(g, cards)
        written.append({**g, "digest": log_digest(log), "prints": fingerprints(log_entries(log))})
    lines = ",\n".join(json.dumps(g, ensure_ascii=False) for g in written)
    about = json.dumps(__doc__.strip().splitlines()[0], ensure_ascii=False)
    GOLDEN.write_text(f'{{"about": {about},\n "games": [\n{lines}\n]}}\n', encoding="utf-8")


def write_prints() -> None:
    """Add the fingerprints to the recorded games as they are (``--prints``): refused unless every game still
    gives its recorded digest."""
    cards, recorded = _cards(), _recorded()
    for index, game in enumerate(recorded):
        assert play_digest(game, cards) == game["digest"], f"golden game {index} no longer gives its digest"
    write([{k: v for k, v in g.items() if k not in ("digest", "prints")} for g in recorded])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()
elif __name__ == "__main__" and sys.argv[1:] == ["--prints"]:
    write_prints()

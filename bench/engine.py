"""Referee engine benchmark: random full games per second, the median time of ``legal_actions`` + ``apply``
per decision, and of ``view`` and ``greedy_score`` (the other calls the online layer makes per action).
Run: ``python bench/engine.py [--games N] [--rounds R] [--pool test|catalogue]``.

Throughput: the same seeded games played ``R`` rounds; printed per round (median, best, worst: the median round
is the figure compared with the target) and from each game's fastest round (as ``timeit`` takes the minimum: a
shared machine only ever slows a game down, so this is the engine's speed with the least interference).
Per-decision times come from a separate pass (timing each call costs time of its own).

The catalogue pool is ``seeds/catalogue/iron_leaguer.json`` (read directly: no database); the test pool is the
one the engine tests use. Target (issue 5): at least 20 full games per second on one core.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.engine.bots import make_bot  # noqa: E402
from referee.engine.protocol import RngSeed, get_engine  # noqa: E402
from referee.engine.rng import seed_from_int  # noqa: E402


def load_pool(kind: str) -> list[dict]:
    if kind == "test":
        from tests.referee.iron_leaguer.pool import pool

        return pool()
    data = json.loads((ROOT / "seeds" / "catalogue" / "iron_leaguer.json").read_text())
    return [
        {"name": c["name"], "card_type": c["card_type"], "attributes": c["attributes"]} for c in data["cards"]
    ]


def play_game(engine, cards: list[dict], seed: int, times: list[float] | None = None) -> int:
    """One random-vs-random game; returns its number of decisions. With ``times``, appends the seconds of
    ``legal_actions`` + ``apply`` of each decision (timing costs time of its own: throughput passes None)."""
    bots = {"silver": make_bot("random", seed), "dark": make_bot("random", seed + 10_000)}
    state, _ = engine.new_game({}, {"cards": cards}, RngSeed(seed_from_int(seed)))
    decisions = 0
    clock = time.perf_counter
    while (seat := engine.to_act(state)) is not None:
        if times is None:
            actions = engine.legal_actions(state, seat)
            state, _ = engine.apply(state, bots[seat](engine, state, seat, actions))
        else:
            t0 = clock()
            actions = engine.legal_actions(state, seat)
            t1 = clock()
            action = bots[seat](engine, state, seat, actions)
            t2 = clock()
            state, _ = engine.apply(state, action)
            times.append((t1 - t0) + (clock() - t2))
        decisions += 1
    return decisions


def throughput(games: int, rounds: int, cards: list[dict]) -> tuple[list[float], dict[int, float], int]:
    """Play games ``0..games-1`` ``rounds`` times (the same games each round: seeded); returns each round's
    seconds, each game's fastest seconds over the rounds, and the decisions of one round."""
    engine = get_engine("iron_leaguer")
    play_game(engine, cards, games)  # imports and first-use caches, outside the timing
    round_seconds: list[float] = []
    fastest: dict[int, float] = {}
    decisions = 0
    for _ in range(rounds):
        start = time.perf_counter()
        decisions = 0
        for seed in range(games):
            t0 = time.perf_counter()
            decisions += play_game(engine, cards, seed)
            seconds = time.perf_counter() - t0
            fastest[seed] = min(fastest.get(seed, seconds), seconds)
        round_seconds.append(time.perf_counter() - start)
    return round_seconds, fastest, decisions


def run(games: int, cards: list[dict]) -> list[float]:
    """Play ``games`` random-vs-random games timing each decision; returns the per-decision seconds of
    ``legal_actions`` + ``apply``."""
    engine = get_engine("iron_leaguer")
    per_decision: list[float] = []
    for seed in range(games):
        play_game(engine, cards, seed, per_decision)
    return per_decision


def online_calls(games: int, cards: list[dict]) -> dict[str, list[float]]:
    """Seconds per call of what the online layer runs around each action: ``view`` (one seat; it runs three
    times), and ``greedy_score`` of every legal action (a greedy bot's whole decision), along random games."""
    engine = get_engine("iron_leaguer")
    times: dict[str, list[float]] = {"view": [], "greedy_score (all actions)": []}
    for seed in range(games):
        bot = make_bot("random", seed)
        state, _ = engine.new_game({}, {"cards": cards}, RngSeed(seed_from_int(seed)))
        while (seat := engine.to_act(state)) is not None:
            actions = engine.legal_actions(state, seat)
            t0 = time.perf_counter()
            engine.view(state, seat)
            t1 = time.perf_counter()
            for action in actions:
                engine.greedy_score(state, action)
            t2 = time.perf_counter()
            times["view"].append(t1 - t0)
            times["greedy_score (all actions)"].append(t2 - t1)
            state, _ = engine.apply(state, bot(engine, state, seat, actions))
    return times


def _median_p95(times: list[float]) -> str:
    p95 = sorted(times)[int(len(times) * 0.95)]
    return f"median {statistics.median(times) * 1e6:.0f} µs, p95 {p95 * 1e6:.0f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per round (default 30)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the same games (default 3)")
    parser.add_argument("--pool", choices=("test", "catalogue"), default="catalogue")
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds take a number above 0")
    pool = (
        args.pool if args.pool == "test" or (ROOT / "seeds/catalogue/iron_leaguer.json").exists() else "test"
    )
    cards = load_pool(pool)
    cpu = time.process_time()
    rounds, fastest, decisions = throughput(args.games, args.rounds, cards)
    cpu = time.process_time() - cpu
    per_round = sorted(args.games / seconds for seconds in rounds)
    print(
        f"iron_leaguer ({pool} pool): {args.games} random games x {args.rounds} rounds, "
        f"{decisions / args.games:.0f} decisions/game, one core"
    )
    print(
        f"  games/s by round: median {statistics.median(per_round):.1f} (target: at least 20), "
        f"best {per_round[-1]:.1f}, worst {per_round[0]:.1f} ({args.games * args.rounds / cpu:.1f} per CPU second)"
    )
    print(
        f"  games/s from each game's fastest round: {args.games / sum(fastest.values()):.1f} "
        "(the engine's speed with the least interference from other work on the machine)"
    )
    times = run(max(1, args.games // 3), cards)
    print(f"legal_actions + apply per decision: {_median_p95(times)}")
    for name, calls in online_calls(max(1, args.games // 5), cards).items():
        print(f"{name} per decision: {_median_p95(calls)}")


if __name__ == "__main__":
    main()

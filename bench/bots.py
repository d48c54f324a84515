"""The search bot's strength and thinking time (issue 28, points 3, 4 and 6).

Run: ``python bench/bots.py --game G --level L --against greedy|random --games N [--jobs J] [--first-seed S]
[--results FILE]`` (``--results``: each game appended to a JSON-lines file as it ends; run again with the same file,
only the games it lacks are played, and the figures are of them all: a run of hours resumes)
(``G``: a registered game; ``L``: easy, normal or hard, or any bot kind of ``referee.engine.bots.KINDS``).

Whole games on new seeds (``S``, ``S+1``, …; default 100000, never the tests' seeds), the bot under test seated
first in even games and second in odd ones, Legions and Riders' Legend with their two seed sample decks seated
both ways (``bench/engine.py``'s ``sample_setup``), Iron Leaguer with the seed catalogue's box. The first player
is the engine's own die roll (Iron Leaguer: the first seat to act, Dark Sports by IL 3.3): the bench prints
how often the bot went first. ``--jobs`` plays games in that many
processes (each one core; the per-decision times are CPU seconds of the process that made the decision).

Prints, per game as it ends, the result and the moves; then the thinking time of the bot under test per decision
with more than one legal action (median, p95, max; a decision with one legal action costs no search and is not
counted), the discarded determinizations, the peak RSS of each process, the interpreter and ``machine_speed``
(``bench/engine.py``: the CPU seconds of a fixed pure-Python loop), the bot's wins in each seat (Iron Leaguer's
Silver Castle and Dark Sports are not even: between two greedy bots Silver wins most games) and, with
``--baseline``, the opponent's bot against itself on the same seeds and decks by seat, and last::

    G L vs greedy: W wins, D draws, L losses of N (X%, Wilson 95% lo-hi%)

The targets (issue 28): hard beats greedy in at least 70% of games (200 games for Legions and Riders' Legend, the
interval's lower bound above 60%; 60 for Iron Leaguer, above 55%), normal in at least 60%, every level beats
random in at least 95%; at hard a median decision of at most 1 s and a p95 of at most 3 s on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` of ``n`` (a draw counts as half a win), as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _setup(game: str):
    from bench.engine import iron_leaguer_setup, load_pool, sample_setup

    return iron_leaguer_setup(load_pool("catalogue")) if game == "iron_leaguer" else sample_setup(game)


def by_seat(results: list[dict]) -> str:
    """``"silver 7 of 9 (78%), dark 0 of 9 (0%)"``: the bot's wins (a draw half) in each seat it held."""
    seats: dict[str, list[float]] = {}
    for r in results:
        if "seat" in r:  # results files written before the seat was kept lack it
            seats.setdefault(r["seat"], []).append(1.0 if r["result"] == "win" else 0.5 if r["result"] == "draw" else 0)
    return ", ".join(f"{seat} {sum(won):g} of {len(won)} ({100 * sum(won) / len(won):.0f}%)"
                     for seat, won in sorted(seats.items()))


def play(game: str, level: str, against: str, seed: int, index: int) -> dict:
    """One game: the bot under test seated by ``index`` (even: first seat), the decks by ``index // 2``."""
    from referee.engine.bots import make_bot
    from referee.engine.protocol import RngSeed, get_engine
    from referee.engine.rng import seed_from_int
    from referee.engine.search import STATS

    engine = get_engine(game)
    setup = _setup(game)
    seats = engine.seats
    mine = seats[index % 2]
    bots = {seat: make_bot(level if seat == mine else against, seed * 2 + i) for i, seat in enumerate(seats)}
    state, _ = engine.new_game({}, setup.decks_for(index // 2), RngSeed(seed_from_int(seed)))
    opening = engine.to_act(state)  # the first player where the state names none (Iron Leaguer: Dark Sports, IL 3.3)
    times: list[float] = []
    game_started = time.process_time()
    moves = 0
    discarded = STATS["discarded"]
    while (seat := engine.to_act(state)) is not None and moves < 20_000:
        actions = engine.legal_actions(state, seat)
        started = time.process_time()
        action = bots[seat](engine, state, seat, actions)
        if seat == mine and len(actions) > 1:
            times.append(time.process_time() - started)
        if action not in actions:
            raise AssertionError(f"game {seed}: {seat} chose an illegal action {action!r}")
        state, _ = engine.apply(state, action)
        moves += 1
    outcome = engine.outcome(state)
    winner = outcome.winner if outcome else None
    return {"seed": seed, "seat": mine, "result": "draw" if winner is None else "win" if winner == mine else "loss",
            "moves": moves, "times": times, "first": state.get("first", opening) == mine,
            "discarded": STATS["discarded"] - discarded, "cpu": time.process_time() - game_started,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    from referee import registry
    from referee.engine.bots import KINDS

    parser.add_argument("--game", required=True, choices=sorted(registry.codes()))
    parser.add_argument("--level", default="hard", choices=KINDS)

    parser.add_argument("--against", default="greedy", choices=KINDS)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=100_000)
    parser.add_argument("--baseline", action="store_true", help="play the same seeds and decks again with the "
                        "opponent's bot in both seats and print its wins by seat (cheap against greedy or random)")
    parser.add_argument("--results", type=Path, help="a JSON-lines file: each game is appended as it ends, and a "
                        "run with the same file plays only the games it does not hold yet (a long run resumes)")
    args = parser.parse_args(argv)
    from bench._machine import print_header

    print_header()  # the interpreter and the machine's speed at the start; the loop again at the end
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    started = time.monotonic()
    results: list[dict] = []
    seeds = [(args.first_seed + i, i) for i in range(args.games)]
    run = {"game": args.game, "level": args.level, "against": args.against}
    if args.results is not None and args.results.exists():
        kept = [json.loads(line) for line in args.results.read_text().splitlines() if line.strip()]
        results = [r for r in kept if {k: r.get(k) for k in run} == run and r["seed"] in dict(seeds)]
        print(f"{len(results)} games already in {args.results}", flush=True)
    done = {r["seed"] for r in results}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(play, args.game, args.level, args.against, seed, index)
                   for seed, index in seeds if seed not in done]
        for future in as_completed(futures):
            result = {**run, **future.result()}
            results.append(result)
            if args.results is not None:
                with args.results.open("a") as out:
                    out.write(json.dumps(result) + "\n")
            print(f"game {result['seed']}: {result['result']} in {result['moves']} moves", flush=True)
    times = sorted(t for r in results for t in r["times"])
    wins = sum(r["result"] == "win" for r in results)
    draws = sum(r["result"] == "draw" for r in results)
    losses = len(results) - wins - draws
    score = wins + draws / 2
    lo, hi = wilson(score, len(results))
    from bench._machine import machine_speed

    if times:
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        print(f"thinking time of {args.level} per decision with a choice (CPU s, one core): median "
              f"{statistics.median(times):.3f}, p95 {p95:.3f}, max {times[-1]:.3f} over {len(times)} decisions")
    print(f"first player in {sum(r['first'] for r in results)} of {len(results)} games; determinizations "
          f"discarded: {sum(r['discarded'] for r in results)}; peak RSS per process "
          f"{max(r['rss_mb'] for r in results):.0f} MB; {time.monotonic() - started:.0f} s wall this run, {args.jobs} "
          f"job(s); {sum(r.get('cpu', 0.0) for r in results) / 60:.0f} CPU minutes for the {len(results)} games")
    print(f"python {platform.python_version()} ({platform.machine()}); machine_speed {machine_speed():.2f} s")
    print("by seat: " + by_seat(results))
    if args.baseline:
        # the same seeds and decks with the opponent's bot in both seats: what the seats are worth between equals
        # (an asymmetric game such as Iron Leaguer's Silver Castle and Dark Sports need not be even)
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            base = list(pool.map(partial(play, args.game, args.against, args.against), *zip(*seeds, strict=True)))
        print(f"baseline, {args.against} vs {args.against} on the same seeds and decks, the seat of the bot under "
              f"test: " + by_seat(base))
    print(f"{args.game} {args.level} vs {args.against}: {wins} wins, {draws} draws, {losses} losses of "
          f"{len(results)} ({100 * score / max(1, len(results)):.0f}%, Wilson 95% {100 * lo:.0f}-{100 * hi:.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

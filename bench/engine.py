"""Referee engine benchmark: random full games per second, the median time of ``legal_actions`` + ``apply``
per decision, and of ``view`` and ``greedy_score`` (the other calls the online layer makes per action).
Run: ``python bench/engine.py [--game CODE] [--games N] [--rounds R] [--pool test|catalogue] [--profile N]
[--instructions]`` (``CODE``: a registered game, ``referee.registry``; default Iron Leaguer, issue 14's game).

Throughput: the same seeded games played ``R`` rounds; printed per round (median, best, worst: the median round
is the figure compared with the target) and from each game's fastest round (as ``timeit`` takes the minimum: a
shared machine only ever slows a game down, so this is the engine's speed with the least interference).
Per-decision times come from a separate pass (timing each call costs time of its own).

Iron Leaguer (the default): the catalogue pool is ``seeds/catalogue/iron_leaguer.json`` (read directly: no
database); the test pool is the one the engine tests use. Target (issue 5): at least 20 full games per second on
one core; issue 14's target, printed beside it with the load average: at least 60 games per CPU second (moonshot
100), every log unchanged (``tests/referee/iron_leaguer/test_golden_games.py``). On a shared machine the steadier
figure is instructions per game: ``--instructions`` counts them with valgrind (``instructions``: a process
that plays one game and then 10 new seeds, minus the same process stopped after the first, divided by 10;
docs/rules/iron_leaguer.md). Every run first prints the interpreter and ``machine_speed``, the CPU seconds of a
fixed pure-Python loop (``bench/_machine.py``, every bench's header), and the loop again beside the games per
second, so a figure can be read beside the machine it came from.

Any other game (``--game legions``, issue 12; ``--game riders_legend``, issue 13): the offline decks its decklist
wiring makes of its seed catalogue and sample decks (``sample_decks`` of its spec's ``decklist`` part: Legions and
Riders' Legend, their two sample decks seated both ways), random bots. Floor: 30 full games per second on one core
(issues 12 and 13). It also prints the games per CPU second (``process_time``: the figure to compare on a shared
machine), the load average, and what limits it: the functions that take the most time of a profiled pass
(``--profile N`` lines; 0 for none).

``--heap worker`` plays every game in a worker's conditions: Django set up with what a Celery worker imports
(``config.celery``, ``matches.tasks``, ``matches.services``; no database is opened), then the worker's collector
policy (``config.gcpolicy.freeze_start_up``, what ``GC_FREEZE`` turns on). ``--heap bare`` (the default) is the
engine alone in a process of its own.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._machine import REFERENCE_ADDITIONS, machine_speed, print_header  # noqa: E402
from referee import registry  # noqa: E402
from referee.engine.bots import make_bot  # noqa: E402
from referee.engine.protocol import RngSeed, get_engine  # noqa: E402
from referee.engine.rng import seed_from_int  # noqa: E402

FLOOR = 30  # issues 12 and 13: random full games per second on one core (Legions, Riders' Legend, any new game)
ISSUE_14_GAME = "iron_leaguer"  # the game issue 14's engine target is measured on, with its own figures
IRON_LEAGUER_TARGET, IRON_LEAGUER_MOONSHOT = 60, 100  # issue 14: random full games per CPU second, one core


@dataclass(frozen=True)
class Setup:
    """What a bench game needs: the engine's code, its two seats, and the decks of game ``seed``."""

    game: str
    seats: tuple[str, str]
    decks: Callable[[int], dict]

    def decks_for(self, seed: int) -> dict:
        return self.decks(seed)


def load_pool(kind: str) -> list[dict]:
    if kind == "test":
        from tests.referee.iron_leaguer.pool import pool

        return pool()
    data = json.loads((ROOT / "seeds" / "catalogue" / "iron_leaguer.json").read_text())
    return [
        {"name": c["name"], "card_type": c["card_type"], "attributes": c["attributes"]} for c in data["cards"]
    ]


def iron_leaguer_setup(cards: list[dict]) -> Setup:
    decks = {"cards": cards}
    return Setup("iron_leaguer", ("silver", "dark"), lambda seed: decks)


def sample_setup(game: str) -> Setup:
    """A registered game's offline decks (its decklist wiring's ``sample_decks`` of its seed catalogue and sample
    decks), seating ``seed % n`` for game ``seed`` (Legions and Riders' Legend: odd seeds seat their first sample
    deck first, p1)."""
    spec = registry.spec(game)
    catalogue = json.loads(spec.seeds.paths("catalogue")[0].read_text(encoding="utf-8"))
    texts = [path.read_text(encoding="utf-8") for path in spec.seeds.paths("decks")]
    seatings = spec.part("decklist").sample_decks(catalogue, texts)
    return Setup(game, tuple(spec.part("engine").seats), lambda seed: seatings[seed % len(seatings)])


def play_game(engine, setup: Setup, seed: int, times: list[float] | None = None) -> int:
    """One random-vs-random game; returns its number of decisions. With ``times``, appends the seconds of
    ``legal_actions`` + ``apply`` of each decision (timing costs time of its own: throughput passes None)."""
    first, second = setup.seats
    bots = {first: make_bot("random", seed), second: make_bot("random", seed + 10_000)}
    state, _ = engine.new_game({}, setup.decks_for(seed), RngSeed(seed_from_int(seed)))
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


def throughput(games: int, rounds: int, setup: Setup) -> tuple[list[float], dict[int, float], int]:
    """Play games ``0..games-1`` ``rounds`` times (the same games each round: seeded); returns each round's
    seconds, each game's fastest seconds over the rounds, and the decisions of one round."""
    engine = get_engine(setup.game)
    play_game(engine, setup, games)  # imports and first-use caches, outside the timing
    round_seconds: list[float] = []
    fastest: dict[int, float] = {}
    decisions = 0
    for _ in range(rounds):
        start = time.perf_counter()
        decisions = 0
        for seed in range(games):
            t0 = time.perf_counter()
            decisions += play_game(engine, setup, seed)
            seconds = time.perf_counter() - t0
            fastest[seed] = min(fastest.get(seed, seconds), seconds)
        round_seconds.append(time.perf_counter() - start)
    return round_seconds, fastest, decisions


NEW_SEEDS = 100_000  # the first seed of the games never played before in the process (``new_games``)


def new_games(games: int, setup: Setup) -> float:
    """CPU seconds of ``games`` games on seeds the rounds did not play. The rounds replay the same seeds, so
    their later rounds meet the engine's content-keyed caches (profiles, action lists, dice) already filled;
    these are what a worker meets with each new match."""
    engine = get_engine(setup.game)
    cpu = time.process_time()
    for seed in range(NEW_SEEDS, NEW_SEEDS + games):
        play_game(engine, setup, seed)
    return time.process_time() - cpu


def run(games: int, setup: Setup) -> list[float]:
    """Play ``games`` random-vs-random games timing each decision; returns the per-decision seconds of
    ``legal_actions`` + ``apply``."""
    engine = get_engine(setup.game)
    per_decision: list[float] = []
    for seed in range(games):
        play_game(engine, setup, seed, per_decision)
    return per_decision


def online_calls(games: int, setup: Setup) -> dict[str, list[float]]:
    """Seconds per call of what the online layer runs around each action: ``view`` (one seat; it runs three
    times), and ``greedy_score`` of every legal action (a greedy bot's whole decision), along random games."""
    engine = get_engine(setup.game)
    times: dict[str, list[float]] = {"view": [], "greedy_score (all actions)": []}
    for seed in range(games):
        bot = make_bot("random", seed)
        state, _ = engine.new_game({}, setup.decks_for(seed), RngSeed(seed_from_int(seed)))
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


def profile(games: int, setup: Setup, lines: int) -> list[str]:
    """What limits throughput: the ``lines`` functions with the most time of their own over ``games`` profiled
    games, each with its share of the total and the share of everything it calls (cumulative)."""
    engine = get_engine(setup.game)
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_game(engine, setup, seed)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt or 1.0
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:lines]
    out = []
    for (path, line, func), (_, calls, own, cumulative, _) in rows:
        where = os.path.relpath(path, ROOT) if path.startswith(str(ROOT)) else Path(path).name
        out.append(f"  {own / total:5.1%} own, {cumulative / total:5.1%} with callees  {func} ({where}:{line}), "
                   f"{calls} calls")
    return out


INSTRUCTION_GAMES = 10  # ``instructions``: the new-seed games counted after the warm-up game


def instructions(games: int = INSTRUCTION_GAMES) -> float | None:
    """Instructions per new-seed Iron Leaguer game (the catalogue pool), counted by valgrind's cachegrind: a
    process that plays a warm-up game and then ``games`` new seeds, minus one that stops after the warm-up,
    divided by ``games``; with ``PYTHONHASHSEED=0`` it is the same figure on any machine and at any load (the
    steadier measure of the engine's cost, docs/rules/iron_leaguer.md, "Performance"). None when valgrind is not
    installed. Takes about a minute."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    counts = []
    for n in (0, games):
        done = subprocess.run(
            [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, __file__, "--count-games", str(n)],
            env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True,
        )
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if found is None:
            raise RuntimeError(f"valgrind printed no instruction count: {done.stderr[-500:]}")
        counts.append(int(found.group(1).replace(",", "")))
    return (counts[1] - counts[0]) / games


def _count_games(games: int) -> None:
    """What ``instructions`` runs under valgrind: one warm-up game, then ``games`` new seeds."""
    setup = iron_leaguer_setup(load_pool("catalogue"))
    play_game(get_engine(setup.game), setup, NEW_SEEDS - 1)
    new_games(games, setup)


def _median_p95(times: list[float]) -> str:
    p95 = sorted(times)[int(len(times) * 0.95)]
    return f"median {statistics.median(times) * 1e6:.0f} µs, p95 {p95 * 1e6:.0f} µs"


def _iron_leaguer(args: argparse.Namespace) -> bool:
    """Print the Iron Leaguer figures; True when the games per CPU second over the rounds meet issue 14's target
    (the figure ``make bench`` judges; the new-seed figure, caches cold, is printed beside it)."""
    pool = (
        args.pool if args.pool == "test" or (ROOT / "seeds/catalogue/iron_leaguer.json").exists() else "test"
    )
    setup = iron_leaguer_setup(load_pool(pool))
    load = os.getloadavg()
    cpu = time.process_time()
    rounds, fastest, decisions = throughput(args.games, args.rounds, setup)
    cpu = time.process_time() - cpu
    load_after = os.getloadavg()
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
    per_cpu = args.games * args.rounds / cpu
    met = per_cpu >= IRON_LEAGUER_TARGET
    print(
        f"  games per CPU second: {per_cpu:.1f} over the rounds (issue 14 target: at least {IRON_LEAGUER_TARGET}, "
        f"moonshot {IRON_LEAGUER_MOONSHOT}; {'above' if met else 'BELOW'} the target: "
        "the figure the exit status judges)"
    )
    fresh = args.games / new_games(args.games, setup)
    print(
        f"  games per CPU second on {args.games} new seeds (never played in this process): {fresh:.1f} "
        f"({'above' if fresh >= IRON_LEAGUER_TARGET else 'BELOW'} the target of {IRON_LEAGUER_TARGET}; the rounds "
        "replay their seeds, so later rounds find the engine's caches filled)"
    )
    print(f"  load average {load[0]:.2f} before, {load_after[0]:.2f} after ({os.cpu_count()} cores)")
    print(f"  machine: {REFERENCE_ADDITIONS:.0e} pure-Python additions take {machine_speed():.2f} s of CPU "
          "(machine_speed: read the games per second beside it)")
    if args.instructions:
        count = instructions()
        print("  instructions per new-seed game: " + (
            "valgrind is not installed" if count is None else
            f"{count / 1e6:.1f} M (valgrind cachegrind, {INSTRUCTION_GAMES} new seeds after a warm-up game; "
            "the same on any machine and at any load)"
        ))
    times = run(max(1, args.games // 3), setup)
    print(f"legal_actions + apply per decision: {_median_p95(times)}")
    for name, calls in online_calls(max(1, args.games // 5), setup).items():
        print(f"{name} per decision: {_median_p95(calls)}")
    if args.profile:
        print("what limits it (profiled games, by time of its own):")
        print("\n".join(profile(max(1, args.games // 3), setup, args.profile)))
    return met


def _sample_decks(args: argparse.Namespace, setup: Setup, floor: int = FLOOR) -> bool:
    """The figures of a game played with its seed sample decks (Legions, Riders' Legend, any registered game but
    issue 14's); True when the games per CPU second reach ``floor``."""
    load = os.getloadavg()
    cpu = time.process_time()
    rounds, fastest, decisions = throughput(args.games, args.rounds, setup)
    cpu = time.process_time() - cpu
    per_round = sorted(args.games / seconds for seconds in rounds)
    per_cpu = args.games * args.rounds / cpu
    load_after = os.getloadavg()
    print(
        f"{setup.game} (seed sample decks, both seatings): {args.games} random games x {args.rounds} rounds, "
        f"{decisions / args.games:.0f} decisions/game, one core"
    )
    met = per_cpu >= floor
    print(f"  games per CPU second: {per_cpu:.1f} (floor: {floor}; {'above' if met else 'BELOW'} it)")
    print(
        f"  games/s by round (wall): median {statistics.median(per_round):.1f}, best {per_round[-1]:.1f}, "
        f"worst {per_round[0]:.1f}; from each game's fastest round: {args.games / sum(fastest.values()):.1f}"
    )
    print(f"  load average {load[0]:.2f} before, {load_after[0]:.2f} after ({os.cpu_count()} cores)")
    times = run(max(1, args.games // 3), setup)
    print(f"legal_actions + apply per decision: {_median_p95(times)}")
    for name, calls in online_calls(max(1, args.games // 5), setup).items():
        print(f"{name} per decision: {_median_p95(calls)}")
    if args.profile:
        print("what limits it (profiled games, by time of its own):")
        print("\n".join(profile(max(1, args.games // 3), setup, args.profile)))
    return met


def worker_heap() -> int:
    """Set this process up as a Celery worker's is before its first task (Django and the modules a worker
    imports; no database opened), then apply the worker's collector policy; returns the objects frozen."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")  # the embedded default's settings: no SECRET_KEY needed, nothing opened
    import django

    django.setup()
    import config.celery  # noqa: F401
    import matches.services  # noqa: F401
    import matches.tasks  # noqa: F401
    from config.gcpolicy import freeze_start_up

    return freeze_start_up()


def main() -> int:
    """Exit status 0 when the game's target is met, 1 when it misses (``make bench`` names the script)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=registry.codes(), default=ISSUE_14_GAME)
    parser.add_argument("--games", type=int, default=30, help="games per round (default 30)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the same games (default 3)")
    parser.add_argument("--pool", choices=("test", "catalogue"), default="catalogue",
                        help="Iron Leaguer's card pool")
    parser.add_argument("--profile", type=int, default=None,
                        help="lines of the profile (default: 10 for legions, none for iron_leaguer)")
    parser.add_argument("--heap", choices=("bare", "worker"), default="bare",
                        help="bare: the engine alone; worker: Django set up and its start-up objects frozen")
    parser.add_argument("--instructions", action="store_true",
                        help="Iron Leaguer: also count instructions per new-seed game with valgrind (about a minute)")
    parser.add_argument("--count-games", type=int, default=None, help=argparse.SUPPRESS)  # ``instructions``
    args = parser.parse_args()
    if args.count_games is not None:
        _count_games(args.count_games)
        return 0
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds take a number above 0")
    if args.profile is None:
        args.profile = 0 if args.game == ISSUE_14_GAME else 10
    print_header()
    if args.heap == "worker":
        print(f"heap: a worker's (Django set up, {worker_heap()} start-up objects frozen: config.gcpolicy)")
    if args.profile < 0:
        parser.error("--profile takes 0 or more lines")
    met = _iron_leaguer(args) if args.game == ISSUE_14_GAME else _sample_decks(args, sample_setup(args.game))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

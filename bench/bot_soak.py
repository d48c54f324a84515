"""The search bot's soak (issue 28, point 6): self-play at one level until it has made ``--decisions`` decisions
and played at least ``--games`` games, with no illegal action and no exception, memory flat.

Run: ``python bench/bot_soak.py --game G --level L [--decisions 10000] [--games 100] [--first-seed S]``
(``--games 0``: stop as soon as the decisions are made, mid-game: the tests' short run)

Both seats are the search bot at ``L`` (each its own seed), in whole games on new seeds (Legions and Riders' Legend
with the seed sample decks seated both ways, Iron Leaguer with the seed catalogue's box), in one process. Every
action a bot returns is checked to be one of the legal actions it was given; an exception stops the soak with the
game's seed and move. Prints the RSS after the first game, the tenth and the last, and its growth over the
second half of the games (flat memory: no growth beyond the allocator's noise), the decisions made (those with
more than one legal action apart), the games and their results, the CPU time, the interpreter and
``machine_speed``; last ``G L soak: D decisions in N games, no illegal action, no exception``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    """The process's resident set size now, in MB (``VmRSS`` of ``/proc/self/status``; elsewhere the peak so far,
    ``ru_maxrss``)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=300_000)
    args = parser.parse_args(argv)
    from bench._machine import print_header

    print_header()  # the interpreter and the machine's speed at the start; the loop again at the end
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from bench._machine import machine_speed
    from bench.bots import _setup
    from referee.engine.bots import make_bot
    from referee.engine.protocol import RngSeed, get_engine
    from referee.engine.rng import seed_from_int

    engine = get_engine(args.game)
    setup = _setup(args.game)
    seats = engine.seats
    decisions = choices = games = 0
    results: dict[str, int] = {}
    rss: list[float] = []
    started = time.process_time()
    while decisions < args.decisions or games < args.games:
        seed = args.first_seed + games
        bots = {seat: make_bot(args.level, seed * 2 + i) for i, seat in enumerate(seats)}
        state, _ = engine.new_game({}, setup.decks_for(games // 2), RngSeed(seed_from_int(seed)))
        moves = 0
        try:
            while (seat := engine.to_act(state)) is not None and moves < 20_000 and not (
                    decisions >= args.decisions and games >= args.games):  # enough: stop, mid-game if need be
                actions = engine.legal_actions(state, seat)
                action = bots[seat](engine, state, seat, actions)
                if action not in actions:
                    print(f"game {seed}, move {moves}: {seat} chose an illegal action {action!r}")
                    return 1
                decisions += 1
                choices += len(actions) > 1
                state, _ = engine.apply(state, action)
                moves += 1
        except Exception as exc:  # noqa: BLE001 - the soak's finding, reported with where it happened
            print(f"game {seed}, move {moves}: {exc.__class__.__name__}: {exc}")
            raise
        if engine.to_act(state) is not None and moves < 20_000:
            break  # stopped mid-game: not counted
        outcome = engine.outcome(state)
        winner = "unfinished" if outcome is None else outcome.winner or "draw"
        results[winner] = results.get(winner, 0) + 1
        games += 1
        rss.append(rss_mb())
        if games % 10 == 0:
            print(f"{games} games, {decisions} decisions, RSS {rss[-1]:.1f} MB", flush=True)
    if not rss:
        rss.append(rss_mb())
        games_shown = 1
    else:
        games_shown = games
    half = rss[len(rss) // 2]
    shown = sorted({1, min(10, games_shown), games_shown})  # each game once: a soak of 10 games or fewer
    print("RSS after " + ", ".join(f"game {g}: {rss[g - 1]:.1f} MB" for g in shown)
          + f"; growth over the second half of the games: {rss[-1] - half:+.1f} MB")
    print(f"results: {', '.join(f'{k} {v}' for k, v in sorted(results.items()))}; {choices} of the decisions had "
          f"a choice; {time.process_time() - started:.0f} CPU s")
    print(f"python {platform.python_version()} ({platform.machine()}); machine_speed {machine_speed():.2f} s")
    print(f"{args.game} {args.level} soak: {decisions} decisions in {games} games, no illegal action, no exception")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

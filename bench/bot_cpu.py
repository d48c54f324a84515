"""Worker CPU a bot move (issue 31, point 4): bot-versus-bot Iron Leaguer matches played in this process by the
very function a ``bot_move`` task runs (``matches.services.match_bot_chain``, its 30 ms budget), on PostgreSQL.

Usage (PostgreSQL on 127.0.0.1:5432, user postgres)::

    .venv/bin/python bench/bot_cpu.py [--matches 10] [--moves 400]

A database of the run's own (``bench/_database.py``: dropped at the end), migrated and seeded; ``--matches``
matches (greedy against a player autoplayed by the random bot, as ``bench/matches.py`` makes them), created
through ``POST /api/matches/``; then each is played chain after chain until it ends or passes ``--moves``
versions. The hand-off to the queue at the end of a chain's budget is recorded and not sent (no broker: the next
chain is called here), and no Redis (the channel layer in memory; nobody watches, so nothing is pushed, as in the
bench's bot matches). What is timed is the CPU seconds of this process inside ``match_bot_chain`` (the lock, the
bot's decision, the engine, the writes, the commit and the hand-off), divided by the moves made.

Prints the interpreter and the machine's speed first, then ``CPU per bot move: N us (M moves in C chains)``.
``bench/side_by_side.py`` runs it against an earlier revision (issue 31: half of the CPU a bot move of the
revision before the issue).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench import _database  # noqa: E402
from bench._machine import print_header  # noqa: E402


class _Recorded:
    """A task whose sending is recorded, not sent: the bench calls the next chain itself."""

    def __init__(self) -> None:
        self.sent: list[tuple] = []

    def delay(self, *args, **kwargs) -> None:
        self.sent.append(args)

    def apply_async(self, args=(), **kwargs) -> None:
        self.sent.append(tuple(args))

    class app:  # noqa: N801 (the shape handoff reads: task.app.conf.task_default_queue)
        class conf:  # noqa: N801
            task_default_queue = "bench"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--moves", type=int, default=400, help="play a match until it ends or passes this version")
    parser.add_argument("--watched", action="store_true", help="every match watched (its seats and spectators, "
                        "as bench/matches.py's listener marks them): each batch's views pushed")
    args = parser.parse_args(argv)
    print_header()
    _database.bench_settings("shinpan_bench_botcpu", sqlite_ok=False)
    import django

    django.setup()
    from unittest import mock

    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.test import APIClient

    import matches.services.handoff as handoff
    from matches.models import Match
    from matches.services import match_bot_chain

    call_command("migrate", verbosity=0)
    call_command("loadseeds", verbosity=0)
    recorded = _Recorded()
    handoff.task = lambda name: recorded
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create(username="bench-botcpu"))
    ids = []
    with mock.patch("matches.services.handoff.after_commit"):  # created paused: no move before the timing
        for i in range(args.matches):
            response = client.post("/api/matches/", {"game": "iron_leaguer", "seat": "silver" if i % 2 else "dark",
                                                     "opponent": "greedy", "autoplay": "random"}, format="json")
            assert response.status_code == 201, response.content[:300]
            ids.append(response.json()["id"])
    if args.watched:
        from matches.live import mark_watched

        for match_id in ids:
            for seat in (None, "silver", "dark"):
                mark_watched(match_id, seat)
    spent, moves, chains = 0.0, 0, 0
    for match_id in ids:
        while True:
            match = Match.objects.only("version", "status").get(pk=match_id)
            if match.status != Match.Status.ACTIVE or match.version > args.moves:
                break
            started = time.process_time()
            made = match_bot_chain(match_id=match_id, version=match.version)
            spent += time.process_time() - started
            chains += 1
            if not made:
                break
            moves += made
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    watched = "every match watched" if args.watched else "nobody watching"
    print(f"{args.matches} matches to version {args.moves} or their end, {watched}; load average {load}")
    print(f"CPU per bot move: {spent / max(1, moves) * 1e6:.0f} us ({moves} moves in {chains} chains)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

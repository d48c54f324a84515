"""Decks bench: the time to parse and validate a 61-card Riders' Legend decklist, and how it grows with the catalogue.

Usage::

    .venv/bin/python bench/decks_validate.py [--repeat 500] [--deck seeds/decks/riders_legend_shocker.txt]
                                             [--sizes 10000,100000] [--rounds 20] [--no-db]

Printed, each with its median and p95 in milliseconds and the machine's load average (1 min) before and after:
- pure, no database: the seed catalogue (``seeds/catalogue/riders_legend.json``) is indexed once, then each
  round runs ``decks.textcheck.check_text`` (parse every line, resolve every card, run ``decks.legality.check``).
  Target: median under 10 ms.
- service, as ``POST /api/decks/validate/`` runs it: ``decks.services.deck_check_text``, the formats read from the
  database and the catalogue index checked against the catalogue version every call. Each of ``--sizes`` has a
  process of its own with a throwaway test database (named after the run's database on ``BENCH_DATABASE_SERVER``,
  ``shinpan_bench_decks_<pid>_<hex>``, ``bench/_database.py``, with the size appended, so two runs at once never
  share one; ``sqlite``: in memory; seeded with ``loadseeds``, the deck's game
  filled to the size with filler cards written by ``bulk_create`` and ``decks.catalogue.catalogue_changed`` as the
  card import does, dropped at the end). Issue 14 target: median ≤ 3 ms at every size, and the largest size within
  20% of the smallest (the ratio is printed beside its floor). The processes take turns in ``--rounds`` short rounds
  (ABBA: 10k, 100k, 100k, 10k, ...), so drift in the machine's speed during the run favours neither size.
  ``--no-db`` skips it.

The machine is shared: compare figures of one run, and read them with the load printed beside them.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._database import bench_settings  # noqa: E402
from bench._machine import print_header  # noqa: E402
from decks import codec  # noqa: E402
from decks.textcheck import check_text  # noqa: E402

TARGET_MS = 10.0
SERVICE_TARGET_MS = 3.0  # issue 14: a deck check through the service
SIZE_RATIO_FLOOR = 1.2  # issue 14: the same at 10k and 100k cards, within 20%
FILLER_SET = "BENCH"


def load_index(game: str) -> codec.CardIndex:
    path = ROOT / "seeds" / "catalogue" / f"{game}.json"
    return codec.index_from_document(json.loads(path.read_text(encoding="utf-8")))


def load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def _time(run, repeat: int) -> tuple[list[float], float, float]:
    """Timings in ms of ``repeat`` calls, and the load average (1 min) before and after them."""
    before, timings = os.getloadavg()[0], []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        timings.append((time.perf_counter() - start) * 1000)
    return timings, before, os.getloadavg()[0]


def _loads(before: float, after: float) -> str:
    return f"load {before:.2f} → {after:.2f}"


def _fill(game_code: str, size: int) -> int:
    """Add filler cards to ``game_code`` until it holds ``size`` cards; return its card count."""
    from cards.models import Card, CardSet, Game
    from decks.catalogue import catalogue_changed

    game = Game.objects.get(code=game_code)
    have = Card.objects.filter(game=game).count()
    card_set, _ = CardSet.objects.get_or_create(game=game, code=FILLER_SET, defaults={"name": "Bench filler"})
    template = Card.objects.filter(game=game, card_type="action").first()
    Card.objects.bulk_create(
        (
            Card(game=game, card_set=card_set, collector_number=str(n), name=f"ベンチ用カード{n}",
                 card_type=template.card_type, attributes=template.attributes)
            for n in range(have, size)
        ),
        batch_size=2000,
    )
    catalogue_changed(game_ids=[game.id])  # what the card import service does after writing
    return Card.objects.filter(game=game).count()


def _settle() -> None:
    """On PostgreSQL, after the filler is written: vacuum and analyse every table (the autovacuum would otherwise
    clean up after the filler rows while a round is timed), then ``CHECKPOINT`` (the bench connects as a superuser
    or the database's owner), so the checkpointer is not writing the filler's dirty pages out on the other core
    mid-round."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
            cursor.execute("CHECKPOINT")


def size_order(sizes: list[int], rounds: int) -> list[int]:
    """The sizes to time, round by round, each round in the order opposite to the one before (ABBA...): a
    machine that speeds up or slows down during the run favours no size (timing all of one size, then all of
    the next, measured the drift: the larger catalogue came out 0.7-1.25x the smaller between identical runs)."""
    order: list[int] = []
    for n in range(rounds):
        order.extend(sizes if n % 2 == 0 else reversed(sizes))
    return order


def database_url_for(size: int, url: str | None) -> str | None:
    """The ``DATABASE_URL`` of the child that times ``size`` cards: on a server, the configured database's name
    with the size appended (the child's throwaway test database is named after it, so each size has its own);
    unset (the embedded SQLite default, whose test database is in memory) stays unset."""
    if not url or url.startswith("sqlite"):
        return url
    base, _, query = url.partition("?")
    return f"{base.rstrip('/')}_{size}" + (f"?{query}" if query else "")


def child(size: int, deck: Path) -> int:
    """One size's process (``--child SIZE``): create and seed a throwaway test database, fill the deck's game to
    ``size`` cards, settle it, warm the caches, print ``ready <cards>``; then, for each ``run N`` line read on
    stdin, time N calls of ``deck_check_text`` (after 3 untimed ones: the other size ran last) and print their
    milliseconds and the load average as a JSON line; ``quit`` drops the database."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    from decks.services import deck_check_text

    text = deck.read_text(encoding="utf-8")
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        call_command("loadseeds", stdout=io.StringIO())
        cards = _fill("riders_legend", size)
        _settle()
        deck_check_text(text=text)  # a running server has built the catalogue index already
        print(f"ready {cards} {connection.vendor} {connection.settings_dict['NAME']}", flush=True)
        for line in sys.stdin:
            command = line.split()
            if command[:1] != ["run"]:
                break
            for _ in range(3):
                deck_check_text(text=text)
            timings, before, after = _time(lambda: deck_check_text(text=text), int(command[1]))
            print(json.dumps({"timings": timings, "before": before, "after": after}), flush=True)
        return 0
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def service_timings(deck: Path, repeat: int, sizes: list[int], rounds: int = 20) -> list[tuple[int, list[float], str]]:
    """``deck_check_text`` timings at each size: one child process a size (``child``), each with its own
    database, started together; then ``rounds`` rounds of ``repeat // rounds`` calls a size, the sizes taking
    turns in ``size_order`` while the other children wait, so a drift in the machine's speed (on this shared VM
    the same check's median wanders 30-40% over seconds) falls on every size alike, and no size's round follows
    a resize. Each size's timings pooled, with the load before its first round and after its last."""
    per_round = max(1, repeat // rounds)
    children = {}
    for size in sizes:
        env = dict(os.environ)
        url = database_url_for(size, env.get("DATABASE_URL"))
        if url:
            env["DATABASE_URL"] = url
        children[size] = subprocess.Popen(
            [sys.executable, __file__, "--child", str(size), "--deck", str(deck)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
    try:
        cards = {}
        for size, process in children.items():
            ready = process.stdout.readline().split()
            if ready[:1] != ["ready"]:
                raise RuntimeError(f"the child timing {size} cards did not start (exit code {process.wait()})")
            cards[size] = int(ready[1])
            print(f"database at {size} cards: {ready[2]} ({ready[3]})")
        done: dict[int, list[dict]] = {size: [] for size in sizes}
        for size in size_order(sizes, rounds):
            process = children[size]
            process.stdin.write(f"run {per_round}\n")
            process.stdin.flush()
            done[size].append(json.loads(process.stdout.readline()))
    finally:
        for process in children.values():
            if process.poll() is None:
                process.stdin.write("quit\n")
                process.stdin.close()
        for process in children.values():
            process.wait()
    results = []
    for size, size_rounds in done.items():
        medians = [statistics.median(r["timings"]) for r in size_rounds]
        print(f"rounds at {cards[size]} cards ({per_round} runs each): medians "
              f"{min(medians):.3f}-{max(medians):.3f} ms, median of rounds {statistics.median(medians):.3f} ms")
        pooled = [ms for r in size_rounds for ms in r["timings"]]
        results.append((cards[size], pooled, _loads(size_rounds[0]["before"], size_rounds[-1]["after"])))
    return results


def _line(label: str, timings: list[float], target: float, loads: str) -> tuple[str, bool, float]:
    median, p95 = statistics.median(timings), statistics.quantiles(timings, n=20)[-1]
    met = median <= target
    return (
        f"{label}, {len(timings)} runs: median {median:.3f} ms, p95 {p95:.3f} ms "
        f"(target median ≤ {target:g} ms: {'met' if met else 'MISSED'}; {loads})",
        met,
        median,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--deck", type=Path, default=ROOT / "seeds" / "decks" / "riders_legend_shocker.txt")
    parser.add_argument("--sizes", default="10000,100000", help="catalogue sizes of the deck's game, comma-separated")
    parser.add_argument("--rounds", type=int, default=20, help="alternating rounds of the sizes (default 20)")
    parser.add_argument("--no-db", action="store_true", help="skip the service path (no database)")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)  # one size's process (service_timings)
    args = parser.parse_args()
    if args.child is not None:
        return child(args.child, args.deck)
    print_header()
    formats = {
        d["code"]: d
        for d in (
            json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "seeds" / "formats").glob("*.json")
        )
    }
    index = load_index("riders_legend")
    text = args.deck.read_text(encoding="utf-8")
    result = check_text(text, formats=formats, index_for=lambda game: index)
    cards = sum(e["count"] for e in result.entries)
    print(f"decks: {args.deck.name} ({cards} cards, legal={result.report.legal}); {os.cpu_count()} CPUs")
    timings, before, after = _time(lambda: check_text(text, formats=formats, index_for=lambda game: index),
                                   args.repeat)
    line, met, _ = _line("pure parse + validate", timings, TARGET_MS, _loads(before, after))
    print(line)
    if not args.no_db:
        bench_settings("shinpan_bench_decks")  # the run's own: the children's databases are named after it
        sizes = sorted(int(s) for s in args.sizes.split(","))
        medians = []
        for size, timings, loads in service_timings(args.deck, args.repeat, sizes, args.rounds):
            label = f"service deck_check_text at {size} cards"
            line, size_met, median = _line(label, timings, SERVICE_TARGET_MS, loads)
            print(line)
            met, medians = met and size_met, [*medians, median]
        if len(medians) > 1:
            ratio = medians[-1] / medians[0]
            # "the same within 20%" either way: a check that got faster with the catalogue is no more the same
            ratio_met = 1 / SIZE_RATIO_FLOOR <= ratio <= SIZE_RATIO_FLOOR
            print(f"ratio {sizes[-1]} / {sizes[0]} cards: {ratio:.2f} (the same within 20%: between "
                  f"{1 / SIZE_RATIO_FLOOR:.2f} and {SIZE_RATIO_FLOOR}: {'met' if ratio_met else 'MISSED'}; {load()})")
            met = met and ratio_met
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

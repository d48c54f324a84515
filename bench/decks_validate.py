"""Decks bench: the time to parse and validate a 61-card Riders' Legend decklist, and how it grows with the catalogue.

Usage::

    DEBUG=1 .venv/bin/python bench/decks_validate.py [--repeat 500] [--deck seeds/decks/riders_legend_shocker.txt]
                                                     [--sizes 10000,100000] [--rounds 4] [--no-db]

Printed, each with its median and p95 in milliseconds and the machine's load average (1 min) before and after:
- pure, no database: the seed catalogue (``seeds/catalogue/riders_legend.json``) is indexed once, then each
  round runs ``decks.textcheck.check_text`` (parse every line, resolve every card, run ``decks.legality.check``).
  Target: median under 10 ms.
- service, as ``POST /api/decks/validate/`` runs it: ``decks.services.deck_check_text`` against a throwaway
  test database (created from the configured ``DATABASE_URL``, seeded with ``loadseeds``, dropped at the end),
  the formats read from the database and the catalogue index checked against the catalogue version every call,
  with the deck's game filled to each of ``--sizes`` cards (filler cards written with ``bulk_create``, then
  ``decks.catalogue.catalogue_changed`` as the card import does). Issue 14 target: median ≤ 3 ms at every size,
  and the largest size within 20% of the smallest (the ratio is printed beside its floor). The sizes are timed
  in ``--rounds`` alternating rounds (ABBA: 10k, 100k, 100k, 10k, ...; filler cards added or deleted between
  them), so drift in the machine's speed during the run favours neither. ``--no-db`` skips it.

The machine is shared: compare figures of one run, and read them with the load printed beside them.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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


def _trim(game_code: str, size: int) -> int:
    """Delete filler cards of ``game_code`` (the highest numbers first) until it holds ``size`` cards, or none
    is left; return its card count."""
    from cards.models import Card, Game
    from decks.catalogue import catalogue_changed

    game = Game.objects.get(code=game_code)
    extra = Card.objects.filter(game=game).count() - size
    if extra > 0:
        filler = Card.objects.filter(game=game, card_set__code=FILLER_SET)
        doomed = filler.order_by("-id").values_list("id", flat=True)[:extra]
        Card.objects.filter(id__in=list(doomed)).delete()
        catalogue_changed(game_ids=[game.id])
    return Card.objects.filter(game=game).count()


def _resize(game_code: str, size: int) -> int:
    """Fill or trim ``game_code`` to ``size`` cards, then vacuum and analyse the card table on PostgreSQL: its
    autovacuum would otherwise clean up after the 90,000 rows deleted or written while the next round is timed
    (the rounds after a trim came out 1.4x slower than the others)."""
    from django.db import connection

    from cards.models import Card

    have = Card.objects.filter(game__code=game_code).count()
    cards = _fill(game_code, size) if have < size else _trim(game_code, size)
    if have != cards and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(Card._meta.db_table)}")
    return cards


def size_order(sizes: list[int], rounds: int) -> list[int]:
    """The sizes to time, round by round, each round in the order opposite to the one before (ABBA...): a
    machine that speeds up or slows down during the run favours no size (timing all of one size, then all of
    the next, measured the drift: the larger catalogue came out 0.7-1.25x the smaller between identical runs)."""
    order: list[int] = []
    for n in range(rounds):
        order.extend(sizes if n % 2 == 0 else reversed(sizes))
    return order


def service_timings(text: str, repeat: int, sizes: list[int], rounds: int = 4) -> list[tuple[int, list[float], str]]:
    """``deck_check_text`` timings against a fresh, seeded test database (dropped afterwards), at each size:
    ``rounds`` rounds of ``repeat // rounds`` calls a size, the sizes alternated (``size_order``); each size's
    timings pooled, with the load before its first round and after its last."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    from decks.services import deck_check_text

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
    per_round = max(1, repeat // rounds)
    # size -> its rounds, in order: (cards, timings, load before, load after)
    done: dict[int, list[tuple[int, list[float], float, float]]] = {size: [] for size in sizes}
    try:
        call_command("loadseeds", stdout=io.StringIO())
        for size in size_order(sizes, rounds):
            cards = _resize("riders_legend", size)
            deck_check_text(text=text)  # a running server has built the catalogue index already
            done[size].append((cards, *_time(lambda: deck_check_text(text=text), per_round)))
        results = []
        for size_rounds in done.values():
            cards = size_rounds[0][0]
            medians = ", ".join(f"{statistics.median(timings):.3f}" for _, timings, _, _ in size_rounds)
            print(f"rounds at {cards} cards ({per_round} runs each): medians {medians} ms")
            pooled = [ms for _, timings, _, _ in size_rounds for ms in timings]
            results.append((cards, pooled, _loads(size_rounds[0][2], size_rounds[-1][3])))
        return results
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--deck", type=Path, default=ROOT / "seeds" / "decks" / "riders_legend_shocker.txt")
    parser.add_argument("--sizes", default="10000,100000", help="catalogue sizes of the deck's game, comma-separated")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds of the sizes (default 4)")
    parser.add_argument("--no-db", action="store_true", help="skip the service path (no database)")
    args = parser.parse_args()
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
        sizes = sorted(int(s) for s in args.sizes.split(","))
        medians = []
        for size, timings, loads in service_timings(text, args.repeat, sizes, args.rounds):
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

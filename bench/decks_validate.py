"""Decks bench: the median time to parse and validate a 61-card Riders' Legend decklist.

Usage::

    DEBUG=1 .venv/bin/python bench/decks_validate.py [--repeat 500] [--deck seeds/decks/riders_legend_shocker.txt]
                                                     [--no-db]

Two paths, each printed with its median and p95 in milliseconds:
- pure, no database: the seed catalogue (``seeds/catalogue/riders_legend.json``) is indexed once, then each
  round runs ``decks.textcheck.check_text`` (parse every line, resolve every card, run ``decks.legality.check``).
  Target: median under 10 ms.
- service, as ``POST /api/decks/validate/`` runs it: ``decks.services.deck_check_text`` against a throwaway
  test database (created from the configured ``DATABASE_URL``, seeded with ``loadseeds``, dropped at the end):
  the formats read from the database and the catalogue index checked against ``catalogue_version`` every call.
  Target: median under 30 ms. ``--no-db`` skips it.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from decks import codec  # noqa: E402
from decks.textcheck import check_text  # noqa: E402

TARGET_MS = 10.0
SERVICE_TARGET_MS = 30.0


def load_index(game: str) -> codec.CardIndex:
    path = ROOT / "seeds" / "catalogue" / f"{game}.json"
    return codec.index_from_document(json.loads(path.read_text(encoding="utf-8")))


def _time(run, repeat: int) -> list[float]:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def service_timings(text: str, repeat: int) -> list[float]:
    """``deck_check_text`` timings against a fresh, seeded test database (dropped afterwards)."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    from decks.services import deck_check_text

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        call_command("loadseeds", stdout=io.StringIO())
        deck_check_text(text=text)  # a running server has built the catalogue index already
        return _time(lambda: deck_check_text(text=text), repeat)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def _line(label: str, timings: list[float], target: float) -> tuple[str, bool]:
    median, p95 = statistics.median(timings), statistics.quantiles(timings, n=20)[-1]
    met = median < target
    return (
        f"{label}, {len(timings)} runs: median {median:.3f} ms, p95 {p95:.3f} ms "
        f"(target median < {target:.0f} ms: {'met' if met else 'MISSED'})",
        met,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--deck", type=Path, default=ROOT / "seeds" / "decks" / "riders_legend_shocker.txt")
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
    print(f"decks: {args.deck.name} ({cards} cards, legal={result.report.legal})")
    timings = _time(lambda: check_text(text, formats=formats, index_for=lambda game: index), args.repeat)
    line, met = _line("pure parse + validate", timings, TARGET_MS)
    print(line)
    if not args.no_db:
        line, service_met = _line("service deck_check_text (database)", service_timings(text, args.repeat),
                                  SERVICE_TARGET_MS)
        print(line)
        met = met and service_met
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

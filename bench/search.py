"""Search bench: 100,000 generated cards in PostgreSQL, typical queries through the API vs the SQL it runs.

Usage (PostgreSQL on 127.0.0.1:5432, user postgres)::

    .venv/bin/python bench/search.py [--cards 100000] [--repeat 40] [--regenerate]

Each run has a database of its own on ``BENCH_DATABASE_SERVER``, ``shinpan_bench_search_<pid>_<hex>``, dropped at the
end (``bench/_database.py``; never the application's ``DATABASE_URL``: a catalogue of another size is deleted).
The catalogue is generated once per size and cached: a run starts from a copy of the template database
``shinpan_bench_search_cards<N>_<digest>`` when there is one (seconds), else generates the cards (about a minute at
100k) and saves them as that template for the next runs; ``--regenerate`` generates them anew and replaces it. The
digest is the generator's (``generator_digest``): a change to it makes a new template, and the run that generates
it drops the superseded ones. Runs with ``DEBUG``
off, as served. For each query,
the statements one ``GET /api/cards/?game=…&q=…`` runs are captured (a first page: the catalogue version and the
page; a cursor page: the page alone), then the request (through Django's test client: middleware, routing, throttle,
search, page statement, formatting, rendering, ETag) and those same statements, sent raw on the same connection, are
timed in turn, so both see the same load. The search's ``COUNT`` is not among them: it runs on the first page after
each change of the game's catalogue (once per catalogue version and process,
``cards.api.card_search.CardSearch.count_at``), so it is timed beside them, alone, as what such a first page adds.
Prints per query the statements, p50/p95 in
milliseconds of the API and of its SQL, the fixed cost (API p50 − SQL p50: what the request costs beyond its
statements), the ``COUNT``'s p50 and the ratio of the p50s; then the targets beside their figures (issue 14: API p50
≤ 3× its SQL, API p95 ≤ 20 ms, at 100k cards), the median and worst fixed cost, and the load average before and
after (the machine is shared: compare ratios from one run, never figures from runs at different loads). Exits 1 when
a target misses.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ["API_ANON_RATE"] = "100000000/minute"  # the bench measures search, not the throttle
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench import _database  # noqa: E402
from bench._machine import print_header  # noqa: E402

QUERIES = [
    ("legions", "t:minion c:red atk>=2"),
    ("legions", "cost<=3 -t:arts"),
    ("legions", "(c:red or c:green) hp>=5"),
    ("legions", "c:red/green"),
    ("legions", "カスミ"),
    ("legions", "name:ドラゴン"),
    ("legions", '"ダメージを与える" wt=1'),
    ("legions", "set:LG07 r:SR"),
    ("riders_legend", "align:evil faction:ショッカー op>=3"),
    ("riders_legend", "atk>=8 def<=2"),
]
NEXT_PAGES = [("legions", "t:minion c:red atk>=2"), ("legions", "カスミ")]  # the page after the first, by cursor
RATIO_TARGET = 3.0  # API p50 ≤ 3× the p50 of the SQL it runs
P95_TARGET_MS = 20.0
TEMPLATE_PREFIX = "shinpan_bench_search_cards"  # the cached catalogues: "<prefix><N>_<digest of this file>"
COUNT_REPEAT = 5  # runs of each search's COUNT, timed after its requests
SYLLABLES = "カキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモラリルレロガギグゲゴダドバビブ"
WORDS = [
    "ドラゴン",
    "カスミ",
    "ナイト",
    "ゴーレム",
    "フレイム",
    "シャドウ",
    "エルフ",
    "ウルフ",
    "ライダー",
    "怪人",
]
TEXTS = [
    "相手のミニオン1体にダメージを与える。",
    "カードを1枚引く。",
    "このミニオンのATK+2。",
    "",
    "",
    "ウェイトターンを1進める。",
]


def random_name(rng: random.Random) -> str:
    stem = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
    return stem + rng.choice(WORDS) if rng.random() < 0.3 else stem


def legions_card(rng: random.Random) -> tuple[str, dict]:
    from cards.games.legions import COLOURS

    card_type = rng.choices(["minion", "lord", "skill", "arts", "master"], [60, 10, 12, 15, 3])[0]
    colours = rng.sample(COLOURS, 2 if card_type == "master" or rng.random() < 0.1 else 1)
    attrs: dict = {"colours": colours, "keywords": []}
    if card_type != "master":
        attrs["unlock_cost"] = rng.randint(0, 9)
    if card_type in ("minion", "lord"):
        attrs.update(atk=rng.randint(0, 12), hp=rng.randint(1, 12))
    if card_type in ("minion", "skill"):
        attrs["wt"] = rng.randint(1, 4)
    if card_type == "lord":
        attrs["core_cost"] = rng.randint(0, 6)
    return card_type, attrs


def riders_card(rng: random.Random) -> tuple[str, dict]:
    evil = rng.random() < 0.5
    faction = rng.choice(["ショッカー", "デストロン", "ゴルゴム"]) if evil else "正義"
    attrs = {
        "alignment": "evil" if evil else "justice",
        "faction": faction,
        "attack": rng.randint(0, 10),
        "defence": rng.randint(0, 10),
        "operation": rng.randint(0, 5),
        "transforms_from": [],
        "limit_one": False,
    }
    return "character", attrs


def generate(total: int) -> None:
    """Replace the catalogue with ``total`` cards: 70% Legions in 10 sets, 30% Riders' Legend in 5 sets."""
    from cards.models import Card, CardSet, Game

    rng = random.Random(20240601)
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    Game.objects.all().delete()
    plan = [
        ("legions", "Legions!", "レギオンズ!", "LG", 10, int(total * 0.7), legions_card),
        (
            "riders_legend",
            "Riders' Legend",
            "仮面ライダーTCG",
            "RL",
            5,
            total - int(total * 0.7),
            riders_card,
        ),
    ]
    for code, name, name_ja, prefix, set_count, count, make in plan:
        game = Game.objects.create(code=code, name=name, name_ja=name_ja)
        sets = [
            CardSet.objects.create(game=game, code=f"{prefix}{i:02d}", name=f"Set {i}")
            for i in range(1, set_count + 1)
        ]
        batch = []
        for index in range(count):
            card_type, attrs = make(rng)
            batch.append(
                Card(
                    game=game,
                    card_set=sets[index % set_count],
                    collector_number=f"{index:06d}",
                    name=random_name(rng),
                    reading="",
                    card_type=card_type,
                    rarity=rng.choices(["C", "U", "R", "SR"], [50, 30, 15, 5])[0],
                    rules_text=rng.choice(TEXTS),
                    attributes=attrs,
                )
            )
            if len(batch) == 5000:
                Card.objects.bulk_create(batch)
                batch = []
        Card.objects.bulk_create(batch)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE cards_card")


def generator_digest() -> str:
    """8 hex digits of SHA-1 over the source of the functions and words that generate the catalogue: the name of
    its cached template changes with them, and with nothing else of this file."""
    parts = [inspect.getsource(function) for function in (generate, legions_card, riders_card, random_name)]
    return hashlib.sha1(repr((parts, SYLLABLES, WORDS, TEXTS)).encode()).hexdigest()[:8]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


@dataclass
class Measured:
    label: str
    statements: int
    rows: int
    api: list[float]  # ms per request
    sql: list[float]  # ms per run of the request's statements
    count: list[float]  # ms of the search's COUNT, run by a first page once per catalogue version ([] on a cursor page)

    @property
    def ratio(self) -> float:
        sql = percentile(self.sql, 0.5)
        return percentile(self.api, 0.5) / sql if sql else 0.0

    @property
    def fixed(self) -> float:
        """The request's cost beyond its statements, at the p50s (ms)."""
        return percentile(self.api, 0.5) - percentile(self.sql, 0.5)


def captured_statements(client, url: str, params: dict | None) -> tuple[list[str], dict]:
    """The SQL statements (with their values) one request runs, and its JSON answer."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, params)
    assert response.status_code == 200, response.content[:300]
    return [query["sql"] for query in captured.captured_queries], response.json()


def measure(client, label: str, url: str, params: dict | None, repeat: int) -> Measured:
    """Time the request and, right after each, the statements it runs (sent raw on the same connection), and on
    a first page the search's COUNT (which it runs once per catalogue version: not among them once warm)."""
    from django.db import connection

    from cards.api.card_search import card_search

    for _ in range(3):  # warm caches: the compiled search and page, the count, PostgreSQL's buffers
        client.get(url, params)
    statements, body = captured_statements(client, url, params)
    count_sql = card_search(params["game"], params["q"], "", using="default").count_sql if params else None
    api, sql, count = [], [], []
    with connection.cursor() as cursor:
        for _ in range(repeat):
            start = time.perf_counter()
            response = client.get(url, params)
            api.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
            total = 0.0
            for statement in statements:
                start = time.perf_counter()
                cursor.execute(statement)
                cursor.fetchall()
                total += (time.perf_counter() - start) * 1000
            sql.append(total)
        for _ in range(COUNT_REPEAT if count_sql else 0):  # apart: a 20 ms COUNT between them would skew both
            start = time.perf_counter()
            cursor.execute(*count_sql)
            cursor.fetchall()
            count.append((time.perf_counter() - start) * 1000)
    return Measured(label, len(statements), len(body["results"]), api, sql, count)


def machine_note() -> str:
    """One line naming what the figures were measured on: date, CPUs, load average, Python, PostgreSQL."""
    import datetime
    import platform

    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        server = cursor.fetchone()[0]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return (
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {os.cpu_count()} CPUs, load average {load}; "
        f"Python {platform.python_version()}, PostgreSQL {server}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--regenerate", action="store_true")
    args = parser.parse_args()
    print_header()
    digest = generator_digest()
    template = f"{TEMPLATE_PREFIX}{args.cards}_{digest}"
    # DEBUG off, as served: no query log
    _database.bench_settings("shinpan_bench_search", sqlite_ok=False, template=None if args.regenerate else template)

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from cards.models import Card

    call_command("migrate", verbosity=0)
    if args.regenerate or Card.objects.count() != args.cards:
        started = time.perf_counter()
        generate(args.cards)
        print(f"generated {args.cards} cards in {time.perf_counter() - started:.1f} s")
        if _database.save_template(template, replace=args.regenerate):
            print(f"saved as {template} for the next runs")
        for name in _database.drop_templates(TEMPLATE_PREFIX, keep_ending=f"_{digest}"):
            print(f"dropped {name}, generated by an earlier version of this bench")
    else:
        print(f"{args.cards} cards " + (f"copied from {template}" if _database.current() else "already there"))
    client = Client()
    print(machine_note())
    print(
        f"{'query':46} {'stmts':>5} {'rows':>4} {'API p50':>8} {'API p95':>8} {'SQL p50':>8} {'SQL p95':>8} "
        f"{'fixed':>6} {'COUNT p50':>9} {'ratio':>6}"
    )
    results = []
    pages = [(game, query, None) for game, query in QUERIES] + [(game, query, "next") for game, query in NEXT_PAGES]
    for game, query, page in pages:
        url, params, label = "/api/cards/", {"game": game, "q": query}, f"{game[:7]} {query}"
        if page:
            url, params, label = client.get(url, params).json()["next"], None, f"{label} (next page)"
            if url is None:  # a small --cards: the first page is the last
                print(f"{label:46} (no next page at {args.cards} cards)")
                continue
        result = measure(client, label, url, params, args.repeat)
        results.append(result)
        counted = f"{percentile(result.count, 0.5):>9.2f}" if result.count else f"{'-':>9}"
        print(
            f"{label:46} {result.statements:>5} {result.rows:>4} {percentile(result.api, 0.5):>8.1f} "
            f"{percentile(result.api, 0.95):>8.1f} {percentile(result.sql, 0.5):>8.2f} "
            f"{percentile(result.sql, 0.95):>8.2f} {result.fixed:>6.2f} {counted} {result.ratio:>6.1f}"
        )
    worst_ratio = max(results, key=lambda r: r.ratio)
    worst_p95 = max(results, key=lambda r: percentile(r.api, 0.95))
    p95 = percentile(worst_p95.api, 0.95)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"p50/p95 of {args.repeat} runs each, times in ms, {Card.objects.count()} cards; fixed = API p50 - SQL p50; "
        f"COUNT: what a first page adds once per catalogue version; load average now {load}"
    )
    fixed = [r.fixed for r in results]
    print(f"fixed cost per request: median {percentile(fixed, 0.5):.2f} ms, worst {max(fixed):.2f} ms "
          f"({max(results, key=lambda r: r.fixed).label})")
    ratio_met, p95_met = worst_ratio.ratio <= RATIO_TARGET, p95 <= P95_TARGET_MS
    print(
        f"target API p50 <= {RATIO_TARGET:g}x its SQL: worst {worst_ratio.ratio:.2f}x ({worst_ratio.label}) - "
        f"{'meets' if ratio_met else 'misses'}"
    )
    print(
        f"target API p95 <= {P95_TARGET_MS:g} ms: worst {p95:.1f} ms ({worst_p95.label}; its SQL p95 "
        f"{percentile(worst_p95.sql, 0.95):.1f} ms) - {'meets' if p95_met else 'misses'}"
    )
    return 0 if ratio_met and p95_met else 1  # as bench/decks_validate.py


if __name__ == "__main__":
    sys.exit(main())

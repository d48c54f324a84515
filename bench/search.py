"""Search bench: 100,000 generated cards in PostgreSQL, typical queries through the API vs the SQL it runs.

Usage (PostgreSQL on 127.0.0.1:5432, user postgres)::

    .venv/bin/python bench/search.py [--cards 100000|10000,100000,1000000] [--repeat 40] [--regenerate] [--explain]

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

Then (issue 31, point 3) each query as a **new query**: before each request the compiled search and the shared
count are forgotten, so the request compiles, counts (``CardSearch.count``: the bounded COUNT, an EXPLAIN past its
bound, and for a text search the estimate of the game's cards) and pages; its SQL is every statement it ran, the
planner settings of a text search's plan (``cards.api.search_plans``) among them. Target: p95 ≤ 50 ms and p50 ≤
3× its SQL, at any size. Then the plan of each new query's count and page (``EXPLAIN (COSTS OFF)`` under the
settings the request gave it; ``--explain`` prints them whole). ``--cards 10000,100000,1000000`` runs the bench
at each size in turn (a process and a database each) and then says, for each ``name:`` and text search
(``TEXT_QUERIES``), whether its count and its page read the cards the same way at every size (``cards_access``:
the scans of ``cards_card``, their indexes and sorts; not how the 50 rows are joined to their game and set).
Generating a million cards takes about three minutes, cached as a template afterwards.
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
TEXT_QUERIES = [  # name: and text searches, whose plan must be the same at every size (issue 31, point 3)
    ("legions", "カスミ"),  # a word in 3% of names, found in name, reading or text
    ("legions", "name:ドラゴン"),  # the same share, name and reading only
    ("legions", "name:ガギグ"),  # a rare run of syllables: a few cards a million
    ("legions", "name:存在しないカード"),  # no card
    ("legions", '"ダメージを与える" wt=1'),  # a phrase of a sixth of the rules texts, with a number
]
RATIO_TARGET = 3.0  # API p50 ≤ 3× the p50 of the SQL it runs
P95_TARGET_MS = 20.0  # a warm page's API p95 (issue 14), at up to P95_TARGET_UP_TO cards
P95_TARGET_UP_TO = 100_000
NEW_QUERY_P95_MS = 50.0  # a new query's first page with its count, at any size (issue 31, point 3)
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

    with connection.cursor() as cursor:  # as a catalogue settled after its import: the trigram indexes' pending
        cursor.execute("VACUUM ANALYZE cards_card")  # lists merged (a new 100k catalogue's empty search took 3x)


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


def forget_searches() -> None:
    """Make the next request a new query's: no compiled search (``card_search``'s per-process cache) and no
    count in the shared cache (``CardSearch.count_at``), as for a query no one has asked since the catalogue
    last changed."""
    from cards.api import card_search as api_search
    from tests.cache import clear_cache

    api_search._card_search.cache_clear()
    clear_cache()


def measure(client, label: str, url: str, params: dict | None, repeat: int, *, new_query: bool = False) -> Measured:
    """Time the request and, right after each, the statements it runs (sent raw on the same connection), and on
    a warm first page the search's bounded count (which it runs once per catalogue version: not among them once
    warm). ``new_query``: before each request the compiled search and the shared count are forgotten, so each
    request is a new query's first page, its count statements among the statements timed."""
    from django.db import connection

    from cards.api.card_search import card_search

    for _ in range(3):  # warm caches: the compiled search and page, the count, PostgreSQL's buffers
        client.get(url, params)
    if new_query:
        forget_searches()
    statements, body = captured_statements(client, url, params)
    search = card_search(params["game"], params["q"], "", using="default") if params and not new_query else None
    api, sql, count = [], [], []
    with connection.cursor() as cursor:
        for _ in range(repeat):
            if new_query:
                forget_searches()
            start = time.perf_counter()
            response = client.get(url, params)
            api.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
            total = 0.0
            for statement in statements:  # a text search's plan adds BEGIN, its settings and ROLLBACK
                start = time.perf_counter()
                cursor.execute(statement)
                if cursor.description is not None:
                    cursor.fetchall()
                total += (time.perf_counter() - start) * 1000
            sql.append(total)
        for _ in range(COUNT_REPEAT if search else 0):  # apart: a 20 ms count between them would skew both
            start = time.perf_counter()
            search.count()
            count.append((time.perf_counter() - start) * 1000)
    return Measured(label, len(statements), len(body["results"]), api, sql, count)


def plan_shape(statement: str, settings: str | None = None) -> list[str]:
    """``EXPLAIN (COSTS OFF)`` of ``statement``, its lines: the plan PostgreSQL would run, without the figures
    that change with the catalogue's size (the same lines at two sizes: the same plan). ``settings``: the
    planner settings statement the request ran before it (``cards.api.search_plans``), applied the same way."""
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        if settings:
            cursor.execute(settings)
        cursor.execute("EXPLAIN (COSTS OFF) " + statement)
        lines = [row[0] for row in cursor.fetchall()]
        transaction.set_rollback(True)
    return lines


def plan_nodes(lines: list[str]) -> str:
    """The plan's nodes, one line: ``Limit > Nested Loop > Index Scan using card_game_id_idx on cards_card > …``
    (the node lines of ``EXPLAIN``: its first and those starting ``->``; conditions, keys and filters left out)."""
    nodes = [line.strip().removeprefix("->").strip() for index, line in enumerate(lines)
             if index == 0 or line.strip().startswith("->")]
    return " > ".join(nodes)


def cards_access(nodes: str) -> str:
    """How a plan reads the cards (``plan_nodes``'s line kept to its scans of ``cards_card``, their bitmap
    indexes and combinations, and its sorts): what its cost grows with as the catalogue grows. How the page's
    50 rows are joined to their game and set (nested loop, merge join, memoize) is left out: it changes with
    the size of those small tables, not with the catalogue's."""
    bitmaps = ("Bitmap Index Scan on card_", "BitmapAnd", "BitmapOr")
    kept = [node for node in nodes.split(" > ")
            if node.endswith((" on cards_card", "Sort")) or node.startswith((*bitmaps, "Gather", "Limit"))]
    return " > ".join(kept)


def query_plans(client, game: str, query: str) -> dict[str, list[str]]:
    """The plans of a new query's first page, each under the planner settings the request gave it: by role,
    ``count`` (the bounded COUNT), ``page``; ``estimate`` (the EXPLAIN for a count past the bound) and ``game``
    (the EXPLAIN estimating the game's cards, for a text search's plan) are noted, not explained."""
    forget_searches()
    statements, _ = captured_statements(client, "/api/cards/", {"game": game, "q": query})
    plans: dict[str, list[str]] = {}
    settings = None
    for statement in statements:
        if "set_config(" in statement:
            settings = statement
            continue
        if statement.startswith("EXPLAIN"):
            role = "game" if "SELECT 1 FROM cards_card" in statement else "estimate"
            plans[role] = [statement[:60] + " …"]
        elif "COUNT(*)" in statement:
            plans["count"] = plan_shape(statement, settings)
        elif " LIMIT " in statement and "cards_card" in statement:
            plans["page"] = plan_shape(statement, settings)
        if statement.startswith(("ROLLBACK", "COMMIT", "RELEASE")):
            settings = None
    return plans


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", default="100000", help="the catalogue's size; several, comma-separated "
                        "(10000,100000,1000000): a run at each, then the name: and text searches' plans compared")
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--explain", action="store_true", help="print each plan whole, not only its nodes")
    parser.add_argument("--plans-out", type=Path, help=argparse.SUPPRESS)  # compare_sizes's runs
    args = parser.parse_args()
    sizes = [int(size) for size in args.cards.split(",")]
    if len(sizes) > 1:
        flags = [flag for flag in ("--regenerate", "--explain") if getattr(args, flag[2:])]
        return compare_sizes(sizes, ["--repeat", str(args.repeat), *flags])
    args.cards = sizes[0]
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
    header = (f"{'query':46} {'stmts':>5} {'rows':>4} {'API p50':>8} {'API p95':>8} {'SQL p50':>8} {'SQL p95':>8} "
              f"{'fixed':>6} {'{}':>9} {'ratio':>6}")
    print("warm: a query asked before (its search compiled, its count shared)")
    print(header.format("count p50"))
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
        print(result_line(result, counted))
    print("new query: each request a query no one asked since the catalogue changed (compiled, counted, paged); "
          "SQL = every statement it runs, the count's among them")
    print(header.format(""))
    fresh = []
    asked = QUERIES + [q for q in TEXT_QUERIES if q not in QUERIES]
    for game, query in asked:
        result = measure(client, f"{game[:7]} {query}", "/api/cards/", {"game": game, "q": query}, args.repeat,
                         new_query=True)
        fresh.append(result)
        print(result_line(result, f"{'':>9}"))
    print("plans of a new query's first page (EXPLAIN, COSTS OFF; the bounded count's, then the page's)")
    plans = {}
    for game, query in asked:
        shapes = query_plans(client, game, query)
        plans[f"{game} {query}"] = {role: plan_nodes(shapes[role]) for role in ("count", "page") if role in shapes}
        past = " (past the bound: then EXPLAIN for the estimate)" if "estimate" in shapes else ""
        print(f"  {game} {query}:{past}")
        for role in ("count", "page"):
            if role in shapes:
                print(f"    {role}: {plan_nodes(shapes[role])}")
                if args.explain:
                    print("\n".join(f"      {line}" for line in shapes[role]))
    if args.plans_out:
        import json

        args.plans_out.write_text(json.dumps({"cards": args.cards, "plans": plans}, ensure_ascii=False))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"p50/p95 of {args.repeat} runs each, times in ms, {Card.objects.count()} cards; fixed = API p50 - SQL p50; "
        f"count p50: the bounded count a first page runs once per catalogue version; load average now {load}"
    )
    fixed = [r.fixed for r in results]
    print(f"fixed cost per request: median {percentile(fixed, 0.5):.2f} ms, worst {max(fixed):.2f} ms "
          f"({max(results, key=lambda r: r.fixed).label})")
    return 0 if all(verdicts(results, fresh, args.cards)) else 1  # as bench/decks_validate.py


def result_line(result: Measured, counted: str) -> str:
    return (
        f"{result.label:46} {result.statements:>5} {result.rows:>4} {percentile(result.api, 0.5):>8.1f} "
        f"{percentile(result.api, 0.95):>8.1f} {percentile(result.sql, 0.5):>8.2f} "
        f"{percentile(result.sql, 0.95):>8.2f} {result.fixed:>6.2f} {counted} {result.ratio:>6.1f}"
    )


def verdicts(warm: list[Measured], fresh: list[Measured], cards: int) -> list[bool]:
    """Print each target beside its figure; one bool a target (met)."""

    met = []
    for name, results in (("warm", warm), ("new query", fresh)):
        ratio = max(results, key=lambda r: r.ratio)
        met.append(ratio.ratio <= RATIO_TARGET)
        print(f"target {name} API p50 <= {RATIO_TARGET:g}x its SQL: worst {ratio.ratio:.2f}x ({ratio.label}) - "
              f"{'meets' if met[-1] else 'misses'}")
    slow = max(fresh, key=lambda r: percentile(r.api, 0.95))
    p95 = percentile(slow.api, 0.95)
    met.append(p95 <= NEW_QUERY_P95_MS)
    print(f"target new query's first page p95 <= {NEW_QUERY_P95_MS:g} ms: worst {p95:.1f} ms ({slow.label}; its SQL "
          f"p95 {percentile(slow.sql, 0.95):.1f} ms) - {'meets' if met[-1] else 'misses'}")
    slow = max(warm, key=lambda r: percentile(r.api, 0.95))
    p95 = percentile(slow.api, 0.95)
    if cards <= P95_TARGET_UP_TO:
        met.append(p95 <= P95_TARGET_MS)
        print(f"target warm API p95 <= {P95_TARGET_MS:g} ms at up to {P95_TARGET_UP_TO} cards: worst {p95:.1f} ms "
              f"({slow.label}; its SQL p95 {percentile(slow.sql, 0.95):.1f} ms) - {'meets' if met[-1] else 'misses'}")
    else:
        print(f"warm API p95: worst {p95:.1f} ms ({slow.label}; its target is at up to {P95_TARGET_UP_TO} cards)")
    return met


def compare_sizes(sizes: list[int], argv: list[str]) -> int:
    """Run this bench at each size in turn (a process each: a database each), then say whether each name: and
    text search kept one plan (its count's and its page's) at every size. Exits 1 when a run missed a target or
    a plan changed."""
    import json
    import subprocess
    import tempfile

    runs, failed = {}, False
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            out = Path(folder) / f"plans_{size}.json"
            print(f"=== {size} cards ===", flush=True)
            code = subprocess.call([sys.executable, __file__, "--cards", str(size), "--plans-out", str(out), *argv])
            failed |= code != 0
            runs[size] = json.loads(out.read_text())["plans"] if out.exists() else {}
    print(f"=== plans of the name: and text searches at {', '.join(f'{size:,}' for size in sizes)} cards ===")
    print("(how each reads the cards: cards_access; the whole plans are printed above, run by run)")
    for game, query in TEXT_QUERIES:
        key = f"{game} {query}"
        for role in ("count", "page"):
            seen = {size: cards_access(runs[size].get(key, {}).get(role) or "") for size in sizes}
            uncounted = [size for size, shape in seen.items() if role == "count" and not shape]
            if uncounted:  # estimated far past the bound: said without counting (CardSearch.count), no plan
                seen = {size: shape for size, shape in seen.items() if size not in uncounted}
                print(f"{key} count: none at {', '.join(f'{size:,}' for size in uncounted)} cards (the estimate "
                      "alone, far past the bound)")
            shapes = set(seen.values())
            if len(shapes) <= 1:
                if shapes:
                    print(f"{key} {role}: one plan at every size it ran: {next(iter(shapes))}")
            else:
                failed = True
                print(f"{key} {role}: THE PLAN CHANGES")
                for size, shape in seen.items():
                    print(f"  {size:>9,}: {shape}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

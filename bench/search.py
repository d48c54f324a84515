"""Search bench: 100,000 generated cards in PostgreSQL, typical queries through the API vs one raw SQL query.

Usage (PostgreSQL on 127.0.0.1:5432, user postgres)::

    .venv/bin/python bench/search.py [--cards 100000] [--repeat 40] [--regenerate]

Uses ``DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/shinpan_bench``; the database is created
and
migrated when missing, and filled once: rerunning reuses the cards unless ``--regenerate``). Prints, per
query,
the result count, p50/p95 in milliseconds of ``GET /api/cards/?game=…&q=…`` (first page, through Django's
test client: routing, parsing, ORM, serialisation, ETag) and of the same filter as one raw SQL query (the
compiled query's SQL, first page), and the p50 ratio. Target: API p95 under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/shinpan_bench")
os.environ.setdefault("DEBUG", "1")
os.environ["API_ANON_RATE"] = "100000000/minute"  # the bench measures search, not the throttle
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

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


def ensure_database(url: str) -> None:
    """Create the bench database if it does not exist (connects to the ``postgres`` database to do so)."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin_url = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{name}"')


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


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def time_api(client, game: str, query: str, repeat: int) -> tuple[list[float], int]:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get("/api/cards/", {"game": game, "q": query})
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.content[:300]
    return timings, len(response.json()["results"])


def time_sql(game: str, query: str, repeat: int) -> tuple[list[float], int]:
    from django.db import connection

    from cards.models import Card
    from cards.search import search

    queryset = search(Card.objects.all(), query, [game]).order_by("id").values("id")[:51]
    sql, params = queryset.query.sql_with_params()
    timings = []
    with connection.cursor() as cursor:
        for _ in range(repeat):
            start = time.perf_counter()
            cursor.execute(sql, params)
            rows = cursor.fetchall()
            timings.append((time.perf_counter() - start) * 1000)
    return timings, len(rows)


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
    ensure_database(os.environ["DATABASE_URL"])

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
    client = Client()
    print(machine_note())
    print(
        f"{'query':42} {'page':>4} {'API p50':>8} {'API p95':>8} {'SQL p50':>8} {'SQL p95':>8} {'ratio':>6}"
    )
    worst = 0.0
    for game, query in QUERIES:
        time_api(client, game, query, 3)  # warm caches
        api, count = time_api(client, game, query, args.repeat)
        sql, _ = time_sql(game, query, args.repeat)
        api50, api95, sql50, sql95 = (
            percentile(api, 0.5),
            percentile(api, 0.95),
            percentile(sql, 0.5),
            percentile(sql, 0.95),
        )
        worst = max(worst, api95)
        print(
            f"{game[:7] + ' ' + query:42} {count:>4} {api50:>8.1f} {api95:>8.1f} {sql50:>8.2f} {sql95:>8.2f} "
            f"{api50 / sql50 if sql50 else 0:>6.1f}"
        )
    print(
        f"worst API p95: {worst:.1f} ms over {args.cards} cards ({'meets' if worst < 50 else 'misses'} "
        f"the 50 ms target); p50/p95 of {args.repeat} runs each, times in ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

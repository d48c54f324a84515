"""Benchmark: import 10,000 generated cards (all three games, one CSV file) into the configured database.

    DEBUG=1 .venv/bin/python bench/import_cards.py [--cards 10000] [--format csv|json] [--keep]

Prints the seconds to read and import the file (every card created), to import it again (every card
unchanged) and to import it with every card's rarity changed (every card updated), and the process's peak
memory (resident set size, from ``resource``). Target: under 30 s for 10,000.
The generated sets are named ``BENCH-…`` and deleted afterwards unless ``--keep`` is given; the database is
migrated first, so a fresh SQLite file works.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from cards.games import SCHEMAS  # noqa: E402
from cards.models import Card, CardSet  # noqa: E402
from cards.services import cards_import, read_card_file  # noqa: E402
from cards.services.csv_columns import attributes_to_cells, csv_header, list_cell  # noqa: E402

SET_CODES = {"legions": "BENCH-LG", "riders_legend": "BENCH-RL", "iron_leaguer": "BENCH-IL"}


def legions_card(rng: random.Random, n: int) -> tuple[str, dict]:
    colours = rng.sample(["black", "red", "white", "green", "blue"], rng.choice([1, 2]))
    if n % 5 == 0:
        return "lord", {"colours": colours, "unlock_cost": rng.randint(3, 9), "core_cost": rng.randint(0, 4),
                        "atk": rng.randint(0, 9), "hp": rng.randint(1, 9), "finisher": n % 10 == 0}
    return "minion", {"colours": colours, "unlock_cost": rng.randint(0, 8), "atk": rng.randint(0, 9),
                      "hp": rng.randint(1, 9), "wt": rng.randint(1, 4), "keywords": ["速攻"] if n % 3 else []}


def riders_card(rng: random.Random, n: int) -> tuple[str, dict]:
    evil = n % 2 == 0
    common = {"alignment": "evil" if evil else "justice", "faction": "ショッカー" if evil else "正義",
              "attack": rng.randint(0, 9), "defence": rng.randint(0, 9)}
    if n % 4 == 0:
        return "mission", {**common, "required_operation": rng.randint(1, 9)}
    transforms_from = ["本郷猛"] if n % 3 else []
    return "character", {**common, "operation": rng.randint(0, 5), "transforms_from": transforms_from}


def iron_leaguer_card(rng: random.Random, n: int) -> tuple[str, dict]:
    if n % 2:
        return "il", {"affiliation": rng.choice(["silver_starter", "dark_leaguer"]),
                      "heart": rng.randint(0, 9), "skill": rng.randint(0, 9), "body": rng.randint(0, 9),
                      "growth": None if n % 7 == 0 else rng.randint(0, 9), "kinds": ["arm"]}
    upper = {"name": f"技{n}", "kind": "arm", "timing": "attack", "persons": 1, "attack": rng.randint(1, 20)}
    lower = {"name": "ディフェンス", "kind": "any", "timing": "defence", "persons": None,
             "defence": rng.randint(1, 20), "on_defence": "attack_right"}
    return "technique", {"period": rng.randint(1, 3), "upper": upper, "lower": lower}


MAKERS = {"legions": legions_card, "riders_legend": riders_card, "iron_leaguer": iron_leaguer_card}


def generate(count: int, seed: int = 1) -> list[dict]:
    """``count`` valid cards as plain dicts, spread evenly over the three games."""
    rng = random.Random(seed)
    cards = []
    for n in range(count):
        game = list(MAKERS)[n % 3]
        card_type, attributes = MAKERS[game](rng, n)
        cards.append({"game": game, "set": SET_CODES[game], "number": f"{n:05}", "name": f"ベンチカード{n}",
                      "reading": "べんちかーど", "card_type": card_type, "rarity": "C",
                      "rules_text": f"ベンチマーク用のカード {n}。", "flavour_text": "",
                      "attributes": attributes, "sample_fields": ["rules_text"], "image": "", "thumbnail": ""})
    return cards


def write_csv(cards: list[dict], folder: Path) -> list[Path]:
    header = list(dict.fromkeys(column for game in SCHEMAS for column in csv_header(game)))
    path = folder / "bench.csv"
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=header, restval="")
        writer.writeheader()
        for card in cards:
            row = {key: value for key, value in card.items() if key not in ("attributes", "sample_fields")}
            row |= {"set_name": card["set"], "sample_fields": list_cell(card["sample_fields"])}
            writer.writerow(row | attributes_to_cells(card["game"], card["attributes"]))
    return [path]


def write_json(cards: list[dict], folder: Path) -> list[Path]:
    paths = []
    for game, schema in SCHEMAS.items():
        doc = {"format": "shinpan.cards", "version": 1,
               "game": {"code": game, "name": schema.name, "name_ja": schema.name_ja},
               "sets": [{"code": SET_CODES[game], "name": SET_CODES[game], "name_ja": "", "release_date": None,
                         "sample_data": True, "notes": "benchmark data"}],
               "cards": [{k: v for k, v in c.items() if k != "game"} for c in cards if c["game"] == game]}
        paths.append(folder / f"bench_{game}.json")
        paths[-1].write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return paths


def import_all(paths: list[Path]) -> tuple[float, dict[str, int]]:
    started = time.perf_counter()
    totals = {"created": 0, "updated": 0, "unchanged": 0}
    for path in paths:
        report = cards_import(card_file=read_card_file(path))
        if not report.ok:
            raise SystemExit("\n".join(map(str, report.problems[:20])))
        for key in totals:
            totals[key] += getattr(report, key)
    return time.perf_counter() - started, totals


def remove_bench_data() -> None:
    sets = CardSet.objects.filter(code__in=SET_CODES.values())
    Card.objects.filter(card_set__in=sets).delete()
    sets.delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--format", choices=["csv", "json"], default="csv")
    parser.add_argument("--keep", action="store_true", help="leave the generated cards in the database")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    remove_bench_data()
    write = write_csv if args.format == "csv" else write_json
    with tempfile.TemporaryDirectory() as folder:
        cards = generate(args.cards)
        paths = write(cards, Path(folder))
        first, created = import_all(paths)
        again, unchanged = import_all(paths)
        changed, updated = import_all(write([card | {"rarity": "U"} for card in cards], Path(folder)))
    if not args.keep:
        remove_bench_data()
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kilobytes
    print(f"import of {args.cards} cards ({args.format}): {first:.2f} s  [{created}]")
    print(f"import again, all unchanged: {again:.2f} s  [{unchanged}]")
    print(f"import with every card changed: {changed:.2f} s  [{updated}]")
    print(f"peak memory (resident set size of the process): {peak_mib:.0f} MiB")


if __name__ == "__main__":
    main()

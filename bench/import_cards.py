"""Benchmark: import 10,000 generated cards (all three games) into catalogues of 0, 10,000 and 100,000 cards.

    .venv/bin/python bench/import_cards.py [--cards 10000] [--catalogue 0,10000,100000]
                                           [--format csv|json] [--repeat 1] [--keep]

For each catalogue size the bench first fills the catalogue with generated cards in sets of their own
(``BENCH-CAT-…``, 500 cards a set, written with ``bulk_create``), then imports the file three times, each in
a fresh process as ``manage.py importcards`` would run: every card created, then every card unchanged, then
every card updated (rarity changed). It prints, for each, the seconds to read and import the file and the
importing process's CPU seconds (steadier than the wall clock on a loaded machine; the database server's
work is not in them), the SQL statements run, and the process's peak memory (resident set size, ``VmHWM``;
Django and the interpreter hold about 85 MiB before the import), then the ratio of each catalogue's times
to the empty one's.

Targets (issue 14), printed beside the figures:
- import of 10,000 cards into a 100,000-card catalogue: at most 1.3× the time into an empty one;
- the peak memory of that import: at most 200 MB;
- any import of 10,000 cards: under 30 s.

``--repeat N`` runs each import N times and keeps the fastest (the machine is shared: the load average is
printed with every figure). The generated sets are deleted afterwards unless ``--keep`` is given (with
``BENCH_DATABASE=NAME``: otherwise the run's database goes with them); each run has a database of its own,
``shinpan_bench_import_<pid>_<hex>`` on ``BENCH_DATABASE_SERVER`` (``bench/_database.py``; ``sqlite`` for a SQLite
file), created and migrated first and dropped at the end, which the importing processes are handed; never the
application's ``DATABASE_URL``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

from bench._database import bench_settings  # noqa: E402
from bench._machine import print_header  # noqa: E402

bench_settings("shinpan_bench_import")  # before Django reads its settings
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from cards.games import SCHEMAS  # noqa: E402
from cards.models import Card, CardSet  # noqa: E402
from cards.services import cards_import, ensure_games, read_card_file  # noqa: E402
from cards.services.csv_columns import attributes_to_cells, csv_header, list_cell  # noqa: E402

SET_CODES = {"legions": "BENCH-LG", "riders_legend": "BENCH-RL", "iron_leaguer": "BENCH-IL"}
CATALOGUE_PREFIX = "BENCH-CAT-"
CATALOGUE_SET_SIZE = 500
TARGET_RATIO = 1.3  # time into the largest catalogue / time into an empty one
TARGET_PEAK_MB = 200.0  # megabytes (10^6 bytes)
TARGET_SECONDS = 30.0
PHASES = ("created", "unchanged", "updated")


def legions_card(rng: random.Random, n: int) -> tuple[str, dict]:
    colours = rng.sample(["black", "red", "white", "green", "blue"], rng.choice([1, 2]))
    if n % 5 == 0:
        return "lord", {
            "colours": colours,
            "unlock_cost": rng.randint(3, 9),
            "core_cost": rng.randint(0, 4),
            "atk": rng.randint(0, 9),
            "hp": rng.randint(1, 9),
            "finisher": n % 10 == 0,
        }
    return "minion", {
        "colours": colours,
        "unlock_cost": rng.randint(0, 8),
        "atk": rng.randint(0, 9),
        "hp": rng.randint(1, 9),
        "wt": rng.randint(1, 4),
        "keywords": ["速攻"] if n % 3 else [],
    }


def riders_card(rng: random.Random, n: int) -> tuple[str, dict]:
    evil = n % 2 == 0
    common = {
        "alignment": "evil" if evil else "justice",
        "faction": "ショッカー" if evil else "正義",
        "attack": rng.randint(0, 9),
        "defence": rng.randint(0, 9),
    }
    if n % 4 == 0:
        return "mission", {**common, "required_operation": rng.randint(1, 9)}
    transforms_from = ["本郷猛"] if n % 3 else []
    return "character", {**common, "operation": rng.randint(0, 5), "transforms_from": transforms_from}


def iron_leaguer_card(rng: random.Random, n: int) -> tuple[str, dict]:
    if n % 2:
        return "il", {
            "affiliation": rng.choice(["silver_starter", "dark_leaguer"]),
            "heart": rng.randint(0, 9),
            "skill": rng.randint(0, 9),
            "body": rng.randint(0, 9),
            "growth": None if n % 7 == 0 else rng.randint(0, 9),
            "kinds": ["arm"],
        }
    upper = {"name": f"技{n}", "kind": "arm", "timing": "attack", "persons": 1, "attack": rng.randint(1, 20)}
    lower = {
        "name": "ディフェンス",
        "kind": "any",
        "timing": "defence",
        "persons": None,
        "defence": rng.randint(1, 20),
        "on_defence": "attack_right",
    }
    return "technique", {"period": rng.randint(1, 3), "upper": upper, "lower": lower}


MAKERS = {"legions": legions_card, "riders_legend": riders_card, "iron_leaguer": iron_leaguer_card}


def generate(count: int, seed: int = 1, start: int = 0) -> list[dict]:
    """``count`` valid cards as plain dicts, numbered from ``start``, spread evenly over the three games."""
    rng = random.Random(seed)
    cards = []
    for n in range(start, start + count):
        game = list(MAKERS)[n % 3]
        card_type, attributes = MAKERS[game](rng, n)
        cards.append(
            {
                "game": game,
                "set": SET_CODES[game],
                "number": f"{n:05}",
                "name": f"ベンチカード{n}",
                "reading": "べんちかーど",
                "card_type": card_type,
                "rarity": "C",
                "rules_text": f"ベンチマーク用のカード {n}。",
                "flavour_text": "",
                "attributes": attributes,
                "sample_fields": ["rules_text"],
                "image": "",
                "thumbnail": "",
            }
        )
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
        doc = {
            "format": "shinpan.cards",
            "version": 1,
            "game": {"code": game, "name": schema.name, "name_ja": schema.name_ja},
            "sets": [
                {
                    "code": SET_CODES[game],
                    "name": SET_CODES[game],
                    "name_ja": "",
                    "release_date": None,
                    "sample_data": True,
                    "notes": "benchmark data",
                }
            ],
            "cards": [{k: v for k, v in c.items() if k != "game"} for c in cards if c["game"] == game],
        }
        paths.append(folder / f"bench_{game}.json")
        paths[-1].write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return paths


# -- the catalogue the file is imported into -----------------------------------------------------------------


def catalogue_size() -> int:
    return Card.objects.filter(card_set__code__startswith=CATALOGUE_PREFIX).count()


def grow_catalogue(size: int) -> None:
    """Add generated cards in ``BENCH-CAT-<game>-<k>`` sets until the bench catalogue holds ``size`` cards."""
    games = {game.code: game for game in ensure_games()}
    have = catalogue_size()
    made = CardSet.objects.filter(code__startswith=CATALOGUE_PREFIX).count() // len(MAKERS)
    for index, start in enumerate(range(have, size, 3 * CATALOGUE_SET_SIZE), start=made):
        count = min(3 * CATALOGUE_SET_SIZE, size - start)
        cards = generate(count, seed=start + 2, start=start)
        sets = {}
        for game in MAKERS:
            code = f"{CATALOGUE_PREFIX}{game[:2].upper()}-{index:04}"
            sets[game] = CardSet.objects.create(game=games[game], code=code, name=code, sample_data=True)
        Card.objects.bulk_create(
            [
                Card(
                    game=games[c["game"]],
                    card_set=sets[c["game"]],
                    collector_number=c["number"],
                    **{
                        k: c[k]
                        for k in (
                            "name",
                            "reading",
                            "card_type",
                            "rarity",
                            "rules_text",
                            "flavour_text",
                            "attributes",
                            "sample_fields",
                        )
                    },
                )
                for c in cards
            ],
            batch_size=500,
        )


def remove_bench_data(*, catalogue: bool) -> None:
    codes = CardSet.objects.filter(code__in=SET_CODES.values())
    if catalogue:
        codes = codes | CardSet.objects.filter(code__startswith=CATALOGUE_PREFIX)
    sets = list(codes.values_list("id", flat=True))
    # The bench's own rows: no deck names them, so a plain DELETE (no collector) is safe and fast.
    Card.objects.filter(card_set_id__in=sets)._raw_delete(connection.alias)
    CardSet.objects.filter(id__in=sets).delete()


# -- one import, in a process of its own ---------------------------------------------------------------------


def peak_rss_bytes() -> int:
    """This process's peak resident set size. Linux: ``VmHWM``, which starts afresh at ``exec`` (``ru_maxrss``
    would keep the forking parent's peak); elsewhere ``ru_maxrss``."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, kibibytes on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale


def run_import(paths: list[str]) -> None:
    """Child process: import ``paths``; print one JSON line (seconds, statements, counts, memory)."""
    before = peak_rss_bytes()
    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    totals = {"created": 0, "updated": 0, "unchanged": 0}
    started, cpu_started = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(count):
        for path in paths:
            report = cards_import(card_file=read_card_file(path))
            if not report.ok:
                raise SystemExit("\n".join(map(str, report.problems[:20])))
            for key in totals:
                totals[key] += getattr(report, key)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    print(
        json.dumps(
            {
                "seconds": seconds,
                "cpu": cpu,
                "statements": statements[0],
                "totals": totals,
                "peak_bytes": peak_rss_bytes(),
                "start_bytes": before,
            }
        )
    )


def import_in_child(paths: list[Path]) -> dict:
    command = [sys.executable, __file__, "--run-import", *map(str, paths)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"import failed:\n{done.stdout}{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["load"] = os.getloadavg()[0]
    return result


def fastest(paths: list[Path], repeat: int, undo) -> dict:
    """The fastest of ``repeat`` imports of ``paths`` (``undo()`` restores the state before each one)."""
    best = None
    for attempt in range(repeat):
        if attempt:
            undo()
        result = import_in_child(paths)
        if best is None or result["seconds"] < best["seconds"]:
            best = result
    return best


def measure(catalogue: int, args: argparse.Namespace, folder: Path) -> dict[str, dict]:
    """The three imports into a catalogue of ``catalogue`` cards: {phase: child result}."""
    remove_bench_data(catalogue=False)
    grow_catalogue(catalogue)
    write = write_csv if args.format == "csv" else write_json
    cards = generate(args.cards)
    paths = write(cards, folder / "same")
    changed = write([card | {"rarity": "U"} for card in cards], folder / "changed")
    results = {"created": fastest(paths, args.repeat, lambda: remove_bench_data(catalogue=False))}
    results["unchanged"] = fastest(paths, args.repeat, lambda: None)
    results["updated"] = fastest(changed, args.repeat, lambda: import_in_child(paths))
    return results


# -- the report ----------------------------------------------------------------------------------------------


def mib(count: int) -> str:
    return f"{count / 2**20:.0f} MiB ({count / 1e6:.0f} MB)"


def print_results(catalogue: int, results: dict[str, dict], args: argparse.Namespace) -> bool:
    """Print one catalogue size's imports; True when each took under ``TARGET_SECONDS``."""
    print(f"\ninto a catalogue of {catalogue} cards ({connection.vendor}, {args.format}):")
    in_time = True
    for phase in PHASES:
        r = results[phase]
        in_time = in_time and r["seconds"] < TARGET_SECONDS
        ok = "ok" if r["seconds"] < TARGET_SECONDS else "OVER"
        print(
            f"  {args.cards} cards {phase:9}: {r['seconds']:6.2f} s (< {TARGET_SECONDS:.0f} s: {ok}; "
            f"CPU of the importing process {r['cpu']:5.2f} s), "
            f"{r['statements']:4} SQL statements, peak memory {mib(r['peak_bytes'])} "
            f"[{r['totals'][phase]} {phase}; load {r['load']:.2f}]"
        )
    print(f"  memory before the import (Django loaded): {mib(results['created']['start_bytes'])}")
    return in_time


def print_targets(by_size: dict[int, dict[str, dict]]) -> bool:
    """Print the ratios and issue 14's targets beside their figures; True when every target is met."""
    sizes = sorted(by_size)
    print(f"\nratio of each catalogue's time to the {sizes[0]}-card one's (same run):")
    for size in sizes[1:]:
        ratios = "  ".join(
            f"{phase} {by_size[size][phase]['seconds'] / by_size[sizes[0]][phase]['seconds']:.2f}× "
            f"(CPU {by_size[size][phase]['cpu'] / by_size[sizes[0]][phase]['cpu']:.2f}×)"
            for phase in PHASES
        )
        print(f"  {size:>7} cards: {ratios}")
    largest, empty = by_size[sizes[-1]]["created"], by_size[sizes[0]]["created"]
    ratio = largest["seconds"] / empty["seconds"]
    peak_mb = max(by_size[sizes[-1]][phase]["peak_bytes"] for phase in PHASES) / 1e6  # the highest of its imports
    cpu_ratio = largest["cpu"] / empty["cpu"]
    ratio_met, peak_met = ratio <= TARGET_RATIO, peak_mb <= TARGET_PEAK_MB
    print(f"\nCPU of the importing process, into {sizes[-1]} cards / into {sizes[0]}: {cpu_ratio:.2f}×")
    print(
        f"target: import into {sizes[-1]} cards ≤ {TARGET_RATIO}× into {sizes[0]}: {ratio:.2f}× "
        f"({'met' if ratio_met else 'NOT met'}; load {empty['load']:.2f} → {largest['load']:.2f})"
    )
    print(
        f"target: peak memory of an import into {sizes[-1]} cards (created, unchanged or updated: the highest) ≤ "
        f"{TARGET_PEAK_MB:.0f} MB: {peak_mb:.0f} MB "
        f"({'met' if peak_met else 'NOT met'})"
    )
    return ratio_met and peak_met


def main() -> int:
    """Exit status 0 when every target is met (and every import took under 30 s), 1 otherwise."""
    if sys.argv[1:2] == ["--run-import"]:
        run_import(sys.argv[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--catalogue", default="0,10000,100000", help="catalogue sizes, comma-separated")
    parser.add_argument("--format", choices=["csv", "json"], default="csv")
    parser.add_argument("--repeat", type=int, default=1, help="imports per figure; the fastest is kept")
    parser.add_argument("--keep", action="store_true", help="leave the generated cards in the database")
    args = parser.parse_args()
    print_header()
    call_command("migrate", verbosity=0)
    remove_bench_data(catalogue=True)
    by_size, met = {}, True
    with tempfile.TemporaryDirectory() as folder:
        for size in sorted(int(part) for part in args.catalogue.split(",")):
            for sub in ("same", "changed"):
                (Path(folder) / sub).mkdir(exist_ok=True)
            by_size[size] = measure(size, args, Path(folder))
            met = print_results(size, by_size[size], args) and met
    if len(by_size) > 1:
        met = print_targets(by_size) and met
    if not args.keep:
        remove_bench_data(catalogue=True)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

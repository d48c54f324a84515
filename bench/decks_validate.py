"""Decks bench: the median time to parse and validate a 61-card Riders' Legend decklist.

Usage::

    .venv/bin/python bench/decks_validate.py [--repeat 500] [--deck seeds/decks/riders_legend_shocker.txt]

Pure Python, no database: the seed catalogue (``seeds/catalogue/riders_legend.json``) is indexed once, as a
server would keep it, then each round runs ``decks.textcheck.check_text`` (parse every line, resolve every
card, run ``decks.legality.check``). Prints the median and p95 in milliseconds. Target: median under 10 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards.games import schema_for  # noqa: E402
from decks import codec  # noqa: E402
from decks.textcheck import check_text  # noqa: E402

TARGET_MS = 10.0


def load_index(game: str) -> codec.CardIndex:
    data = json.loads((ROOT / "seeds" / "catalogue" / f"{game}.json").read_text(encoding="utf-8"))
    schema, cards = schema_for(game), []
    for card in data["cards"]:
        attributes, _ = schema.clean(card["card_type"], card["attributes"])
        cards.append(
            {
                "key": f"{card['set']}-{card['number']}",
                "name": card["name"],
                "reading": card["reading"],
                "card_type": card["card_type"],
                "attributes": attributes,
                "game": game,
                "set": card["set"],
                "number": card["number"],
            }
        )
    return codec.CardIndex(game, cards)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--deck", type=Path, default=ROOT / "seeds" / "decks" / "riders_legend_shocker.txt")
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
    timings = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        check_text(text, formats=formats, index_for=lambda game: index)
        timings.append((time.perf_counter() - start) * 1000)
    median = statistics.median(timings)
    p95 = statistics.quantiles(timings, n=20)[-1]
    print(
        f"decks: parse + validate {args.deck.name} ({cards} cards, legal={result.report.legal}), "
        f"{args.repeat} runs: median {median:.3f} ms, p95 {p95:.3f} ms "
        f"(target median < {TARGET_MS:.0f} ms: {'met' if median < TARGET_MS else 'MISSED'})"
    )
    return 0 if median < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())

"""Our readings where the deck-building rules are silent (docs/rules/legions.md, docs/rules/riders_legend.md)."""

from __future__ import annotations

import json
from pathlib import Path

from decks.legality import check

FORMATS = Path(__file__).resolve().parents[2] / "seeds" / "formats"


def _format(code: str) -> dict:
    return json.loads((FORMATS / f"{code}.json").read_text(encoding="utf-8"))


def _minion(key: str, name: str, colour: str = "red") -> dict:
    return {"key": key, "name": name, "card_type": "minion",
            "attributes": {"colours": [colour], "unlock_cost": 1, "atk": 2, "hp": 1, "wt": 1}}


def _legions_deck(extra: list[tuple[str, int]]) -> tuple[dict, dict]:
    cards = {"m": {"key": "m", "name": "マスター", "card_type": "master", "attributes": {"colours": ["red", "green"]}}}
    entries = [{"card": "m", "count": 1, "section": "master", "line": 1}]
    for i in range(13):  # 13 different cards x 3 = 39
        cards[f"c{i}"] = _minion(f"c{i}", f"ミニオン{i}")
        entries.append({"card": f"c{i}", "count": 3, "section": "deck", "line": i + 2})
    for key, count in extra:
        entries.append({"card": key, "count": count, "section": "deck", "line": 99})
    return {"game": "legions", "side": None, "entries": entries}, cards


def test_two_printings_of_one_name_share_the_copy_limit():
    # Legions: 同一カードはデッキに3枚まで — "the same card" read as the same name, whatever the printing.
    deck, cards = _legions_deck([("reprint", 1)])
    cards["reprint"] = {**_minion("reprint", "ミニオン0"), "key": "reprint"}
    report = check(deck, cards, _format("legions_standard"))
    assert [p.code for p in report.errors] == ["deck.copy_limit"]
    assert report.errors[0].card == "ミニオン0"


def test_a_one_symbol_card_in_the_class_gives_no_warning():
    deck, cards = _legions_deck([("green", 1)])
    cards["green"] = _minion("green", "緑のミニオン", "green")
    report = check(deck, cards, _format("legions_standard"))
    assert report.legal and report.warnings == []


def test_the_riders_copy_limit_counts_both_halves_together():
    # Riders' Legend: 同一カードはデッキに4枚まで — over the whole 61-card deck, not per half.
    cards = {f"c{i}": {"key": f"c{i}", "name": f"カード{i}", "card_type": "action",
                       "attributes": {"alignment": "justice", "faction": "正義"}} for i in range(17)}
    cards["e"] = {"key": "e", "name": "アイキャッチ", "card_type": "eyecatch",
                  "attributes": {"side_a": "A", "side_b": "B"}}
    entries = [{"card": "c0", "count": 3, "section": "first_half", "line": 1},
               {"card": "c0", "count": 2, "section": "second_half", "line": 2},
               {"card": "e", "count": 1, "section": "eyecatch", "line": 3}]
    entries += [{"card": f"c{i}", "count": 3, "section": "first_half", "line": 3 + i} for i in range(1, 10)]
    entries += [{"card": f"c{i}", "count": 4, "section": "second_half", "line": 20 + i} for i in range(10, 14)]
    entries += [{"card": "c14", "count": 4, "section": "second_half", "line": 40},
                {"card": "c15", "count": 4, "section": "second_half", "line": 41},
                {"card": "c16", "count": 4, "section": "second_half", "line": 42}]
    deck = {"game": "riders_legend", "side": None, "entries": entries}
    report = check(deck, cards, _format("riders_legend_advanced"))
    assert [p.code for p in report.errors] == ["deck.copy_limit"]
    assert report.errors[0].card == "カード0"

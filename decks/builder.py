"""What the deck builder shows besides legality: statistics and a sample opening hand. Pure Python.

Inputs are the plain shapes of ``decks.legality``: ``entries`` ``{"card", "count", "section"}`` and ``cards``
``{key: {"name", "card_type", "attributes"}}``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

# The number a game's curve is drawn over, and the attribute its cards are grouped by.
CURVE = {
    "legions": ("unlock_cost", "Unlock cost", "アンロックコスト"),
    "riders_legend": ("operation", "Operation power", "作戦力"),
    "iron_leaguer": ("heart", "Heart", "心値"),
}
GROUPS = {
    "legions": ("colours", "Colours", "カラーシンボル"),
    "riders_legend": ("faction", "Factions", "勢力"),
    "iron_leaguer": ("affiliation", "Affiliations", "所属"),
}
# Where the opening hand is drawn from: Legions the deck (5, no mulligan); Riders' Legend the first
# half, which is on top of the stacked deck (7, one mulligan).
# Riders' Legend: 開始手札 7枚, マリガン 任意で1回.
HAND_SECTIONS = {"legions": ("deck",), "riders_legend": ("first_half",)}


def _bars(counter: Counter, order=None) -> list[dict]:
    """``[{"label", "count", "percent"}]``, percent of the largest bar (0–100) for drawing."""
    keys = order if order is not None else sorted(counter, key=lambda k: (-counter[k], str(k)))
    top = max(counter.values(), default=0) or 1
    return [{"label": str(k), "count": counter[k], "percent": round(100 * counter[k] / top)} for k in keys]


def deck_stats(game: str, entries: list[Mapping], cards: Mapping) -> dict:
    """``{"total", "curve": {"title", "title_ja", "bars"}, "types": bars, "groups": {...}}`` over every
    copy."""
    curve_key, curve_en, curve_ja = CURVE[game]
    group_key, group_en, group_ja = GROUPS[game]
    curve: Counter = Counter()
    types: Counter = Counter()
    groups: Counter = Counter()
    for entry in entries:
        card, n = cards[entry["card"]], int(entry["count"])
        types[card["card_type"]] += n
        value = card.get("attributes", {}).get(curve_key)
        if isinstance(value, int):
            curve[value] += n
        group = card.get("attributes", {}).get(group_key)
        for item in group if isinstance(group, list) else [group] if group else []:
            groups[item] += n
    span = range(min(curve), max(curve) + 1) if curve else []
    return {
        "total": sum(types.values()),
        "curve": {"title": curve_en, "title_ja": curve_ja, "bars": _bars(curve, list(span))},
        "types": _bars(types),
        "groups": {"title": group_en, "title_ja": group_ja, "bars": _bars(groups)},
    }


def opening_hand(game: str, entries: list[Mapping], cards: Mapping, fmt: Mapping, *, seed: int) -> list[str]:
    """The names of a sample opening hand: the format's ``opening_hand`` cards from the game's hand sections,
    shuffled with ``random.Random(seed)``. Empty for a game with no hand (Iron Leaguer)."""
    sections = HAND_SECTIONS.get(game)
    size = int(fmt.get("rules", {}).get("opening_hand", 0))
    if not sections or not size:
        return []
    pile = [
        cards[e["card"]]["name"] for e in entries if e["section"] in sections for _ in range(int(e["count"]))
    ]
    random.Random(seed).shuffle(pile)
    return pile[:size]

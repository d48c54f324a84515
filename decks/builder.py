"""What the deck builder shows besides legality: entries grouped by type, statistics and a sample opening hand.
Pure Python.

Inputs are the plain shapes of ``decks.legality``: ``entries`` ``{"card", "count", "section"}`` and ``cards``
``{key: {"name", "card_type", "attributes"}}``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from .legality import labels

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
# Riders' Legend: 開始手札 7枚, マリガン 任意で1回 (すべて戻してデッキを作り直す).
HAND_SECTIONS = {"legions": ("deck",), "riders_legend": ("first_half",)}
# Iron Leaguer: the deck is the roster of 11 ILs; hands are technique cards from the shared period-1 technique
# deck, 5 each at the start (IL 2.4; IL 5.7: a hand of 5 in scenes 1–5). No mulligan.
IL_HAND = 5
IL_FIRST_PERIOD = 1
BAR_STEP = 5  # bar widths are drawn in steps of 5 % (CSS classes ``pct-0`` … ``pct-100``, no inline style)


def _bars(counter: Counter, order=None) -> list[dict]:
    """``[{"label", "count", "percent"}]``; ``percent`` of the largest bar (0–100, a multiple of ``BAR_STEP``)."""
    keys = order if order is not None else sorted(counter, key=lambda k: (-counter[k], str(k)))
    top = max(counter.values(), default=0) or 1
    return [
        {"label": str(k), "count": counter[k], "percent": BAR_STEP * round(100 * counter[k] / top / BAR_STEP)}
        for k in keys
    ]


def deck_stats(game: str, entries: list[Mapping], cards: Mapping) -> dict:
    """``{"total", "curve": {"title", "title_ja", "bars"}, "types": bars, "groups": {...}}`` over every
    copy. Types are in the game's own order (``labels.TYPE_ORDER``)."""
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
    order = [t for t in labels.TYPE_ORDER.get(game, ()) if t in types]
    order += sorted(set(types) - set(order))
    return {
        "total": sum(types.values()),
        "curve": {"title": curve_en, "title_ja": curve_ja, "bars": _bars(curve, list(span))},
        "types": _bars(types, order),
        "groups": {"title": group_en, "title_ja": group_ja, "bars": _bars(groups)},
    }


def grouped(game: str, entries: Sequence, type_of, count_of) -> list[dict]:
    """``entries`` of one section grouped by card type in the game's order: ``[{"type", "count", "entries"}]``.

    ``type_of(entry)`` gives an entry's card type and ``count_of(entry)`` its copies; a group's ``count`` is
    the copies in it. Entries keep their order inside a group."""
    order = list(labels.TYPE_ORDER.get(game, ()))
    groups: dict[str, list] = {}
    for entry in entries:
        groups.setdefault(type_of(entry), []).append(entry)
    keys = [t for t in order if t in groups] + sorted(set(groups) - set(order))
    return [
        {"type": key, "count": sum(int(count_of(e)) for e in groups[key]), "entries": groups[key]}
        for key in keys
    ]


def hand_size(game: str, fmt: Mapping) -> int:
    """Cards in an opening hand: the format's ``opening_hand`` rule; Iron Leaguer ``IL_HAND`` (IL 2.4)."""
    if game == "iron_leaguer":
        return IL_HAND
    return int(fmt.get("rules", {}).get("opening_hand", 0))


def opening_hand(
    game: str, entries: list[Mapping], cards: Mapping, fmt: Mapping, *, seed: int, pool: Sequence = ()
) -> list:
    """The card keys of a sample opening hand, shuffled with ``random.Random(seed)``.

    Legions and Riders' Legend draw ``hand_size`` cards from the game's hand sections (``HAND_SECTIONS``), one
    key per copy. Iron Leaguer draws from ``pool``: the keys of the period-1 technique deck (IL 2.4), which
    the players share, since a roster holds no technique cards. Empty when there is nothing to draw."""
    size = hand_size(game, fmt)
    if game == "iron_leaguer":
        pile = list(pool)
    else:
        sections = HAND_SECTIONS.get(game, ())
        pile = [e["card"] for e in entries if e["section"] in sections for _ in range(int(e["count"]))]
    if not size:
        return []
    random.Random(seed).shuffle(pile)
    return pile[:size]


def can_mulligan(fmt: Mapping, *, mulligans_taken: int) -> bool:
    """True while the format allows another mulligan (Riders' Legend: マリガン 任意で1回)."""
    return mulligans_taken < int(fmt.get("rules", {}).get("mulligans", 0))

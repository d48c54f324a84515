"""What the deck builder shows besides legality: entries grouped by type, statistics and a sample opening hand.
Pure Python.

Inputs are the plain shapes of ``decks.legality``: ``entries`` ``{"card", "count", "section"}`` and ``cards``
``{key: {"name", "card_type", "attributes"}}``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from cards.games import SCHEMAS

from . import games

BAR_STEP = 5  # bar widths are drawn in steps of 5 % (CSS classes ``pct-0`` … ``pct-100``, no inline style)


def _bars(counter: Counter, order=None) -> list[dict]:
    """``[{"label", "count", "percent"}]``; ``percent`` of the largest bar (0–100, a multiple of ``BAR_STEP``)."""
    keys = order if order is not None else sorted(counter, key=lambda k: (-counter[k], str(k)))
    top = max(counter.values(), default=0) or 1
    return [
        {"label": str(k), "count": counter[k], "percent": BAR_STEP * round(100 * counter[k] / top / BAR_STEP)}
        for k in keys
    ]


def _type_order(game: str) -> tuple[str, ...]:
    """The game's card types in its schema's order; ``()`` for a code that is no registered game."""
    return SCHEMAS[game].card_types if game in SCHEMAS else ()


def deck_stats(game: str, entries: list[Mapping], cards: Mapping) -> dict:
    """``{"total", "curve": {"title", "title_ja", "bars"}, "types": bars, "groups": {...}}`` over every
    copy: the curve over the number and the groups by the attribute the game's spec names (``deck.curve``,
    ``deck.group``). Types are in the game's own order (its schema's ``card_types``)."""
    spec = games.deck_spec(game)
    curve_key, curve_en, curve_ja = spec.curve
    group_key, group_en, group_ja = spec.group
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
    order = [t for t in _type_order(game) if t in types]
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
    order = list(_type_order(game))
    groups: dict[str, list] = {}
    for entry in entries:
        groups.setdefault(type_of(entry), []).append(entry)
    keys = [t for t in order if t in groups] + sorted(set(groups) - set(order))
    return [
        {"type": key, "count": sum(int(count_of(e)) for e in groups[key]), "entries": groups[key]}
        for key in keys
    ]


def hand_size(game: str, fmt: Mapping) -> int:
    """Cards in an opening hand: the size the game's spec fixes (Iron Leaguer 5: IL 2.4), else the format's
    ``opening_hand`` rule."""
    fixed = games.deck_spec(game).opening_hand.size
    return fixed if fixed is not None else int(fmt.get("rules", {}).get("opening_hand", 0))


def opening_hand(
    game: str, entries: list[Mapping], cards: Mapping, fmt: Mapping, *, seed: int, pool: Sequence = ()
) -> list:
    """The card keys of a sample opening hand, shuffled with ``random.Random(seed)``.

    A game whose spec names the deck sections of the hand (Legions the deck, Riders' Legend the first half) draws
    ``hand_size`` cards from them, one key per copy. A game whose hand comes from catalogue cards outside the deck
    (its spec's ``opening_hand.pool``: Iron Leaguer's shared period-1 technique deck, IL 2.4) draws from
    ``pool``, those cards' keys. Empty when there is nothing to draw."""
    size = hand_size(game, fmt)
    hand = games.deck_spec(game).opening_hand
    if hand.pool is not None:
        pile = list(pool)
    else:
        pile = [e["card"] for e in entries if e["section"] in hand.sections for _ in range(int(e["count"]))]
    if not size:
        return []
    random.Random(seed).shuffle(pile)
    return pile[:size]


def can_mulligan(fmt: Mapping, *, mulligans_taken: int) -> bool:
    """True while the format allows another mulligan (Riders' Legend: マリガン 任意で1回)."""
    return mulligans_taken < int(fmt.get("rules", {}).get("mulligans", 0))

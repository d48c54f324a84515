"""Duel's deck rules beyond the common ones (the format's data says 8 cards, at most 2 of a name): none, but a
deck needs a unit (``duel.no_unit``)."""

from __future__ import annotations

from collections.abc import Mapping

from decks.legality.report import Problem

SECTION_SIZE_CODES: dict[str, str] = {}
TYPE_CODES: dict[str, str] = {}
PROBLEMS = {"duel.no_unit": ("No unit", "ユニットがありません")}


def check(deck: Mapping, entries: list[Mapping], cards: Mapping, fmt: Mapping) -> list[Problem]:
    if any(cards[e["card"]]["card_type"] == "unit" for e in entries):
        return []
    return [Problem("duel.no_unit", "A Duel deck needs at least one unit.", "デュエルのデッキにはユニットが必要です。",
                    "deck")]

"""Riders' Legend deck rules beyond the common ones. Pure Python: no Django import.

Rules (../shared/rules/riders_legend.ja.txt, デッキ): 61 cards exactly — 30 in the first half
(前半デッキ), 30 in the second half (後半デッキ) and one eyecatch card (アイキャッチ) in its own section;
at most 4 copies of a card across the whole deck (both by the format's data). An eyecatch card
anywhere but the eyecatch section is ``riders.eyecatch_outside_section`` rather than the generic type error.
"""

from __future__ import annotations

from collections.abc import Mapping

from .report import Problem

SECTION_SIZE_CODES: dict[str, str] = {}
TYPE_CODES = {"eyecatch": "riders.eyecatch_outside_section"}
# problem code -> (English heading, Japanese heading), shown above each problem's sentence
PROBLEMS = {"riders.eyecatch_outside_section": ("Eyecatch card out of place", "アイキャッチの位置")}


def check(deck: Mapping, entries: list[Mapping], cards: Mapping, fmt: Mapping) -> list[Problem]:
    """Nothing beyond the data-driven rules: the eyecatch rule is the type rule with its own code."""
    return []

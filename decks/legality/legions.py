"""Legions! deck rules beyond the common ones. Pure Python: no Django import.

Rules (../shared/rules/legions.ja.txt, 事前準備 and カラーシンボルについて):
- マスターカード：任意の1枚 — exactly one master, outside the 40-card deck
  (``legions.master_count``, by section size).
- A card whose 必要シンボル are two colours is a master-specific card: its symbols must equal the
  master's class exactly (``legions.class_mismatch``, error).
- A one-symbol card outside the master's class may still be used for 1 extra MP per use
  (``legions.off_class_symbol``, a warning naming the card).
- With two or more masters (already ``legions.master_count``), each card is checked against each master, and
  each problem names its master: the player sees which cards fit which master.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import labels
from .report import WARNING, Problem

SECTION_SIZE_CODES = {"master": "legions.master_count"}
TYPE_CODES: dict[str, str] = {}
# problem code -> (English heading, Japanese heading), shown above each problem's sentence
PROBLEMS = {
    "legions.master_count": ("Master", "マスター"),
    "legions.class_mismatch": ("Class mismatch", "クラスが一致しません"),
    "legions.off_class_symbol": ("Outside the master's class", "マスターのクラス外"),
}

COLOURS_JA = {"black": "黒", "red": "赤", "white": "白", "green": "緑", "blue": "青"}


def _ja(colours) -> str:
    return "・".join(COLOURS_JA.get(c, c) for c in colours)


def _en(colours) -> str:
    return labels.english_list([labels.value_label(c, False) for c in colours])


def master_classes(entries: list[Mapping], cards: Mapping) -> list[tuple[str, frozenset[str]]]:
    """``[(master name, its two colours)]`` of each distinct master card in the master section, in order."""
    found: dict[str, frozenset[str]] = {}
    for entry in entries:
        card = cards[entry["card"]]
        if entry["section"] == "master" and card["card_type"] == "master":
            found.setdefault(card["name"], frozenset(card.get("attributes", {}).get("colours", ())))
    return list(found.items())


def check(deck: Mapping, entries: list[Mapping], cards: Mapping, fmt: Mapping) -> list[Problem]:
    """Class checks against the master (Legions: カラーシンボル), against each master when the master section
    holds several (the section-size rule reports the count; the class checks still say which cards fit which
    master). Nothing to check without a master."""
    problems: list[Problem] = []
    for master, klass in master_classes(entries, cards):
        problems += _against(master, klass, entries, cards)
    return problems


def _against(master: str, klass: frozenset[str], entries: list[Mapping], cards: Mapping) -> list[Problem]:
    """The class problems of the deck's cards against one master: one per card name."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for entry in entries:
        card = cards[entry["card"]]
        if entry["section"] == "master" or card["card_type"] == "master" or card["name"] in seen:
            continue  # a master in the deck is the type rule's problem
        colours = frozenset(card.get("attributes", {}).get("colours", ()))
        where = (entry["section"], card["name"], entry.get("line"))
        if len(colours) >= 2 and colours != klass:
            seen.add(card["name"])
            problems.append(
                Problem(
                    "legions.class_mismatch",
                    f"{card['name']} needs the class {_en(sorted(colours))}, but the master {master} is "
                    f"{_en(sorted(klass))}; a card with two colour symbols must match the master's class exactly.",
                    f"{card['name']}の必要シンボル（{_ja(sorted(colours))}）がマスター{master}のクラス"
                    f"（{_ja(sorted(klass))}）と一致しません（2シンボルのカードは完全一致が必要）。",
                    *where,
                )
            )
        elif len(colours) == 1 and not colours <= klass:
            seen.add(card["name"])
            (colour,) = colours
            problems.append(
                Problem(
                    "legions.off_class_symbol",
                    f"{card['name']} ({_en([colour])}) is outside the class of the master {master} "
                    f"({_en(sorted(klass))}): it costs 1 more MP each time it is unlocked.",
                    f"{card['name']}（{_ja([colour])}）はマスター{master}のクラス外です。"
                    "アンロックのたびにMPを1追加で支払います。",
                    *where,
                    severity=WARNING,
                )
            )
    return problems

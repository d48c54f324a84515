"""The data-driven rules every format shares: section sizes, card types per section, the copy limit, and
banned and restricted cards as of a date. Pure Python: no Django import.

Shapes (see ``decks.legality.check``): ``entries`` are
``{"card": key, "count": int, "section": str, "line": int|None}``;
``cards`` maps a key to ``{"name", "card_type", "attributes", "game"}``; ``fmt`` is a format as data
(``decks.models.Format.as_data``). Copies are counted by card name, so reprints of one card share a limit.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from datetime import date

from .report import Problem

SECTION_LABELS_JA = {
    "master": "マスター",
    "deck": "デッキ",
    "first_half": "前半デッキ",
    "second_half": "後半デッキ",
    "eyecatch": "アイキャッチ",
    "roster": "ロースター",
}


def _a(word: str) -> str:
    """``word`` with its English indefinite article: "an eyecatch", "a minion"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def section_ja(section: str) -> str:
    return SECTION_LABELS_JA.get(section, section)


def known_entries(
    entries: Iterable[Mapping], cards: Mapping, fmt: Mapping
) -> tuple[list[Mapping], list[Problem]]:
    """Split entries into those the check can judge and problems for the rest.

    Codes: ``deck.unknown_card`` (key not in ``cards``), ``deck.wrong_game`` (a card of another game),
    ``deck.unknown_section`` (a section the format does not have), ``deck.bad_count`` (count below 1).
    """
    good: list[Mapping] = []
    problems: list[Problem] = []
    for entry in entries:
        card = cards.get(entry["card"])
        line, section = entry.get("line"), entry["section"]
        if card is None:
            problems.append(
                Problem(
                    "deck.unknown_card",
                    f"Card {entry['card']!r} is not in the catalogue.",
                    f"カード {entry['card']!r} はカードリストにありません。",
                    section,
                    None,
                    line,
                )
            )
        elif card.get("game", fmt["game"]) != fmt["game"]:
            problems.append(
                Problem(
                    "deck.wrong_game",
                    f"{card['name']} is a card of another game ({card['game']}).",
                    f"{card['name']} は別のゲーム（{card['game']}）のカードです。",
                    section,
                    card["name"],
                    line,
                )
            )
        elif section not in fmt["sections"]:
            names = ", ".join(fmt["sections"])
            problems.append(
                Problem(
                    "deck.unknown_section",
                    f"The format {fmt['code']} has no section {section!r} (it has {names}).",
                    f"フォーマット {fmt['code']} に「{section}」の区分はありません（{names}）。",
                    section,
                    card["name"],
                    line,
                )
            )
        elif int(entry["count"]) < 1:
            problems.append(
                Problem(
                    "deck.bad_count",
                    f"{card['name']}: a count must be at least 1.",
                    f"{card['name']}：枚数は1以上です。",
                    section,
                    card["name"],
                    line,
                )
            )
        else:
            good.append(entry)
    return good, problems


def section_sizes(entries: list[Mapping], fmt: Mapping, codes: Mapping[str, str]) -> list[Problem]:
    """Each section holds exactly ``size`` cards (or between ``min`` and ``max``). Code ``deck.section_size``,
    or the game's own code for a section (``legions.master_count``, ``iron_leaguer.roster_size``)."""
    totals: Counter[str] = Counter()
    for entry in entries:
        totals[entry["section"]] += int(entry["count"])
    problems = []
    for section, rule in fmt["sections"].items():
        low, high = rule.get("min", rule.get("size")), rule.get("max", rule.get("size"))
        have = totals[section]
        if (low is not None and have < low) or (high is not None and have > high):
            want = (
                str(low)
                if low == high
                else f"{low if low is not None else 0}–{high if high is not None else '∞'}"
            )
            problems.append(
                Problem(
                    codes.get(section, "deck.section_size"),
                    f"The {section} section must hold {want} card(s); it holds {have}.",
                    f"{section_ja(section)}は{want}枚でなければなりません（現在{have}枚）。",
                    section,
                )
            )
    return problems


def section_types(
    entries: list[Mapping], cards: Mapping, fmt: Mapping, codes: Mapping[str, str]
) -> list[Problem]:
    """Only the card types the format allows in a section. Code ``deck.type_not_allowed`` or the game's own
    code for a card type (``riders.eyecatch_outside_section``)."""
    problems = []
    for entry in entries:
        card, section = cards[entry["card"]], entry["section"]
        allowed = fmt["sections"][section].get("types")
        if allowed and card["card_type"] not in allowed:
            problems.append(
                Problem(
                    codes.get(card["card_type"], "deck.type_not_allowed"),
                    f"{card['name']} is {_a(card['card_type'])} card; the {section} section takes only "
                    f"{', '.join(allowed)} cards.",
                    f"{card['name']}（{card['card_type']}）は{section_ja(section)}に入れられません"
                    f"（{', '.join(allowed)}のみ）。",
                    section,
                    card["name"],
                    entry.get("line"),
                )
            )
    return problems


def copies_by_name(entries: list[Mapping], cards: Mapping, sections: Iterable[str] | None = None):
    """``{name: (total count, first entry)}`` over ``sections`` (None: every section)."""
    wanted = None if sections is None else set(sections)
    totals: dict[str, int] = defaultdict(int)
    first: dict[str, Mapping] = {}
    for entry in entries:
        if wanted is not None and entry["section"] not in wanted:
            continue
        name = cards[entry["card"]]["name"]
        totals[name] += int(entry["count"])
        first.setdefault(name, entry)
    return {name: (totals[name], first[name]) for name in totals}


def copy_limit(entries: list[Mapping], cards: Mapping, fmt: Mapping) -> list[Problem]:
    """At most ``copy_limit`` copies of a card (by name) across ``copy_sections`` (None: the whole deck).
    Code ``deck.copy_limit``. Legions: 同一カードはデッキに3枚まで; Riders' Legend: 4枚まで."""
    limit = fmt.get("copy_limit")
    if not limit:
        return []
    problems = []
    for name, (count, entry) in copies_by_name(entries, cards, fmt.get("copy_sections")).items():
        if count > limit:
            problems.append(
                Problem(
                    "deck.copy_limit",
                    f"{count} copies of {name}; at most {limit} are allowed.",
                    f"{name}が{count}枚あります（同一カードは{limit}枚まで）。",
                    entry["section"],
                    name,
                    entry.get("line"),
                )
            )
    return problems


def _in_force(limit: Mapping, as_of: date) -> bool:
    start, end = limit.get("from"), limit.get("until")
    if start and date.fromisoformat(str(start)) > as_of:
        return False
    return not (end and date.fromisoformat(str(end)) <= as_of)


def banned_and_restricted(entries: list[Mapping], cards: Mapping, fmt: Mapping, as_of: date) -> list[Problem]:
    """The format's card limits in force on ``as_of``: ``limit`` 0 is banned (``format.banned``), otherwise at
    most ``limit`` copies (``format.restricted``). A limit is in force from ``from`` (inclusive) until
    ``until`` (exclusive); both are ISO dates or null."""
    copies = copies_by_name(entries, cards)
    problems = []
    for limit in fmt.get("limits", ()):
        name = limit["card"]
        if name not in copies or not _in_force(limit, as_of):
            continue
        count, entry = copies[name]
        since = limit.get("from") or "—"
        if int(limit["limit"]) == 0:
            problems.append(
                Problem(
                    "format.banned",
                    f"{name} is banned in {fmt['code']} since {since}.",
                    f"{name}は{since}から{fmt['code']}で禁止カードです。",
                    entry["section"],
                    name,
                    entry.get("line"),
                )
            )
        elif count > int(limit["limit"]):
            n = int(limit["limit"])
            problems.append(
                Problem(
                    "format.restricted",
                    f"{name} is restricted to {n} in {fmt['code']} since {since}; the deck has {count}.",
                    f"{name}は{since}から{fmt['code']}で{n}枚までの制限カードです（{count}枚）。",
                    entry["section"],
                    name,
                    entry.get("line"),
                )
            )
    return problems

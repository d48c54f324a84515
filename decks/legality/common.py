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

from . import labels
from .report import Problem


def format_en(fmt: Mapping) -> str:
    return fmt.get("name") or fmt["code"]


def format_ja(fmt: Mapping) -> str:
    return fmt.get("name_ja") or fmt.get("name") or fmt["code"]


def _want(low, high) -> tuple[str, str]:
    """How many cards a section takes, as (English, Japanese): ``exactly 30 cards`` / ``30枚ちょうど``."""
    if low == high:
        return f"exactly {labels.cards_en(low)}", f"{low}枚ちょうど"
    if high is None:
        return f"at least {labels.cards_en(low or 0)}", f"{low or 0}枚以上"
    if not low:
        return f"at most {labels.cards_en(high)}", f"{high}枚以下"
    return f"between {low} and {labels.cards_en(high)}", f"{low}～{high}枚"


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
                    f"Card {entry['card']} is not in the catalogue (it may have been removed).",
                    f"カード {entry['card']} はカードリストにありません（削除された可能性があります）。",
                    section,
                    None,
                    line,
                )
            )
        elif card.get("game", fmt["game"]) != fmt["game"]:
            problems.append(
                Problem(
                    "deck.wrong_game",
                    f"{card['name']} is a {labels.game_en(card['game'])} card; this deck is for "
                    f"{labels.game_en(fmt['game'])}.",
                    f"{card['name']}は{labels.game_ja(card['game'])}のカードです（このデッキは"
                    f"{labels.game_ja(fmt['game'])}用です）。",
                    section,
                    card["name"],
                    line,
                )
            )
        elif section not in fmt["sections"]:
            names = labels.english_list([labels.section_en(c) for c in fmt["sections"]])
            names_ja = "・".join(labels.section_ja(c) for c in fmt["sections"])
            problems.append(
                Problem(
                    "deck.unknown_section",
                    f"{card['name']} is in a section called “{section}”, which {format_en(fmt)} does not "
                    f"have (it has {names}).",
                    f"{card['name']}が「{section}」という区分にありますが、{format_ja(fmt)}にその区分はありません"
                    f"（区分は{names_ja}）。",
                    section,
                    card["name"],
                    line,
                )
            )
        elif int(entry["count"]) < 1:
            problems.append(
                Problem(
                    "deck.bad_count",
                    f"{card['name']}: the number of copies must be at least 1.",
                    f"{card['name']}：枚数は1枚以上にしてください。",
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
            want_en, want_ja = _want(low, high)
            phrase = labels.section_phrase(section)
            problems.append(
                Problem(
                    codes.get(section, "deck.section_size"),
                    f"{phrase[:1].upper()}{phrase[1:]} must hold {want_en}; it holds {have}.",
                    f"{labels.section_ja(section)}は{want_ja}にしてください（現在{have}枚）。",
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
                    f"{card['name']} is {labels.a_type(card['card_type'])} card; "
                    f"{labels.section_phrase(section)} takes only "
                    f"{labels.english_list([labels.type_en(t) for t in allowed])} cards.",
                    f"{card['name']}は{labels.type_ja(card['card_type'])}カードなので"
                    f"{labels.section_ja(section)}には入れられません"
                    f"（入れられるのは{'・'.join(labels.type_ja(t) for t in allowed)}のみ）。",
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
                    f"The deck has {count} copies of {name}; at most {limit} are allowed.",
                    f"{name}が{count}枚あります（同じカードは{limit}枚までです）。",
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
        since_en = f" since {limit['from']}" if limit.get("from") else ""
        since_ja = f"{limit['from']}から" if limit.get("from") else ""
        if int(limit["limit"]) == 0:
            problems.append(
                Problem(
                    "format.banned",
                    f"{name} is banned in {format_en(fmt)}{since_en}.",
                    f"{name}は{since_ja}{format_ja(fmt)}の禁止カードです。",
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
                    f"{name} is restricted to {labels.copies_en(n)} "
                    f"in {format_en(fmt)}{since_en}; the deck has {count}.",
                    f"{name}は{since_ja}{format_ja(fmt)}で{n}枚までの制限カードです（現在{count}枚）。",
                    entry["section"],
                    name,
                    entry.get("line"),
                )
            )
    return problems

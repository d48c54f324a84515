"""Decklist text: the canonical export and a tolerant import. Pure Python: no Django import.

The format is documented in ``docs/formats.md`` (section "Decklist text"). Import reads headers (``Name``,
``説明`` … kept as typed), section headers in English or Japanese, card lines (``decks.cardline``: counts with or
without ``x`` or 枚, bullets, tabs, set and number references), full-width digits and ``#`` comments; bytes are
turned into text by ``decks.decoding``. It never drops a line silently: every line it cannot read, every unknown
name (with the closest names as suggestions, said on its first line only) and every ambiguous name (at most
``MAX_CANDIDATES`` listed) is a ``Problem`` with its line number. Codes: ``codec.unreadable_line``,
``codec.unknown_card``, ``codec.ambiguous_card``, ``codec.unknown_ref``, ``codec.ref_mismatch``,
``codec.no_section``, ``codec.bad_header`` (also a ``Name:`` over ``MAX_NAME`` characters),
``codec.too_many_copies`` (more than ``MAX_COUNT`` copies of a card in a section once its lines are added up).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from . import games
from .cardline import MAX_COUNT, Line, read_card_line, without_bullet
from .games import fold
from .legality import labels
from .legality.report import Problem

__all__ = ["MAX_COUNT", "Line", "CardIndex", "Parsed", "parse", "resolve", "write"]
MAX_CANDIDATES = 5  # names an ambiguous name lists; the rest are counted ("…and 7 more")
MAX_SUGGESTED = 20  # distinct unknown names of one text that get suggestions
MAX_NAME = 200  # characters of a deck name (``Name:``), as ``decks.models.Deck.name`` stores it
HEADER_KEYS = {
    "game": "game",
    "ゲーム": "game",
    "format": "format",
    "フォーマット": "format",
    "name": "name",
    "deckname": "name",
    "デッキ名": "name",
    "名前": "name",
    "side": "side",
    "陣営": "side",
    "サイド": "side",
    "description": "description",
    "説明": "description",
}
_HEADER = re.compile(r"^([^:]{1,20}):\s*(.*)$")
_RAW_VALUE = re.compile(r"^[^:：]*[:：](.*)$")  # a header's value as typed, before NFKC (name, description)
RAW_HEADERS = ("name", "description")
_SECTION_COUNT = re.compile(r"[\s(（\[]*\d*\s*(枚|cards?)?[)）\]]*$", re.IGNORECASE)


@dataclass
class Parsed:
    meta: dict = field(default_factory=dict)  # game, format, name, side, description (as written)
    lines: list[Line] = field(default_factory=list)
    sections_seen: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def _name_too_long(number: int, length: int) -> Problem:
    return Problem(
        "codec.bad_header",
        f"Line {number}: the deck name has {length} characters; at most {MAX_NAME} are allowed.",
        f"{number}行目：デッキ名が{length}文字です（{MAX_NAME}文字まで）。",
        line=number,
    )


def _section_of(text: str) -> str | None:
    """The section a header line names (``Deck``, ``デッキ (40)``, ``マスター：1枚``), or None.

    Headers are compared folded, as names are (so ``マスター`` and ``マスタ`` are one header)."""
    key = _SECTION_COUNT.sub("", text.strip().rstrip(":").strip()).strip().rstrip(":")
    return games.section_headers().get(fold(key))


def parse(text: str) -> Parsed:
    """Read the lines of a decklist without a catalogue: headers, sections and card lines; problems by
    line.

    ``Name`` and ``Description`` keep their value as typed (full-width characters and tabs included; only the
    spaces around it are dropped); consecutive ``Description`` lines are one description of several lines."""
    parsed = Parsed()
    section: str | None = None
    text = text.removeprefix("\ufeff")  # a UTF-8 byte order mark (Windows Notepad) is not part of line 1
    for number, raw in enumerate(text.splitlines(), start=1):
        line = unicodedata.normalize("NFKC", raw).strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        line = without_bullet(line)
        if (found := _section_of(line)) is not None:
            section = found
            parsed.sections_seen.append(found)
            continue
        if m := _HEADER.match(line):
            if _read_header(parsed, number, m.group(1), m.group(2), raw):
                continue
        read = read_card_line(number, line, section)
        (parsed.problems if isinstance(read, Problem) else parsed.lines).append(read)
    return parsed


def _read_header(parsed: Parsed, number: int, key_text: str, value: str, raw: str) -> bool:
    """Record the ``Key: value`` line in ``parsed`` (or its problem); False when it is not a header at all (a
    card name with a colon)."""
    key = HEADER_KEYS.get(fold(key_text)) or HEADER_KEYS.get(key_text.strip())
    if key in RAW_HEADERS and (m := _RAW_VALUE.match(raw)):
        value = m.group(1)
    value = value.strip()
    if key == "name" and len(value) > MAX_NAME:
        parsed.problems.append(_name_too_long(number, len(value)))
    elif key == "description" and "description" in parsed.meta:
        before, first = parsed.meta["description"]
        parsed.meta["description"] = (f"{before}\n{value}", first)
    elif key:
        parsed.meta[key] = (value, number)
    elif key_text.strip().replace(" ", "").isascii():
        parsed.problems.append(
            Problem(
                "codec.bad_header",
                f"Line {number}: “{key_text.strip()}:” is not a header we know "
                "(Game, Format, Name, Side or Description).",
                f"{number}行目：「{key_text.strip()}」は使えない見出しです"
                "（使えるのはゲーム・フォーマット・デッキ名・陣営・説明）。",
                line=number,
            )
        )
    else:
        return False
    return True


class CardIndex:
    """The cards of one game, for resolving names: ``cards`` are ``{"key", "name", "reading", "set",
    "number"}``.

    A name shared by several printings resolves to the first printing given (the default printing)."""

    def __init__(self, game: str, cards: Iterable[Mapping]):
        self.game = game
        self.by_name: dict[str, list] = {}
        self.by_ref: dict[tuple[str, str], Mapping] = {}
        self.by_fold: dict[str, set[str]] = {}
        self.cards: dict = {}
        for card in cards:
            self.cards[card["key"]] = card
            self.by_name.setdefault(card["name"], []).append(card["key"])
            self.by_ref[(str(card["set"]).upper(), str(card["number"]).upper())] = card
            for text in (card["name"], card.get("reading") or ""):
                if text:
                    self.by_fold.setdefault(fold(text), set()).add(card["name"])

    def default_key(self, name: str):
        return self.by_name[name][0]

    def ref_of(self, key) -> str:
        card = self.cards[key]
        return f"{card['set']} {card['number']}"

    def lookup_ref(self, set_code: str, number: str) -> Mapping | None:
        found = self.by_ref.get((set_code, number))
        if found is None and number.isdigit():  # "LG01-1" for "LG01-001"
            found = next(
                (
                    c
                    for (s, n), c in self.by_ref.items()
                    if s == set_code and n.lstrip("0") == number.lstrip("0")
                ),
                None,
            )
        return found

    def suggestions(self, name: str, n: int = 3) -> list[str]:
        """The closest card names to ``name`` (difflib over folded names and readings)."""
        close = difflib.get_close_matches(fold(name), list(self.by_fold), n=n * 2, cutoff=0.5)
        names: list[str] = []
        for key in close:
            for found in sorted(self.by_fold[key]):
                if found not in names:
                    names.append(found)
        return names[:n]


def _resolve_ref(line: Line, index: CardIndex) -> tuple[object, Problem | None]:
    """The printing a line's set and number name (``codec.unknown_ref`` when there is none, naming the card
    when the line names one; ``codec.ref_mismatch`` when it is another card)."""
    here = {"section": line.section, "line": line.number, "card": line.name}
    card = index.lookup_ref(*line.ref)
    ref = " ".join(line.ref)
    if card is None and line.name:
        return None, Problem(
            "codec.unknown_ref",
            f"Line {line.number}: there is no printing {ref} of {line.name} in the catalogue.",
            f"{line.number}行目：{line.name}の {ref} は、カードリストにありません。",
            **here,
        )
    if card is None:
        return None, Problem(
            "codec.unknown_ref",
            f"Line {line.number}: no card {ref} in the catalogue.",
            f"{line.number}行目：{ref} のカードはありません。",
            **here,
        )
    if line.name and fold(line.name) not in (fold(card["name"]), fold(card.get("reading") or "")):
        return None, Problem(
            "codec.ref_mismatch",
            f"Line {line.number}: {ref} is {card['name']}, not {line.name}.",
            f"{line.number}行目：{ref} は{card['name']}です（{line.name}ではありません）。",
            **here,
        )
    return card["key"], None


def _resolve_line(line: Line, index: CardIndex, suggest=None) -> tuple[object, Problem | None]:
    """The card key a line names, or a problem (unknown, ambiguous, bad reference).

    ``suggest(name) -> [names]`` gives the suggestions for an unknown name (default: ``index.suggestions``).
    An ambiguous name lists at most ``MAX_CANDIDATES`` names and counts the others."""
    if line.ref is not None:
        return _resolve_ref(line, index)
    here = {"section": line.section, "line": line.number, "card": line.name}
    if line.name in index.by_name:
        return index.default_key(line.name), None
    names = sorted(index.by_fold.get(fold(line.name), ()))
    if len(names) == 1:
        return index.default_key(names[0]), None
    if names:
        shown = names[:MAX_CANDIDATES]
        return None, Problem(
            "codec.ambiguous_card",
            f"Line {line.number}: “{line.name}” could be any of {len(names)} cards: "
            f"{labels.candidates_en(shown, len(names))}; write the exact name.",
            f"{line.number}行目：「{line.name}」は{len(names)}枚のカード（{labels.candidates_ja(shown, len(names))}）"
            "に当てはまります。正確な名前を書いてください。",
            suggestions=tuple(shown),
            **here,
        )
    close = (suggest or index.suggestions)(line.name)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    hint_ja = f"（候補：{'、'.join(close)}）" if close else ""
    return None, Problem(
        "codec.unknown_card",
        f"Line {line.number}: there is no card named “{line.name}”.{hint}",
        f"{line.number}行目：「{line.name}」というカードはありません。{hint_ja}",
        suggestions=tuple(close),
        **here,
    )


def _said_before(problem: Problem, first_line: int) -> Problem:
    """The problem of a name already reported on ``first_line``: the same code, without its suggestions (a
    suggestion is said once, not once per line)."""
    if problem.code == "codec.ambiguous_card":
        en, ja = "could be any of several cards", "は複数のカードに当てはまります"
    else:
        en, ja = "is not a card name", "というカードはありません"
    return replace(
        problem,
        message_en=f"Line {problem.line}: “{problem.card}” {en} (see line {first_line}).",
        message_ja=f"{problem.line}行目：「{problem.card}」{ja}（{first_line}行目を参照）。",
        suggestions=(),
    )


def detect_game(parsed: Parsed, formats: Mapping[str, Mapping], fallback: str | None = None) -> str | None:
    """The game a decklist is for: ``Game:`` header, else the ``Format:`` header's game, else its section
    headers, else ``fallback``. None when nothing tells."""
    if "game" in parsed.meta and (game := games.game_named(parsed.meta["game"][0])):
        return game
    if "format" in parsed.meta and parsed.meta["format"][0] in formats:
        return formats[parsed.meta["format"][0]]["game"]
    if named := games.games_by_sections(parsed.sections_seen):
        return named[0]
    if "side" in parsed.meta and (with_sides := games.games_with_sides()):
        spelled = [g for g in with_sides if games.side_named(g, parsed.meta["side"][0])]
        return (spelled or with_sides)[0]
    return fallback


def side_of(parsed: Parsed, game: str | None = None) -> tuple[str | None, Problem | None]:
    """The side a ``Side:`` header names for ``game`` (Iron Leaguer: "silver" or "dark"): ``(side | None,
    problem | None)``; ``codec.bad_header`` for a spelling that is none of the game's sides."""
    if "side" not in parsed.meta:
        return None, None
    text, number = parsed.meta["side"]
    side = games.side_named(game, text)
    if side is None:
        choices = games.sides(game) if game else tuple(games.all_sides().values())
        names_en = [c.name[0] for c in choices]
        either = f"neither {' nor '.join(names_en)}" if len(names_en) == 2 else f"none of {', '.join(names_en)}"
        return None, Problem(
            "codec.bad_header",
            f"Line {number}: the side “{text}” is {either} (write {' or '.join(c.code for c in choices)}).",
            f"{number}行目：陣営「{text}」は{''.join(c.name[1] + 'でも' for c in choices)}ありません"
            f"（{'か'.join(c.short[1] for c in choices)}と書いてください）。",
            line=number,
        )
    return side, None


def resolve(parsed: Parsed, index: CardIndex) -> tuple[list[dict], list[Problem]]:
    """Turn card lines into deck entries ``{"card", "count", "section", "line"}`` against ``index``.

    Lines before any section header go to the game's default section (its spec's ``deck.default_section``:
    Legions deck, Iron Leaguer roster); a game without one (Riders' Legend) refuses them, ``codec.no_section``.
    An unknown or ambiguous name written on several lines is a problem on each line, its suggestions on the first
    only."""
    entries: list[dict] = []
    problems: list[Problem] = list(parsed.problems)
    totals: dict[tuple, int] = {}
    too_many: set[tuple] = set()  # (section, card) already reported: one problem per card, not per line
    said: dict[str, int] = {}  # folded unknown or ambiguous name -> the line that said its suggestions
    suggest = _Suggester(index)
    for line in parsed.lines:
        if line.section is None:
            line.section = games.default_section(index.game)
            if line.section is None:
                problems.append(_no_section(line, index.game))
                continue
        if line.whole and (line.whole in index.by_name or fold(line.whole) in index.by_fold):
            line.name, line.count = line.whole, 1
        key, problem = _resolve_line(line, index, suggest)
        if problem is None:
            total = totals[(line.section, key)] = totals.get((line.section, key), 0) + line.count
            if total > MAX_COUNT:
                if (line.section, key) in too_many:
                    continue
                too_many.add((line.section, key))
                problem = _too_many(line, index.cards[key]["name"], total)
        elif problem.code in ("codec.unknown_card", "codec.ambiguous_card"):
            first = said.setdefault(fold(line.name), line.number)
            problem = problem if first == line.number else _said_before(problem, first)
        if problem:
            problems.append(problem)
        else:
            entries.append({"card": key, "count": line.count, "section": line.section, "line": line.number})
    return entries, problems


def _no_section(line: Line, game: str) -> Problem:
    titles = [games.section_title(code) for code in games.game_sections(game)]
    shown = f"{', '.join(titles[:-1])} or {titles[-1]}" if len(titles) > 1 else "".join(titles)
    titles_ja = [games.section_title(code, japanese=True) for code in games.game_sections(game)]
    return Problem(
        "codec.no_section",
        f"Line {line.number}: a card before any section header ({shown}).",
        f"{line.number}行目：区分（{'・'.join(titles_ja)}）の見出しの前にカードがあります。",
        card=line.name,
        line=line.number,
    )


class _Suggester:
    """``index.suggestions`` once per distinct unknown name, for the first ``MAX_SUGGESTED`` of them only
    (difflib over the catalogue costs milliseconds a name; a text of thousands of unknown names must not)."""

    def __init__(self, index: CardIndex):
        self.index, self.seen = index, {}

    def __call__(self, name: str) -> list[str]:
        key = fold(name)
        if key not in self.seen:
            self.seen[key] = self.index.suggestions(name) if len(self.seen) < MAX_SUGGESTED else []
        return self.seen[key]


def _too_many(line: Line, name: str, total: int) -> Problem:
    return Problem(
        "codec.too_many_copies",
        f"Line {line.number}: {total} copies of {name} in {line.section} so far; a deck holds at most "
        f"{MAX_COUNT} of one card in a section.",
        f"{line.number}行目：{name}がここまでで{total}枚です（1区分に同じカードは{MAX_COUNT}枚まで）。",
        section=line.section,
        card=name,
        line=line.number,
    )


def clean_description(text: str) -> str:
    """A description as decklist text keeps it: lines without the spaces at their ends, joined by ``\\n``, no
    blank line first or last. ``decks.services`` saves descriptions so, and the round trip is then exact."""
    return "\n".join(line.strip() for line in str(text).splitlines()).strip("\n")


def write(meta: Mapping, entries: Iterable[Mapping], index: CardIndex) -> str:
    """The canonical text of a deck: headers, then each section of the game in order, ``N Name`` per card.

    ``meta``: ``{"game", "format", "name", "side", "description"}``; the name is written as it is (line breaks
    as spaces), the description as one ``Description:`` line per line of it, so that ``parse`` gives back
    ``clean_description(description)`` exactly; ``entries``: ``{"card": key, "count", "section"}``.
    A card whose name several printings share is written with its reference when it is not the default
    printing, so reading the text back gives the same deck."""
    out = ["# Shinpan decklist", f"Game: {meta['game']}"]
    if meta.get("format"):
        out.append(f"Format: {meta['format']}")
    if meta.get("name"):
        out.append(f"Name: {' '.join(str(meta['name']).splitlines()).strip()}")
    if meta.get("side"):
        out.append(f"Side: {meta['side']}")
    for line in clean_description(meta.get("description") or "").split("\n") if meta.get("description") else ():
        out.append(f"Description: {line}" if line else "Description:")
    merged: dict[tuple[str, object], int] = {}
    for entry in entries:
        merged[(entry["section"], entry["card"])] = (
            merged.get((entry["section"], entry["card"]), 0) + entry["count"]
        )
    sections = list(games.game_sections(meta["game"]))
    sections += sorted({s for s, _ in merged} - set(sections))
    for section in sections:
        out += ["", games.section_title(section)]
        for (sec, key), count in merged.items():
            if sec != section:
                continue
            name = index.cards[key]["name"]
            ref = f" [{index.ref_of(key)}]" if index.default_key(name) != key else ""
            out.append(f"{count} {name}{ref}")
    return "\n".join(out) + "\n"


def index_from_document(document: Mapping) -> CardIndex:
    """A ``CardIndex`` over a ``shinpan.cards`` document (a seed catalogue file, docs/formats.md), without a
    database: keys are ``"<set>-<number>"``, attributes normalised by the game's schema. ValueError names the
    first card the schema refuses (the seed tests check every card, so this only fires on a broken file)."""
    from cards.games import schema_for

    game = document["game"]["code"]
    schema, cards = schema_for(game), []
    for card in document["cards"]:
        attributes, problems = schema.clean(card["card_type"], card["attributes"])
        if problems:
            raise ValueError(f"{card['name']} ({card['set']} {card['number']}): {'; '.join(map(str, problems))}")
        cards.append({"key": f"{card['set']}-{card['number']}", "name": card["name"], "reading": card["reading"],
                      "card_type": card["card_type"], "attributes": attributes, "game": game,
                      "set": card["set"], "number": card["number"]})
    return CardIndex(game, cards)

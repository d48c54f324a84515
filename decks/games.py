"""What the decks feature knows of each game, read from its spec in the game registry (``referee.registry``): the
sections of a deck with their titles and the header lines a decklist may write for them, the spellings of a game's
name and of its sides, the default format, the opening hand and the deck builder's charts. Pure Python: no Django
import.

Every table here is worked out from the registered games' specs and forgotten when they change
(``registry.cached``), so a game a test registers is read like the others.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from referee import registry
from referee.registry import DeckSpec, Section, Side

_FOLD = str.maketrans("", "", " \t・『』「」【】()[]<>〈〉《》.,!?!?'\"’‘“”-―ー~〜_/:;")


def fold(text: str) -> str:
    """The comparison key of a name: NFKC, case-folded, katakana for hiragana, no spaces or punctuation."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)
    return text.translate(_FOLD)


def deck_spec(game: str) -> DeckSpec:
    """The deck part of the registered game ``game``'s spec. UnknownGame (a KeyError) for another code."""
    return registry.spec(game).deck


def game_sections(game: str) -> tuple[str, ...]:
    """The section codes of ``game``'s decks, in order; ``()`` for a code that is no registered game."""
    return deck_spec(game).section_codes if registry.is_game(game) else ()


def default_section(game: str) -> str | None:
    """The section of card lines written before any header (None: such lines are refused)."""
    return deck_spec(game).default_section if registry.is_game(game) else None


@registry.cached
def sections() -> Mapping[str, Section]:
    """Every registered game's sections by code (a section code shared by two games is one section)."""
    found: dict[str, Section] = {}
    for spec in registry.specs():
        for section in spec.deck.sections:
            found.setdefault(section.code, section)
    return found


@registry.cached
def section_headers() -> Mapping[str, str]:
    """Folded header text -> section code: each section's code and every header its spec lists."""
    headers: dict[str, str] = {}
    for code, section in sections().items():
        for text in (code, *section.headers):
            headers.setdefault(fold(text), code)
    return headers


def section_title(code: str, japanese: bool = False) -> str:
    """A section's title (``first_half`` -> "First half" / "前半デッキ"); the code itself when unknown."""
    section = sections().get(code)
    return section.title[1 if japanese else 0] if section else code


def section_phrase(code: str) -> str:
    """The section in an English sentence (``the first half``)."""
    section = sections().get(code)
    return section.phrase if section else f"the {code} section"


@registry.cached
def game_aliases() -> Mapping[str, str]:
    """Folded spelling -> game code: each game's code, names, titles and ``aliases``."""
    found: dict[str, str] = {}
    for spec in registry.specs():
        for text in (spec.code, *spec.name, *spec.title, *spec.aliases):
            found.setdefault(fold(text), spec.code)
    return found


def game_named(text: str) -> str | None:
    """The game a decklist's ``Game:`` header names (``レギオンズ!``, ``Iron Leaguer``), or None."""
    return game_aliases().get(fold(text))


def games_by_sections(seen: list[str]) -> list[str]:
    """The games whose sections include one of the section codes ``seen`` that names a game (not "Deck")."""
    named = {code for code in seen if code in sections() and sections()[code].names_game}
    return [spec.code for spec in registry.specs() if named & set(spec.deck.section_codes)]


def games_with_sides() -> list[str]:
    """The games whose decks are built for a side (a ``Side:`` header tells the game)."""
    return [spec.code for spec in registry.specs() if spec.deck.sides]


def sides(game: str) -> tuple[Side, ...]:
    """The sides a deck of ``game`` may be built for (``()`` for a game without sides or an unknown code)."""
    return deck_spec(game).sides if registry.is_game(game) else ()


@registry.cached
def all_sides() -> Mapping[str, Side]:
    """Every registered game's sides by code."""
    return {side.code: side for spec in registry.specs() for side in spec.deck.sides}


def side_named(game: str | None, text: str) -> str | None:
    """The side code ``text`` spells for ``game`` (any game's side when ``game`` is None), or None."""
    candidates = sides(game) if game else tuple(all_sides().values())
    key = fold(text)
    for side in candidates:
        if key in {fold(s) for s in (side.code, *side.name, *side.short, *side.spellings)}:
            return side.code
    return None


def side_label(code: str, japanese: bool = False) -> str:
    """A side's name (``silver`` -> "Silver Castle" / "シルバーキャッスル"); the code when unknown."""
    side = all_sides().get(code)
    return side.name[1 if japanese else 0] if side else code


def default_format(game: str) -> str | None:
    """The code of the format a decklist of ``game`` is checked against when it names none (None for a code that
    is no registered game)."""
    return deck_spec(game).default_format if registry.is_game(game) else None


__all__ = ["all_sides", "deck_spec", "default_format", "default_section", "fold", "game_aliases", "game_named",
           "game_sections", "games_by_sections", "games_with_sides", "section_headers", "section_phrase",
           "section_title", "sections", "side_label", "side_named", "sides"]

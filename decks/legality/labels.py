"""What players read instead of our codes: sections, card types, games, sides, attribute values and problem codes,
each in English and Japanese. Pure Python: no Django import (the legality messages are built from these).

The words of a game's own codes come from the game registry (``referee.registry``): its sections and sides from
its spec's deck part (``decks.games``), its card types and values from its card schema's ``labels`` and
``type_nouns``, its problem codes from its legality module's ``PROBLEMS``. Japanese terms follow the rule documents
(../shared/rules/*.ja.txt). A code with no label is a bug: ``tests/decks/test_labels.py`` checks every section, card
type and problem code has both.
"""

from __future__ import annotations

from cards.games import SCHEMAS
from cards.games import labels as card_labels
from referee import registry

from .. import games

VISIBILITY = {
    "public": ("Public", "公開"),
    "unlisted": ("Unlisted (anyone with the link)", "限定公開（リンクを知っている人のみ）"),
    "private": ("Private", "非公開"),
}

# problem code -> (English heading, Japanese heading): the short name of the broken rule, above its sentence. The
# codes every game shares; a game's own codes are in its legality module's ``PROBLEMS`` (``problem_heading``).
PROBLEMS = {
    "codec.unreadable": ("Cannot read the list", "デッキリストを読めません"),
    "codec.unreadable_line": ("Unreadable line", "読めない行"),
    "codec.unknown_card": ("Unknown card", "見つからないカード"),
    "codec.ambiguous_card": ("Which card?", "どのカードか決められません"),
    "codec.unknown_ref": ("Unknown card number", "見つからないカード番号"),
    "codec.ref_mismatch": ("Number and name differ", "番号と名前が一致しません"),
    "codec.no_section": ("Card outside a section", "区分の外のカード"),
    "codec.bad_header": ("Bad header line", "見出しの誤り"),
    "codec.too_many_copies": ("Too many copies", "枚数が多すぎます"),
    "codec.too_long": ("List too long", "デッキリストが長すぎます"),
    "deck.unknown_card": ("Unknown card", "見つからないカード"),
    "deck.wrong_game": ("Card of another game", "別のゲームのカード"),
    "deck.unknown_section": ("Unknown section", "存在しない区分"),
    "deck.bad_count": ("Bad count", "枚数の誤り"),
    "deck.section_size": ("Wrong number of cards", "枚数が合いません"),
    "deck.type_not_allowed": ("Card type not allowed here", "この区分に入れられないカード"),
    "deck.copy_limit": ("Too many copies", "同名カードの枚数制限"),
    "format.banned": ("Banned card", "禁止カード"),
    "format.restricted": ("Restricted card", "制限カード"),
}


def problem_heading(code: str, japanese: bool = False) -> str:
    """The short name of the rule a problem ``code`` broke: the shared ``PROBLEMS``, else the game's own (its
    legality module's ``PROBLEMS``); the code itself when it has none (``tests/decks/test_labels.py`` fails
    then)."""
    pair = PROBLEMS.get(code) or game_problems().get(code)
    return (pair[1] if japanese else pair[0]) if pair else code


@registry.cached
def game_problems() -> dict[str, tuple[str, str]]:
    """Every registered game's own problem codes with their headings (its legality module's ``PROBLEMS``)."""
    merged: dict[str, tuple[str, str]] = {}
    for spec in registry.specs():
        merged.update(getattr(spec.part("legality"), "PROBLEMS", {}))
    return merged


def section_en(code: str) -> str:
    return games.section_title(code)


def section_ja(code: str) -> str:
    return games.section_title(code, japanese=True)


def section_phrase(code: str) -> str:
    """``the first half``: the section as the subject or object of an English sentence."""
    return games.section_phrase(code)


def _nouns(card_type: str) -> tuple[str, str]:
    for schema in SCHEMAS.values():
        if card_type in schema.type_nouns:
            return schema.type_nouns[card_type]
    return card_type, card_type


def type_en(card_type: str) -> str:
    return _nouns(card_type)[0]


def type_plural_en(card_type: str) -> str:
    return _nouns(card_type)[1]


def type_ja(card_type: str) -> str:
    return card_labels().get(card_type, (card_type, card_type))[1]


def a_type(card_type: str) -> str:
    """``a minion``, ``an eyecatch``, ``an IL``: the type with its English article (``an`` before a vowel letter:
    every type name we have is said as it is spelt, ``IL`` as "eye-el")."""
    word = type_en(card_type)
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def english_list(words: list[str], conjunction: str = "and") -> str:
    """``minion, lord, skill and arts``."""
    words = [w for w in words if w]
    if len(words) <= 1:
        return words[0] if words else ""
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def game_en(code: str) -> str:
    return registry.spec(code).name_en if registry.is_game(code) else code


def game_ja(code: str) -> str:
    return registry.spec(code).name_ja if registry.is_game(code) else code


def value_label(value, japanese: bool) -> str:
    """A stored attribute value as a reader sees it (colours, affiliations, sides: the games' schema labels and
    deck sides; other values as stored)."""
    pair = card_labels().get(value) if isinstance(value, str) else None
    if pair is not None:
        return pair[1 if japanese else 0]
    if isinstance(value, str) and value in games.all_sides():
        return games.side_label(value, japanese)
    return str(value)


def cards_en(n: int) -> str:
    """``1 card``, ``30 cards``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def copies_en(n: int) -> str:
    """``1 copy``, ``3 copies``."""
    return f"{n} copy" if n == 1 else f"{n} copies"


# sentences of the decklist reader and the builder, (English, Japanese); tests compare with these constants
NOT_TEXT = (
    "This file is not text we can read: it is neither UTF-8, UTF-16 nor Shift_JIS text. "
    "Save it as UTF-8 text (in Notepad: Save as, Encoding UTF-8) and try again.",
    "このファイルは読めるテキストではありません（UTF-8・UTF-16・Shift_JISのどれでもありません）。"
    "UTF-8のテキストとして保存し直してください（メモ帳なら「名前を付けて保存」で文字コードUTF-8）。",
)
BAD_DELTA = (
    "A card's count changes by one at a time: send delta 1 or -1.",
    "枚数は1枚ずつ変えます（deltaは1か-1にしてください）。",
)


def candidates_en(shown: list[str], total: int) -> str:
    """``火炎01, 火炎02 …and 10 more``: the names shown, and how many are not."""
    more = f" …and {total - len(shown)} more" if total > len(shown) else ""
    return f"{', '.join(shown)}{more}"


def candidates_ja(shown: list[str], total: int) -> str:
    """``火炎01、火炎02 ほか10枚``."""
    more = f" ほか{total - len(shown)}枚" if total > len(shown) else ""
    return f"{'、'.join(shown)}{more}"

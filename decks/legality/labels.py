"""What players read instead of our codes: sections, card types, games, sides, affiliations and problem codes,
each in English and Japanese. Pure Python: no Django import (the legality messages are built from these).

Japanese terms follow the rule documents (../shared/rules/*.ja.txt) and ``cards.search.labels``. A code with no
label is a bug: ``tests/decks/test_labels.py`` checks every section, card type and problem code has both.
"""

from __future__ import annotations

# section -> (English title, Japanese title, English noun phrase for a sentence)
SECTIONS = {
    "master": ("Master", "マスター", "the master slot"),
    "deck": ("Deck", "デッキ", "the deck"),
    "first_half": ("First half", "前半デッキ", "the first half"),
    "second_half": ("Second half", "後半デッキ", "the second half"),
    "eyecatch": ("Eyecatch", "アイキャッチ", "the eyecatch slot"),
    "roster": ("Roster", "ロースター", "the roster"),
}

# card type -> (English singular, English plural, Japanese), in each game's own order
CARD_TYPES = {
    "master": ("master", "Master", "マスター"),
    "minion": ("minion", "Minions", "ミニオン"),
    "lord": ("lord", "Lords", "ロード"),
    "skill": ("skill", "Skills", "スキル"),
    "arts": ("arts", "Arts", "アーツ"),
    "character": ("character", "Characters", "キャラクター"),
    "mission": ("mission", "Missions", "ミッション"),
    "action": ("action", "Actions", "アクション"),
    "eyecatch": ("eyecatch", "Eyecatch", "アイキャッチ"),
    "il": ("IL", "ILs", "アイアンリーガー"),
    "technique": ("technique", "Techniques", "技カード"),
}
TYPE_ORDER = {
    "legions": ("master", "minion", "lord", "skill", "arts"),
    "riders_legend": ("character", "mission", "action", "eyecatch"),
    "iron_leaguer": ("il", "technique"),
}

GAMES = {
    "legions": ("Legions!", "レギオンズ!"),
    "riders_legend": ("Riders' Legend", "仮面ライダーTCG"),
    "iron_leaguer": ("Iron Leaguer", "アイアンリーガー"),
}
SIDES = {"silver": ("Silver Castle", "シルバーキャッスル"), "dark": ("Dark Sports", "ダークスポーツ財団")}
AFFILIATIONS = {
    "silver_starter": ("Silver Castle starter", "シルバースタメン"),
    "dark_starter": ("Dark Sports starter", "ダークスタメン"),
    "dark_leaguer": ("Dark leaguer", "ダークリーガー"),
    "stray_leaguer": ("Stray leaguer", "はぐれリーガー"),
}
COLOURS = {
    "black": ("Black", "黒"),
    "red": ("Red", "赤"),
    "white": ("White", "白"),
    "green": ("Green", "緑"),
    "blue": ("Blue", "青"),
}
VISIBILITY = {
    "public": ("Public", "公開"),
    "unlisted": ("Unlisted (anyone with the link)", "限定公開（リンクを知っている人のみ）"),
    "private": ("Private", "非公開"),
}

# problem code -> (English heading, Japanese heading): the short name of the broken rule, above its sentence
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
    "legions.master_count": ("Master", "マスター"),
    "legions.class_mismatch": ("Class mismatch", "クラスが一致しません"),
    "legions.off_class_symbol": ("Outside the master's class", "マスターのクラス外"),
    "riders.eyecatch_outside_section": ("Eyecatch card out of place", "アイキャッチの位置"),
    "iron_leaguer.side_missing": ("No side chosen", "陣営が未選択です"),
    "iron_leaguer.duplicate_il": ("The same IL twice", "同じアイアンリーガーが重複しています"),
    "iron_leaguer.not_on_side": ("IL not allowed on this side", "この陣営に入れられないアイアンリーガー"),
    "iron_leaguer.roster_size": ("Roster size", "ロースターの人数"),
}


def section_en(code: str) -> str:
    return SECTIONS[code][0] if code in SECTIONS else code


def section_ja(code: str) -> str:
    return SECTIONS[code][1] if code in SECTIONS else code


def section_phrase(code: str) -> str:
    """``the first half``: the section as the subject or object of an English sentence."""
    return SECTIONS[code][2] if code in SECTIONS else f"the {code} section"


def type_en(card_type: str) -> str:
    return CARD_TYPES[card_type][0] if card_type in CARD_TYPES else card_type


def type_plural_en(card_type: str) -> str:
    return CARD_TYPES[card_type][1] if card_type in CARD_TYPES else card_type


def type_ja(card_type: str) -> str:
    return CARD_TYPES[card_type][2] if card_type in CARD_TYPES else card_type


def a_type(card_type: str) -> str:
    """``a minion``, ``an eyecatch``, ``an IL``: the type with its English article."""
    word = type_en(card_type)
    return f"{'an' if word[:1].lower() in 'aeiou' or word == 'IL' else 'a'} {word}"


def english_list(words: list[str], conjunction: str = "and") -> str:
    """``minion, lord, skill and arts``."""
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def game_en(code: str) -> str:
    return GAMES.get(code, (code, code))[0]


def game_ja(code: str) -> str:
    return GAMES.get(code, (code, code))[1]


def value_label(value, japanese: bool) -> str:
    """A stored attribute value as a reader sees it (colours, affiliations; other values as stored)."""
    for table in (COLOURS, AFFILIATIONS, SIDES):
        if value in table:
            return table[value][1 if japanese else 0]
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

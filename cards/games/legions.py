"""Legions! (レギオンズ!) card attributes.

Source: ../shared/rules/legions.ja.txt — "カラーシンボルについて", "アンロックについて", "カード構成",
"タイムラインとウェイトターン経過処理について".
"""

from __future__ import annotations

from typing import Any

from .schema import BOOL, CHOICES, INT, NAMES, STR, Attr, AttributeError_, GameSchema, SearchKeys, _, problem

COLOURS = ("black", "red", "white", "green", "blue")
COLOURS_JA = {"black": "黒", "red": "赤", "white": "白", "green": "緑", "blue": "青"}
CARD_TYPES = ("master", "minion", "lord", "skill", "arts")
DECK_TYPES = frozenset({"minion", "lord", "skill", "arts"})  # Legions: デッキ 構築条件

_ALL_BUT_MASTER = frozenset({"minion", "lord", "skill", "arts"})

ATTRS = (
    Attr("colours", CHOICES, "Colour symbols", "カラーシンボル", choices=COLOURS, min_items=1, max_items=2,
         required=frozenset(CARD_TYPES), search_key="c"),
    Attr("class_label", STR, "Class", "クラス", types=frozenset({"master"})),
    Attr("awakened_name", STR, "Awakened side name", "覚醒モード名", types=frozenset({"master"})),
    Attr("awakened_text", STR, "Awakened side text", "覚醒モードの能力", types=frozenset({"master"})),
    Attr("unlock_cost", INT, "Unlock cost", "アンロックコスト", types=_ALL_BUT_MASTER, required=_ALL_BUT_MASTER,
         minimum=0, maximum=20, search_key="cost"),
    Attr("core_cost", INT, "Core cost (CC)", "コアコスト", types=frozenset({"lord"}), required=frozenset({"lord"}),
         minimum=0, maximum=12, search_key="cc"),
    Attr("atk", INT, "ATK", "ATK", types=frozenset({"minion", "lord", "skill"}),
         required=frozenset({"minion", "lord"}), minimum=0, maximum=99, search_key="atk"),
    Attr("hp", INT, "HP", "HP", types=frozenset({"minion", "lord"}), required=frozenset({"minion", "lord"}),
         minimum=1, maximum=99, search_key="hp"),
    Attr("wt", INT, "Wait turn (WT)", "ウェイトターン", types=frozenset({"minion", "skill"}),
         required=frozenset({"minion", "skill"}), minimum=1, maximum=4, search_key="wt"),
    Attr("keywords", NAMES, "Keywords", "キーワード能力", default=[]),
    Attr("category", STR, "Category", "分類", types=_ALL_BUT_MASTER),
    Attr("finisher", BOOL, "Finisher", "フィニッシャー", types=frozenset({"lord", "arts"})),
)


def _check_master_class(card_type: str, attrs: dict[str, Any]) -> list[AttributeError_]:
    # Legions: カラーシンボル — a master's class is a combination of two colour symbols.
    if card_type == "master" and len(attrs.get("colours", [])) != 2:
        return [problem("colours", _("a master's class has exactly two colour symbols"))]
    return []


# The reader's words for the stored codes (docs/glossary.md): card types, then colours.
LABELS = {
    "master": ("Master", "マスター"),
    "minion": ("Minion", "ミニオン"),
    "lord": ("Lord", "ロード"),
    "skill": ("Skill", "スキル"),
    "arts": ("Arts", "アーツ"),
    **{code: (code.capitalize(), ja) for code, ja in COLOURS_JA.items()},
}
TYPE_NOUNS = {"master": ("master", "Master"), "minion": ("minion", "Minions"), "lord": ("lord", "Lords"),
              "skill": ("skill", "Skills"), "arts": ("arts", "Arts")}

SEARCH = SearchKeys(examples=(
    ("t:minion c:red atk>=2", "Red minions with ATK 2 or more"),
    ("c:red/green", "Cards of the red and green class"),
    ("t:lord cc<=3 order:-atk", "Lords with CC 3 or less, strongest first"),
    ("kw:速攻", "Cards with Haste (速攻) in their abilities"),
))

GAME = GameSchema(
    code="legions",
    card_types=CARD_TYPES,
    attrs=ATTRS,
    extra_checks=(_check_master_class,),
    labels=LABELS,
    type_nouns=TYPE_NOUNS,
    search=SEARCH,
)


def _word(code: str, japanese: bool) -> str:
    pair = LABELS.get(code)
    return pair[1 if japanese else 0] if pair else code


def face(card_type: str, attrs: dict[str, Any], japanese: bool) -> dict[str, Any]:
    """What a Legions card face shows (Legions: カード構成; ``templates/components/faces/legions.html``): colour
    symbols, unlock cost, CC (lords), ATK/HP, WT, keywords, category; a master's class and awakened side."""
    colours = [c for c in attrs.get("colours") or [] if isinstance(c, str)]
    return {
        "colours": [{"code": c, "symbol": COLOURS_JA.get(c, c[:1]), "label": _word(c, japanese)} for c in colours],
        "colour_class": "-".join(colours) or "none",
        "unlock_cost": attrs.get("unlock_cost"),
        "core_cost": attrs.get("core_cost"),
        "atk": attrs.get("atk"),
        "hp": attrs.get("hp"),
        "wt": attrs.get("wt"),
        "keywords": list(attrs.get("keywords") or []),
        "category": attrs.get("category") or "",
        "finisher": bool(attrs.get("finisher")),
        "class_label": attrs.get("class_label") or "",
        "awakened_name": attrs.get("awakened_name") or "",
        "awakened_text": attrs.get("awakened_text") or "",
    }

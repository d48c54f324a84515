"""Legions! (レギオンズ!) card attributes.

Source: ../shared/rules/legions.ja.txt — "カラーシンボルについて", "アンロックについて", "カード構成",
"タイムラインとウェイトターン経過処理について".
"""

from __future__ import annotations

from typing import Any

from .schema import BOOL, CHOICES, INT, NAMES, STR, Attr, AttributeError_, GameSchema

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
        return [AttributeError_("colours", "a master's class has exactly two colour symbols")]
    return []


GAME = GameSchema(
    code="legions",
    name="Legions!",
    name_ja="レギオンズ!",
    card_types=CARD_TYPES,
    attrs=ATTRS,
    extra_checks=(_check_master_class,),
)

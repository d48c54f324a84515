"""Japanese names of card types and attribute values, for the pages (the search accepts them too: ``keys``).

Terms from ``docs/glossary.md`` and the rule documents. A value without a Japanese name is shown as stored.
"""

from __future__ import annotations

from typing import Any

from cards.games.legions import COLOURS_JA
from cards.games.riders_legend import ALIGNMENTS_JA
from cards.games.schema import BOOL, NONE_MARK, Attr

CARD_TYPES_JA = {
    "master": "マスター",
    "minion": "ミニオン",
    "lord": "ロード",
    "skill": "スキル",
    "arts": "アーツ",
    "character": "キャラクター",
    "mission": "ミッション",
    "action": "アクション",
    "eyecatch": "アイキャッチ",
    "il": "アイアンリーガー",
    "technique": "技カード",
}
VALUES_JA: dict[str, str] = {
    **COLOURS_JA,
    **ALIGNMENTS_JA,
    "silver_starter": "シルバースタメン",
    "dark_starter": "ダークスタメン",
    "dark_leaguer": "ダークリーガー",
    "stray_leaguer": "はぐれリーガー",
    "arm": "腕技",
    "leg": "脚技",
    "strike": "打技",
    "martial": "武技",
    "any": NONE_MARK,
    "named": "※",
    "attack": "攻",
    "defence": "防",
    "either": "自",  # IL 5.4.2
    "attack_right": "攻撃権",
    "reset": "リセット",
    "counter": "カウンター",  # IL 8.6.1–8.6.3
}
_BOOL = {True: ("yes", "あり"), False: ("no", "なし")}


def card_type_label(card_type: str, japanese: bool) -> str:
    """``minion`` → ``ミニオン`` in Japanese; as stored otherwise."""
    return CARD_TYPES_JA.get(card_type, card_type) if japanese else card_type


def value_text(attr: Attr, value: Any, japanese: bool) -> str:
    """One attribute value as a reader sees it: lists joined by " / ", None as "−", booleans as yes/no,
    choice values in Japanese when ``japanese``. Nested values (technique halves) go through
    ``attribute_summary``."""
    if isinstance(value, dict):
        return attribute_summary(attr.fields, value, japanese)
    if isinstance(value, list):
        return " / ".join(value_text(attr, item, japanese) for item in value) or "—"
    if value is None:
        return NONE_MARK
    if attr.kind == BOOL or isinstance(value, bool):
        return _BOOL[bool(value)][1 if japanese else 0]
    if japanese and attr.choices and value in VALUES_JA:
        return VALUES_JA[value]
    return str(value)


def attribute_summary(attrs, values: dict, japanese: bool) -> str:
    """``label: value; …`` for the attributes of ``attrs`` present in ``values`` (empty values skipped)."""
    parts = []
    for attr in attrs:
        value = values.get(attr.name)
        if attr.name not in values or value in ("", [], False) and attr.kind != BOOL:
            continue
        if attr.kind == BOOL and not value:
            continue
        label = attr.label_ja if japanese else attr.label
        text = value_text(attr, value, japanese)
        parts.append(f"{label}: ({text})" if isinstance(value, dict) else f"{label}: {text}")
    return "; ".join(parts)

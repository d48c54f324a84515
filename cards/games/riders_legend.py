"""Riders' Legend (仮面ライダーTCG) card attributes, advanced rules (アドバンスルール).

Source: ../shared/rules/riders_legend.ja.txt — "タイプと勢力について", "カード構成".
"""

from __future__ import annotations

from typing import Any

from .schema import BOOL, CHOICE, INT, NAMES, STR, Attr, AttributeError_, GameSchema

CARD_TYPES = ("character", "mission", "action", "eyecatch")
ALIGNMENTS = ("justice", "evil")
ALIGNMENTS_JA = {"justice": "正義", "evil": "悪"}
JUSTICE_FACTION = "正義"
# The factions the rules name; the list is open ("… などの種類が存在する"), so others are accepted as text.
KNOWN_FACTIONS = (
    "正義", "ショッカー", "ゲルショッカー", "デストロン", "ゴルゴム", "クライシス帝国", "グロンギ", "アンノウン",
)

_NOT_EYECATCH = frozenset({"character", "mission", "action"})
_CHARACTER = frozenset({"character"})
_MISSION = frozenset({"mission"})
_EYECATCH = frozenset({"eyecatch"})

ATTRS = (
    Attr("alignment", CHOICE, "Alignment", "タイプ", types=_NOT_EYECATCH, required=_NOT_EYECATCH,
         choices=ALIGNMENTS, search_key="align"),
    Attr("faction", STR, "Faction", "勢力", types=_NOT_EYECATCH, required=_NOT_EYECATCH, search_key="faction"),
    Attr("attack", INT, "Attack", "攻撃力", types=_CHARACTER | _MISSION, required=_CHARACTER | _MISSION,
         minimum=0, maximum=99, search_key="atk"),
    Attr("defence", INT, "Defence", "防御力", types=_CHARACTER | _MISSION, required=_CHARACTER | _MISSION,
         minimum=0, maximum=99, search_key="def"),
    Attr("operation", INT, "Operation power", "作戦力", types=_CHARACTER, required=_CHARACTER,
         minimum=0, maximum=99, search_key="op"),
    Attr("transforms_from", NAMES, "Transforms from", "変身元", types=_CHARACTER, default=[]),
    Attr("placement_condition", STR, "Placement condition", "配置条件", types=_CHARACTER),
    Attr("limit_one", BOOL, "1枚制限 (one on the field for both players)", "1枚制限", types=_NOT_EYECATCH,
         default=False),
    Attr("required_operation", INT, "Required operation power", "必要作戦力", types=_MISSION, required=_MISSION,
         minimum=1, maximum=99, search_key="req"),
    Attr("side_a", STR, "Side A", "表面", types=_EYECATCH, required=_EYECATCH),
    Attr("side_b", STR, "Side B", "裏面", types=_EYECATCH, required=_EYECATCH),
)


def _check_faction(card_type: str, attrs: dict[str, Any]) -> list[AttributeError_]:
    # Riders' Legend: タイプと勢力 — 正義 is the one justice faction; every other faction is of the evil type.
    if card_type == "eyecatch" or "faction" not in attrs:
        return []
    justice_faction = attrs["faction"] == JUSTICE_FACTION
    if attrs["alignment"] == "justice" and not justice_faction:
        return [AttributeError_("faction", f"a justice card's faction is {JUSTICE_FACTION}, not {attrs['faction']!r}")]
    if attrs["alignment"] == "evil" and justice_faction:
        return [AttributeError_("faction", f"an evil card cannot have the faction {JUSTICE_FACTION}")]
    return []


GAME = GameSchema(
    code="riders_legend",
    name="Riders' Legend",
    name_ja="仮面ライダー トレーディングカードゲーム",
    card_types=CARD_TYPES,
    attrs=ATTRS,
    extra_checks=(_check_faction,),
)

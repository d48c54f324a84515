"""Riders' Legend (仮面ライダーTCG) card attributes, advanced rules (アドバンスルール).

Source: ../shared/rules/riders_legend.ja.txt — "タイプと勢力について", "カード構成".
"""

from __future__ import annotations

from typing import Any

from .schema import BOOL, CHOICE, INT, NAMES, STR, Attr, AttributeError_, GameSchema, SearchKeys, _, problem

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
        return [problem("faction", _("a justice card's faction is {faction}, not {value!r}"), faction=JUSTICE_FACTION,
                        value=attrs["faction"])]
    if attrs["alignment"] == "evil" and justice_faction:
        return [problem("faction", _("an evil card cannot have the faction {faction}"), faction=JUSTICE_FACTION)]
    return []


# The reader's words for the stored codes (docs/glossary.md): card types, then alignments.
LABELS = {
    "character": ("Character", "キャラクター"),
    "mission": ("Mission", "ミッション"),
    "action": ("Action", "アクション"),
    "eyecatch": ("Eyecatch", "アイキャッチ"),
    **{code: (code.capitalize(), ja) for code, ja in ALIGNMENTS_JA.items()},
}
TYPE_NOUNS = {"character": ("character", "Characters"), "mission": ("mission", "Missions"),
              "action": ("action", "Actions"), "eyecatch": ("eyecatch", "Eyecatch")}

SEARCH = SearchKeys(examples=(
    ("align:evil faction:ショッカー op>=2", "Shocker cards with operation power 2 or more"),
    ("t:character order:-atk", "Characters, highest attack first"),
    ("t:mission req<=3", "Missions needing operation power 3 or less"),
))

GAME = GameSchema(
    code="riders_legend",
    card_types=CARD_TYPES,
    attrs=ATTRS,
    extra_checks=(_check_faction,),
    labels=LABELS,
    type_nouns=TYPE_NOUNS,
    search=SEARCH,
)


def face(card_type: str, attrs: dict[str, Any], japanese: bool) -> dict[str, Any]:
    """What a Riders' Legend card face shows (タイプと勢力, カード構成; ``templates/components/faces/
    riders_legend.html``): justice or evil and faction, attack, defence, operation power, required operation power
    (missions), the eyecatch's two sides."""
    alignment = attrs.get("alignment") or ""
    pair = LABELS.get(alignment)
    return {
        "alignment": alignment or "none",
        "alignment_label": (pair[1 if japanese else 0] if pair else alignment) if alignment else "",
        "faction": attrs.get("faction") or "",
        "attack": attrs.get("attack"),
        "defence": attrs.get("defence"),
        "operation": attrs.get("operation"),
        "required_operation": attrs.get("required_operation"),
        "transforms_from": list(attrs.get("transforms_from") or []),
        "placement_condition": attrs.get("placement_condition") or "",
        "limit_one": bool(attrs.get("limit_one")),
        "side_a": attrs.get("side_a") or "",
        "side_b": attrs.get("side_b") or "",
    }

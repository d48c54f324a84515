"""Iron Leaguer card game (疾風！アイアンリーガー) card attributes.

Source: ../shared/rules/iron_leaguer.ja.txt — IL 2.2–2.3 (IL cards and affiliations), IL 5.2–5.4 (technique
cards: two halves, kind, timing, persons, heart/skill/body), IL 6.9/7.9/8.6 (attack right, reset, counter),
IL 9 (rough play), IL 11.4 (growth bonus), IL 11.7 (growth value "−").
"""

from __future__ import annotations

from typing import Any

from .schema import BOOL, CHOICE, CHOICES, INT, NAMES, NESTED, OPT_INT, STR, Attr, AttributeError_, GameSchema

CARD_TYPES = ("il", "technique")
AFFILIATIONS = ("silver_starter", "dark_starter", "dark_leaguer", "stray_leaguer")
TECHNIQUE_KINDS = ("arm", "leg", "strike", "martial")  # 腕技・脚技・打技・武技 (IL 5.4.1)
HALF_KINDS = TECHNIQUE_KINDS + ("any", "named")  # "−": any IL; "※": the named ILs only (IL 5.4.1)
TIMINGS = ("attack", "defence", "either")  # 攻・防・自 (IL 5.4.2)
ON_DEFENCE = ("attack_right", "reset", "counter")  # IL 8.6.1–8.6.3
DEFENCE_HALF_NAMES = ("ディフェンス", "ブロック")  # IL 5.4.7, 8.6.4

_IL = frozenset({"il"})
_TECH = frozenset({"technique"})

HALF_FIELDS = (
    Attr("name", STR, "Name", "技名", required=frozenset({"*"})),
    Attr("kind", CHOICE, "Kind", "種類", choices=HALF_KINDS, required=frozenset({"*"})),
    Attr("named_ils", NAMES, "Named ILs (※)", "使用できるIL", default=[]),
    Attr("timing", CHOICE, "Timing", "時期", choices=TIMINGS, required=frozenset({"*"})),
    Attr("persons", OPT_INT, "Persons", "人数", minimum=1, maximum=11, required=frozenset({"*"})),
    Attr("heart", INT, "Heart", "心値", minimum=0, maximum=20, default=0),
    Attr("skill", INT, "Skill", "技値", minimum=0, maximum=20, default=0),
    Attr("body", INT, "Body", "体値", minimum=0, maximum=20, default=0),
    Attr("attack", INT, "Attack value", "攻撃値", minimum=0, maximum=40),
    Attr("defence", INT, "Defence value", "防御値", minimum=0, maximum=40),
    Attr("on_defence", CHOICE, "On a successful defence", "防御成功時", choices=ON_DEFENCE),
    Attr("moves_attack_right", BOOL, "Using it moves the attack right", "攻撃権が移る", default=False),
    Attr("rough_play", BOOL, "Rough play", "ラフプレー", default=False),
    Attr("rough_value", INT, "Rough-play value", "ラフプレー値", minimum=0, maximum=40),
    Attr("rough_penalty", INT, "Rough-play penalty", "ペナルティ", minimum=1, maximum=20),
    Attr("growth_bonus", INT, "Growth bonus", "成長値修正", minimum=0, maximum=20, default=0),
    Attr("text", STR, "Text", "効果"),
)

ATTRS = (
    Attr("affiliation", CHOICE, "Affiliation", "所属", types=_IL, required=_IL, choices=AFFILIATIONS,
         search_key="aff"),
    Attr("heart", INT, "Heart", "心値", types=_IL, required=_IL, minimum=0, maximum=20, search_key="heart"),
    Attr("skill", INT, "Skill", "技値", types=_IL, required=_IL, minimum=0, maximum=20, search_key="skill"),
    Attr("body", INT, "Body", "体値", types=_IL, required=_IL, minimum=0, maximum=20, search_key="body"),
    Attr("growth", OPT_INT, "Growth value (− for none)", "成長値", types=_IL, required=_IL, minimum=0, maximum=20,
         search_key="growth"),
    Attr("kinds", CHOICES, "Technique kinds", "技の種類", types=_IL, choices=TECHNIQUE_KINDS, default=[],
         search_key="kind"),
    Attr("period", INT, "Period", "時期(期)", types=_TECH, required=_TECH, minimum=1, maximum=3,
         search_key="period"),
    Attr("upper", NESTED, "Upper half", "上段", types=_TECH, required=_TECH, fields=HALF_FIELDS),
    Attr("lower", NESTED, "Lower half", "下段", types=_TECH, required=_TECH, fields=HALF_FIELDS),
)


def _check_halves(card_type: str, attrs: dict[str, Any]) -> list[AttributeError_]:
    """A half is usable as declared: values for its timing, named ILs for "※", a full rough play."""
    if card_type != "technique":
        return []
    errors: list[AttributeError_] = []
    for side in ("upper", "lower"):
        half = attrs[side]
        if half["kind"] == "named" and not half.get("named_ils"):
            errors.append(AttributeError_(f"{side}.named_ils", "a ※ technique names the ILs that may use it"))
        if half.get("rough_play"):
            for key in ("rough_value", "rough_penalty"):
                if half.get(key) is None:
                    errors.append(AttributeError_(f"{side}.{key}", "is required on a rough play"))
            continue
        if half["timing"] in ("attack", "either") and half.get("attack") is None:
            errors.append(AttributeError_(f"{side}.attack", "an attack-timing technique needs an attack value"))
        if half["timing"] in ("defence", "either") and half.get("defence") is None:
            errors.append(AttributeError_(f"{side}.defence", "a defence-timing technique needs a defence value"))
    return errors


GAME = GameSchema(
    code="iron_leaguer",
    name="Iron Leaguer",
    name_ja="疾風！アイアンリーガー カードゲーム",
    card_types=CARD_TYPES,
    attrs=ATTRS,
    extra_checks=(_check_halves,),
)

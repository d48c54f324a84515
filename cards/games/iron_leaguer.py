"""Iron Leaguer card game (疾風！アイアンリーガー) card attributes.

Source: ../shared/rules/iron_leaguer.ja.txt — IL 2.2–2.3 (IL cards and affiliations), IL 5.2–5.4 (technique
cards: two halves, kind, timing, persons, heart/skill/body), IL 6.9/7.9/8.6 (attack right, reset, counter),
IL 9 (rough play), IL 11.4 (growth bonus), IL 11.7 (growth value "−").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .schema import (
    BOOL,
    CHOICE,
    CHOICES,
    INT,
    NAMES,
    NESTED,
    NONE_MARK,
    OPT_INT,
    STR,
    Attr,
    AttributeError_,
    GameSchema,
    SearchKeys,
    _,
    problem,
)

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
            errors.append(problem(f"{side}.named_ils", _("a ※ technique names the ILs that may use it")))
        if half.get("rough_play"):
            for key in ("rough_value", "rough_penalty"):
                if half.get(key) is None:
                    errors.append(problem(f"{side}.{key}", _("is required on a rough play")))
            continue
        if half["timing"] in ("attack", "either") and half.get("attack") is None:
            errors.append(problem(f"{side}.attack", _("an attack-timing technique needs an attack value")))
        if half["timing"] in ("defence", "either") and half.get("defence") is None:
            errors.append(problem(f"{side}.defence", _("a defence-timing technique needs a defence value")))
    return errors


# The reader's words for the stored codes (docs/glossary.md, the rule documents): card types, affiliations (IL 2.3),
# technique kinds (IL 5.4.1), timings (IL 5.4.2), what a successful defence does (IL 8.6).
LABELS = {
    "il": ("Iron Leaguer", "アイアンリーガー"),
    "technique": ("Technique card", "技カード"),
    "silver_starter": ("Silver Castle starter", "シルバースタメン"),
    "dark_starter": ("Dark Sports starter", "ダークスタメン"),
    "dark_leaguer": ("Dark Leaguer", "ダークリーガー"),
    "stray_leaguer": ("Stray Leaguer", "はぐれリーガー"),
    "arm": ("Arm", "腕技"),
    "leg": ("Leg", "脚技"),
    "strike": ("Strike", "打技"),
    "martial": ("Martial", "武技"),
    "any": ("Any IL", "−"),
    "named": ("Named ILs", "※"),
    "attack": ("Attack", "攻"),
    "defence": ("Defence", "防"),
    "either": ("Either", "自"),
    "attack_right": ("Attack right moves", "攻撃権"),
    "reset": ("Reset", "リセット"),
    "counter": ("Counter", "カウンター"),
}
TYPE_NOUNS = {"il": ("IL", "ILs"), "technique": ("technique", "Techniques")}

SEARCH = SearchKeys(
    # the short forms a player types: IL 5.4.1 (kinds), 5.4.2 (timings)
    aliases={"攻": "attack", "防": "defence", "自": "either", "腕": "arm", "腕技": "arm", "脚": "leg", "脚技": "leg",
             "打": "strike", "打技": "strike", "武": "martial", "武技": "martial"},
    # "dark" is the Dark Sports side, both of its affiliations (IL 2.3; glossary: ダーク)
    groups={"affiliation": {"dark": ("dark_starter", "dark_leaguer"), "ダーク": ("dark_starter", "dark_leaguer"),
                            "silver": ("silver_starter",), "シルバー": ("silver_starter",)}},
    # a technique's kind and timing are printed per half (IL 5.4.1–5.4.2)
    nested={"kind": (("upper", "kind"), ("lower", "kind")), "timing": (("upper", "timing"), ("lower", "timing"))},
    examples=(
        ("aff:dark heart>=3", "Dark Sports ILs with heart 3 or more"),
        ("t:technique timing:defence period=1", "Defence techniques of the first period"),
        ("t:il kind:leg order:-body", "ILs with leg techniques, highest body first"),
    ),
)

GAME = GameSchema(
    code="iron_leaguer",
    card_types=CARD_TYPES,
    attrs=ATTRS,
    extra_checks=(_check_halves,),
    labels=LABELS,
    type_nouns=TYPE_NOUNS,
    search=SEARCH,
)


def _word(code: str, japanese: bool) -> str:
    pair = LABELS.get(code)
    return pair[1 if japanese else 0] if pair else code


def _technique_half(half: Mapping | None, japanese: bool) -> dict[str, Any] | None:
    if not isinstance(half, Mapping):
        return None
    timing = half.get("timing") or ""
    kind = half.get("kind") or ""
    needs = [(key, half.get(key)) for key in ("heart", "skill", "body") if half.get(key)]
    return {
        "name": half.get("name") or "",
        "kind": kind,
        "kind_label": _word(kind, japanese) if kind else "",
        "named_ils": list(half.get("named_ils") or []),
        "timing": timing,
        "timing_label": _word(timing, japanese) if timing else "",
        "persons": NONE_MARK if half.get("persons") is None else half.get("persons"),
        "persons_follow": half.get("persons") is None,  # IL 5.4.3: "−" follows the other cards' persons
        "needs": [{"key": key, "value": value} for key, value in needs],
        "attack": half.get("attack"),
        "defence": half.get("defence"),
        "on_defence_label": _word(half["on_defence"], japanese) if half.get("on_defence") else "",
        "rough_play": bool(half.get("rough_play")),
        "rough_value": half.get("rough_value"),
        "rough_penalty": half.get("rough_penalty"),
        "moves_attack_right": bool(half.get("moves_attack_right")),
        "growth_bonus": half.get("growth_bonus") or 0,
        "text": half.get("text") or "",
    }


def face(card_type: str, attrs: dict[str, Any], japanese: bool) -> dict[str, Any]:
    """What an Iron Leaguer card face shows (IL 5.3, 5.4; ``templates/components/faces/iron_leaguer.html``): heart,
    skill, body, growth value and kinds for ILs; both halves of a technique card with kind, timing, persons,
    requirements and values."""
    affiliation = attrs.get("affiliation") or ""
    side = "silver" if affiliation.startswith("silver") else "dark" if affiliation.startswith("dark") else "stray"
    return {
        "affiliation": affiliation,
        "affiliation_label": _word(affiliation, japanese) if affiliation else "",
        "side": side,
        "heart": attrs.get("heart"),
        "skill": attrs.get("skill"),
        "body": attrs.get("body"),
        "growth": NONE_MARK if "growth" in attrs and attrs.get("growth") is None else attrs.get("growth"),
        "kinds": [{"code": k, "label": _word(k, japanese)} for k in attrs.get("kinds") or []],
        "period": attrs.get("period"),
        "upper": _technique_half(attrs.get("upper"), japanese),
        "lower": _technique_half(attrs.get("lower"), japanese),
    }

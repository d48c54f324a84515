"""Card faces built from data: what the card face component (``templates/components/card_face.html``) shows.

``card_face_context(card, japanese=…)`` turns a catalogue ``Card`` or an engine view's card dict into one plain
dict per face, in the game's own layout:

- Legions (Legions: カード構成): colour symbols, unlock cost, CC (lords), ATK/HP, WT, type, keywords, text; a
  master's class and awakened side.
- Riders' Legend (タイプと勢力, カード構成): justice or evil and faction, attack, defence, operation power,
  required operation power (missions), the eyecatch's two sides.
- Iron Leaguer (IL 5.3, 5.4): heart, skill, body, growth value and kinds for ILs; both halves of a technique card
  with kind, timing, persons, requirements and values.

Every code shown (types, colours, kinds, timings…) goes through ``label`` so a reader sees words in their language,
never a stored code. Unknown games fall back to the name, type and text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.games.schema import NONE_MARK

# code -> (English, Japanese). The Japanese names follow docs/glossary.md and the rule documents.
LABELS: dict[str, tuple[str, str]] = {
    # card types
    "master": ("Master", "マスター"),
    "minion": ("Minion", "ミニオン"),
    "lord": ("Lord", "ロード"),
    "skill": ("Skill", "スキル"),
    "arts": ("Arts", "アーツ"),
    "character": ("Character", "キャラクター"),
    "mission": ("Mission", "ミッション"),
    "action": ("Action", "アクション"),
    "eyecatch": ("Eyecatch", "アイキャッチ"),
    "il": ("Iron Leaguer", "アイアンリーガー"),
    "technique": ("Technique card", "技カード"),
    # Legions colours
    "black": ("Black", "黒"),
    "red": ("Red", "赤"),
    "white": ("White", "白"),
    "green": ("Green", "緑"),
    "blue": ("Blue", "青"),
    # Riders' Legend alignments
    "justice": ("Justice", "正義"),
    "evil": ("Evil", "悪"),
    # Iron Leaguer affiliations, technique kinds, timings, defence outcomes
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

# Short symbols printed on a Legions face for each colour (the colour itself is also drawn).
LEGIONS_SYMBOLS = {"black": "黒", "red": "赤", "white": "白", "green": "緑", "blue": "青"}


def label(code: Any, japanese: bool) -> str:
    """The reader's word for a stored code (``"minion"`` → ``"Minion"`` / ``"ミニオン"``); other values as text,
    ``None`` as the rules' "−"."""
    if code is None:
        return NONE_MARK
    pair = LABELS.get(code) if isinstance(code, str) else None
    if pair is None:
        return str(code)
    return pair[1] if japanese else pair[0]


def _field(card: Any, name: str, default: Any = None) -> Any:
    if isinstance(card, Mapping):
        return card.get(name, default)
    return getattr(card, name, default)


def _image_url(card: Any, size: str) -> str:
    if isinstance(card, Mapping):
        return card.get("image_url") or ""
    image = getattr(card, "thumbnail", None) if size == "sm" else None
    if not image:
        image = getattr(card, "image", None)
    try:
        return image.url if image else ""
    except ValueError:  # a FileField with no file
        return ""


def _game_code(card: Any) -> str:
    game = _field(card, "game")
    if isinstance(game, str):
        return game
    return getattr(game, "code", "") or ""


def card_face_context(card: Any, *, japanese: bool, size: str = "md") -> dict[str, Any]:
    """The face of ``card`` as a dict for the template.

    ``card``: a ``cards.models.Card``, or a dict with ``game`` (code), ``name``, ``card_type`` (or ``type``),
    ``attributes``, optional ``image_url``, ``rules_text``, ``reading``. ``size``: ``sm`` | ``md`` | ``lg``.
    Returns ``{"game", "size", "name", "reading", "type", "type_label", "image_url", "text", "sample", "face"}``
    where ``face`` holds the game's own fields (see the module docstring). Never raises on missing attributes: a
    face shows what the card has.
    """
    attrs = _field(card, "attributes") or {}
    card_type = _field(card, "card_type") or _field(card, "type") or ""
    game = _game_code(card)
    builder = _BUILDERS.get(game)
    sample_fields = _field(card, "sample_fields") or []
    return {
        "game": game or "generic",
        "size": size if size in ("sm", "md", "lg") else "md",
        "name": _field(card, "name") or "",
        "reading": _field(card, "reading") or "",
        "type": card_type,
        "type_label": label(card_type, japanese),
        "image_url": _image_url(card, size),
        "text": _field(card, "rules_text") or "",
        "sample": bool(sample_fields),
        "face": builder(card_type, attrs, japanese) if builder else {},
    }


def _legions(card_type: str, attrs: dict, japanese: bool) -> dict[str, Any]:
    colours = [c for c in attrs.get("colours") or [] if isinstance(c, str)]
    return {
        "colours": [{"code": c, "symbol": LEGIONS_SYMBOLS.get(c, c[:1]), "label": label(c, japanese)}
                    for c in colours],
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


def _riders_legend(card_type: str, attrs: dict, japanese: bool) -> dict[str, Any]:
    alignment = attrs.get("alignment") or ""
    return {
        "alignment": alignment or "none",
        "alignment_label": label(alignment, japanese) if alignment else "",
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


def _technique_half(half: Mapping | None, japanese: bool) -> dict[str, Any] | None:
    if not isinstance(half, Mapping):
        return None
    timing = half.get("timing") or ""
    kind = half.get("kind") or ""
    needs = [(key, half.get(key)) for key in ("heart", "skill", "body") if half.get(key)]
    return {
        "name": half.get("name") or "",
        "kind": kind,
        "kind_label": label(kind, japanese) if kind else "",
        "named_ils": list(half.get("named_ils") or []),
        "timing": timing,
        "timing_label": label(timing, japanese) if timing else "",
        "persons": NONE_MARK if half.get("persons") is None else half.get("persons"),
        "needs": [{"key": key, "value": value} for key, value in needs],
        "attack": half.get("attack"),
        "defence": half.get("defence"),
        "on_defence_label": label(half["on_defence"], japanese) if half.get("on_defence") else "",
        "rough_play": bool(half.get("rough_play")),
        "rough_value": half.get("rough_value"),
        "rough_penalty": half.get("rough_penalty"),
        "moves_attack_right": bool(half.get("moves_attack_right")),
        "growth_bonus": half.get("growth_bonus") or 0,
        "text": half.get("text") or "",
    }


def _iron_leaguer(card_type: str, attrs: dict, japanese: bool) -> dict[str, Any]:
    affiliation = attrs.get("affiliation") or ""
    side = "silver" if affiliation.startswith("silver") else "dark" if affiliation.startswith("dark") else "stray"
    return {
        "affiliation": affiliation,
        "affiliation_label": label(affiliation, japanese) if affiliation else "",
        "side": side,
        "heart": attrs.get("heart"),
        "skill": attrs.get("skill"),
        "body": attrs.get("body"),
        "growth": NONE_MARK if "growth" in attrs and attrs.get("growth") is None else attrs.get("growth"),
        "kinds": [{"code": k, "label": label(k, japanese)} for k in attrs.get("kinds") or []],
        "period": attrs.get("period"),
        "upper": _technique_half(attrs.get("upper"), japanese),
        "lower": _technique_half(attrs.get("lower"), japanese),
    }


_BUILDERS = {"legions": _legions, "riders_legend": _riders_legend, "iron_leaguer": _iron_leaguer}

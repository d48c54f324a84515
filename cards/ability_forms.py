"""The admin's abilities editor: rows of plain form fields built from each game's vocabulary
(``Vocabulary.describe()``), so a card's ``abilities`` is entered without writing JSON by hand.

Per game with a vocabulary (its spec's ``abilities`` part: ``cards.abilities.vocabulary_for``), fields named
``ab__<game>__…``:

- ``KEYWORD_ROWS`` keyword rows: ``kw<i>`` (the keyword) and ``kw<i>_value`` (its parameter, e.g. 衝撃's N);
- ``TRIGGER_ROWS`` trigger rows: ``tr<i>_when`` (the timing), ``tr<i>_effect``, ``tr<i>_amount`` (the
  effect's number: its first whole-number or amount parameter) and the target, ``tr<i>_pick``, ``tr<i>_side``
  and ``tr<i>_units`` (the vocabulary's ``target_rows``: Legions which units, Riders' Legend ``what`` it reaches);
- ``sample`` (sample abilities or the printed card's) and ``note``;
- ``json``: the whole abilities as JSON, for what the rows cannot say (several effects on one trigger, a
  skill's use effects, statics, conditions). Filled, it is the abilities and the rows must be empty.

``abilities_from_form`` gathers them; ``problem_field`` maps each vocabulary problem (``triggers.0.effects.0.
amount``) to the field that shows it; ``initial_from_abilities`` fills the rows from a stored value they can
say, else the JSON field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.admin import widgets as admin_widgets

from .abilities import vocabulary_codes, vocabulary_for

PREFIX = "ab"
KEYWORD_ROWS = 3
TRIGGER_ROWS = 3
NUMBER_KINDS = ("int", "amount")
SAMPLE_CHOICES = [("", "---------"), ("true", "sample abilities"), ("false", "the printed card's")]
BOTH_GIVEN = "Fill either the rows above or the JSON, not both."
NOT_JSON = "Not valid JSON: {error}."


def field_name(game_code: str, name: str) -> str:
    """``ab__legions__tr0_effect``."""
    return f"{PREFIX}__{game_code}__{name}"


def _choices(codes: list[str], labels: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    return [("", "---------")] + [(c, labels.get(c, c) if labels else c) for c in codes]


def _number_param(term: dict) -> str | None:
    return next((p["name"] for p in term["params"] if p["kind"] in NUMBER_KINDS), None)


def _target_rows(game_code: str) -> tuple[tuple[str, str, tuple[str, ...], bool], ...]:
    """The target fields a trigger row offers: ``(row field, the target's key, its choices, a list value?)``."""
    vocabulary = vocabulary_for(game_code)
    return vocabulary.target_rows if vocabulary is not None else ()


def ability_fields() -> dict[str, forms.Field]:
    """Every abilities field of every game with a vocabulary (see the module docstring), all optional."""
    fields: dict[str, forms.Field] = {}
    for code in vocabulary_codes():
        described = vocabulary_for(code).describe()
        keywords = [k["code"] for k in described["keywords"]]
        effects = {e["code"]: f"{e['code']}: {e['en']}" for e in described["effects"]}
        text = admin_widgets.AdminIntegerFieldWidget
        for i in range(KEYWORD_ROWS if keywords else 0):
            fields[field_name(code, f"kw{i}")] = forms.ChoiceField(
                required=False, choices=_choices(keywords), label=f"Keyword {i + 1}")
            fields[field_name(code, f"kw{i}_value")] = forms.IntegerField(
                required=False, widget=text, label=f"Keyword {i + 1}: its number",
                help_text="For a keyword with a number (衝撃N: N).")
        for i in range(TRIGGER_ROWS):
            n = i + 1
            fields[field_name(code, f"tr{i}_when")] = forms.ChoiceField(
                required=False, choices=_choices([t["code"] for t in described["triggers"]]), label=f"Trigger {n}")
            fields[field_name(code, f"tr{i}_effect")] = forms.ChoiceField(
                required=False, choices=_choices(list(effects), effects), label=f"Trigger {n}: effect")
            fields[field_name(code, f"tr{i}_amount")] = forms.IntegerField(
                required=False, widget=text, label=f"Trigger {n}: amount",
                help_text="The effect's number (damage, cards drawn, cores, ATK…).")
            for row, _key, choices, many in _target_rows(code):
                values = list(choices)
                label = f"Trigger {n}: target {_key}"
                fields[field_name(code, f"tr{i}_{row}")] = (
                    forms.MultipleChoiceField(required=False, choices=[(v, v) for v in values], label=label,
                                              widget=forms.CheckboxSelectMultiple)
                    if many else forms.ChoiceField(required=False, choices=_choices(values), label=label))
        fields[field_name(code, "sample")] = forms.ChoiceField(
            required=False, label="Sample abilities?", choices=SAMPLE_CHOICES,
            help_text="Whether these abilities are sample data for play or the printed card's.")
        fields[field_name(code, "note")] = forms.CharField(
            required=False, label="Note on the abilities", widget=admin_widgets.AdminTextInputWidget)
        fields[field_name(code, "json")] = forms.CharField(
            required=False, label="Abilities as JSON (advanced)",
            widget=admin_widgets.AdminTextareaWidget(attrs={"rows": 4}),
            help_text="For what the rows cannot say; when filled it is the whole abilities "
                      "(shape: docs/formats.md, Abilities). Leave the rows empty then.")
    return fields


def ability_fieldset(game_code: str) -> tuple[str, dict[str, Any]] | None:
    """The admin fieldset of ``game_code``'s abilities, or None for a game without a vocabulary."""
    if vocabulary_for(game_code) is None:
        return None
    names = [name for name in ability_fields() if name.startswith(field_name(game_code, ""))]
    return (f"{game_code} abilities", {
        "fields": names, "classes": ["game-attributes", f"game-{game_code}"],
        "description": "Keywords and triggers of the card, in the game's ability vocabulary; empty rows are "
                       "ignored. The card page shows them as text; the referee applies them.",
    })


def _row_filled(data: Mapping[str, Any], game_code: str, names: list[str]) -> bool:
    return any(data.get(field_name(game_code, n)) not in (None, "", []) for n in names)


def abilities_from_form(game_code: str, data: Mapping[str, Any]) -> tuple[Any, str | None]:
    """The abilities the cleaned form ``data`` says for a card of ``game_code``, and an error for the JSON
    field (not JSON, or JSON and rows both filled), else None. A game without a vocabulary gives ``{}``."""
    if vocabulary_for(game_code) is None:
        return {}, None
    described = vocabulary_for(game_code).describe()
    raw = (data.get(field_name(game_code, "json")) or "").strip()
    abilities = _abilities_from_rows(game_code, described, data)
    if raw:
        if abilities:
            return abilities, BOTH_GIVEN
        try:
            return json.loads(raw), None
        except json.JSONDecodeError as exc:
            return {}, NOT_JSON.format(error=exc.msg)
    return abilities, None


def _abilities_from_rows(game_code: str, described: dict, data: Mapping[str, Any]) -> dict:
    keyword_params = {k["code"]: k["params"] for k in described["keywords"]}
    effects = {e["code"]: e for e in described["effects"]}
    out: dict[str, Any] = {}
    for i in range(KEYWORD_ROWS):
        code = data.get(field_name(game_code, f"kw{i}"))
        if not code:
            continue
        item: dict[str, Any] = {"keyword": code}
        value = data.get(field_name(game_code, f"kw{i}_value"))
        if keyword_params.get(code) and value is not None:
            item[keyword_params[code][0]["name"]] = value
        out.setdefault("keywords", []).append(item)
    for i in range(TRIGGER_ROWS):
        names = [f"tr{i}_{suffix}" for suffix in ("when", "effect", "amount", "pick", "side", "units")]
        if not _row_filled(data, game_code, names):
            continue
        effect: dict[str, Any] = {"effect": data.get(field_name(game_code, f"tr{i}_effect")) or None}
        term = effects.get(effect["effect"])
        number = _number_param(term) if term else None
        amount = data.get(field_name(game_code, f"tr{i}_amount"))
        if number and amount is not None:
            effect[number] = amount
        target = {key: data.get(field_name(game_code, f"tr{i}_{row}"))
                  for row, key, _c, _m in _target_rows(game_code)}
        target = {k: v for k, v in target.items() if v not in (None, "", [])}
        if target and term and any(p["kind"] == "target" for p in term["params"]):
            effect["target"] = target
        out.setdefault("triggers", []).append(
            {"when": data.get(field_name(game_code, f"tr{i}_when")) or None, "effects": [effect]})
    sample = data.get(field_name(game_code, "sample"))
    if sample:
        out["sample"] = sample == "true"
    note = (data.get(field_name(game_code, "note")) or "").strip()
    if note:
        out["note"] = note
    return out


def problem_field(game_code: str, path: str, rows: bool) -> str | None:
    """The form field that shows a vocabulary problem at ``path`` (``triggers.1.effects.0.target.pick``):
    a row field when the abilities came from the rows, else the JSON field; None for the whole form."""
    json_field = field_name(game_code, "json")
    if not rows or not path:
        return json_field
    parts = path.split(".")
    index = parts[1] if len(parts) > 1 and parts[1].isdigit() else None
    if parts[0] in ("sample", "note"):
        return field_name(game_code, parts[0])
    if parts[0] == "keywords" and index is not None:
        return field_name(game_code, f"kw{index}" if parts[2:] == ["keyword"] else f"kw{index}_value")
    if parts[0] == "triggers" and index is not None:
        rest = parts[2:]
        if rest[:1] == ["when"]:
            return field_name(game_code, f"tr{index}_when")
        detail = rest[2:]  # effects.0.<param>…
        if detail[:1] == ["target"]:
            keys = {key: row for row, key, _c, _m in _target_rows(game_code)}
            return field_name(game_code, f"tr{index}_{keys.get(detail[1] if len(detail) > 1 else '', 'pick')}")
        if detail and detail[0] != "effect" and detail[0] in _number_names(game_code):
            return field_name(game_code, f"tr{index}_amount")
        return field_name(game_code, f"tr{index}_effect")
    return json_field


def _number_names(game_code: str) -> set[str]:
    return {n for e in vocabulary_for(game_code).describe()["effects"] if (n := _number_param(e))}


def initial_from_abilities(game_code: str, abilities: Any) -> dict[str, Any]:
    """Form initial values showing stored ``abilities``: the rows when they say it exactly, else the JSON."""
    if vocabulary_for(game_code) is None or not abilities:
        return {}
    described = vocabulary_for(game_code).describe()
    initial = _initial_rows(game_code, described, abilities)
    if initial is not None:
        rebuilt = _abilities_from_rows(game_code, described, initial)
        if rebuilt == abilities:
            return initial
    return {field_name(game_code, "json"): json.dumps(abilities, ensure_ascii=False, indent=1)}


def _initial_rows(game_code: str, described: dict, abilities: Any) -> dict[str, Any] | None:
    if not isinstance(abilities, dict) or set(abilities) - {"keywords", "triggers", "sample", "note"}:
        return None
    keywords, triggers = abilities.get("keywords", []), abilities.get("triggers", [])
    if len(keywords) > KEYWORD_ROWS or len(triggers) > TRIGGER_ROWS:
        return None
    initial: dict[str, Any] = {}
    if "sample" in abilities:
        initial[field_name(game_code, "sample")] = "true" if abilities["sample"] else "false"
    if "note" in abilities:
        initial[field_name(game_code, "note")] = abilities["note"]
    for i, item in enumerate(keywords):
        initial[field_name(game_code, f"kw{i}")] = item.get("keyword")
        values = [v for k, v in item.items() if k != "keyword"]
        if values:
            initial[field_name(game_code, f"kw{i}_value")] = values[0]
    effects = {e["code"]: e for e in described["effects"]}
    for i, trigger in enumerate(triggers):
        if len(trigger.get("effects", [])) != 1:
            return None
        effect = trigger["effects"][0]
        initial[field_name(game_code, f"tr{i}_when")] = trigger.get("when")
        initial[field_name(game_code, f"tr{i}_effect")] = effect.get("effect")
        number = _number_param(effects[effect["effect"]]) if effect.get("effect") in effects else None
        if number and number in effect:
            initial[field_name(game_code, f"tr{i}_amount")] = effect[number]
        for row, key, _c, _m in _target_rows(game_code):
            if key in effect.get("target", {}):
                initial[field_name(game_code, f"tr{i}_{row}")] = effect["target"][key]
    return initial

"""English and Japanese names of card types and attribute values, for the pages (the search accepts the
Japanese ones too: ``keys``).

Terms from ``docs/glossary.md`` and the rule documents. A value without a label is shown as stored.
"""

from __future__ import annotations

from typing import Any

from cards.faces import label
from cards.games import labels
from cards.games.schema import BOOL, NONE_MARK, Attr

# Every stored code (card types, colours, alignments, affiliations, kinds, timings…) has one English and one
# Japanese label, kept in its game's schema (``GameSchema.labels``) so the card faces and the pages say the same
# words.
_BOOL = {True: ("yes", "あり"), False: ("no", "なし")}


def card_type_label(card_type: str, japanese: bool) -> str:
    """``minion`` → ``Minion``, or ``ミニオン`` in Japanese; an unknown type as stored."""
    return label(card_type, japanese)


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
    if attr.choices and value in labels():
        return label(value, japanese)
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


def choice_list(codes) -> str:
    """The values a key takes, for an error message in the active language: Japanese labels (which the search
    also accepts) in Japanese, ``code (Label)`` in English when the label says more than the code; a
    description (``a name``) translated."""
    from django.utils.translation import get_language, gettext

    japanese = (get_language() or "").startswith("ja")
    words = []
    for code in codes:
        if code not in labels():
            words.append(gettext(code))
        elif japanese:
            words.append(label(code, True))
        else:
            english = label(code, False)
            same = english.lower() == code.replace("_", " ").lower()
            words.append(code if same else f"{code} ({english})")
    return "、".join(words) if japanese else ", ".join(words)

"""The declarative attribute schema every game's cards are checked against.

An ``Attr`` says what one attribute is (its kind, bounds and choices), on which card types it may appear and on
which it is required. ``GameSchema.validate(card_type, attributes)`` returns every problem at once as
``AttributeError_(field, message)`` and ``GameSchema.clean`` returns the normalised attributes (defaults filled,
unknown keys refused). A game may add cross-field checks through ``extra_checks``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# Kinds of attribute value.
INT = "int"  # whole number within [minimum, maximum]
OPT_INT = "opt_int"  # whole number, or None written "−" (IL growth value, technique persons)
STR = "str"  # text
BOOL = "bool"  # true/false
CHOICE = "choice"  # one of ``choices``
CHOICES = "choices"  # a list of distinct values from ``choices``
NAMES = "names"  # a list of card names (free text)
NESTED = "nested"  # a mapping checked against ``fields`` (an Iron Leaguer technique card's upper/lower half)

NONE_MARK = "−"  # U+2212, how the rules write "none" (growth value −, persons −)
NONE_SPELLINGS = {"−", "-", "ー", "－", "none", "null", ""}


def _(text: str) -> str:
    """Marks a message template for translation (``makemessages`` collects ``_("…")``) and returns it unchanged:
    this module stays free of Django; ``AttributeError_.localized(gettext)`` translates where a reader sees it."""
    return text


@dataclass(frozen=True)
class AttributeError_:
    """One problem with one attribute: ``field`` is a dotted path (``hp``, ``upper.persons``); ``message`` the
    English text (importer reports, the API). ``template`` and ``params`` are the message before formatting
    (``message == template.format(**dict(params))``), for ``localized``."""

    field: str
    message: str
    template: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    def localized(self, translate: Callable[[str], str], type_label: Callable[[str], str] | None = None) -> str:
        """The message in a reader's language: ``translate`` (Django's ``gettext``) applied to the template, and a
        ``card_type`` parameter in the reader's words by ``type_label`` (``minion`` → ミニオン) when given."""
        if not self.template:
            return self.message
        params = dict(self.params)
        if type_label is not None and "card_type" in params:
            params["card_type"] = type_label(params["card_type"])
        return translate(self.template).format(**params)


def problem(path: str, template: str, **params: Any) -> AttributeError_:
    """An ``AttributeError_`` at ``path`` whose message is ``template`` (marked ``_("…")``) formatted with
    ``params``."""
    return AttributeError_(path, template.format(**params), template, tuple(params.items()))


@dataclass(frozen=True)
class Attr:
    """One typed attribute of a card.

    ``types`` are the card types it may appear on (empty: all types); ``required`` those on which it must be
    present. ``default`` fills it in on the types it belongs to when absent and not required.
    """

    name: str
    kind: str
    label: str
    label_ja: str
    types: frozenset[str] = frozenset()
    required: frozenset[str] = frozenset()
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    min_items: int | None = None
    max_items: int | None = None
    default: Any = None
    fields: tuple[Attr, ...] = ()
    search_key: str | None = None  # the search language's key for this attribute, if any

    def applies_to(self, card_type: str) -> bool:
        return not self.types or card_type in self.types


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip().translate(_FULLWIDTH_DIGITS)
        if text.lstrip("-").isdigit():
            return int(text)
    return None


_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９－", "0123456789-")


def check_value(attr: Attr, value: Any, path: str) -> tuple[Any, list[AttributeError_]]:
    """Check and normalise one value; return (normalised value, problems)."""
    errors: list[AttributeError_] = []
    if attr.kind in (INT, OPT_INT):
        if attr.kind == OPT_INT and (value is None or (isinstance(value, str) and value.strip() in NONE_SPELLINGS)):
            return None, []
        number = _as_int(value)
        if number is None:
            return value, [problem(path, _("must be a whole number, not {value!r}"), value=value)]
        if attr.minimum is not None and number < attr.minimum:
            errors.append(problem(path, _("must be at least {minimum}, not {value}"), minimum=attr.minimum,
                                  value=number))
        if attr.maximum is not None and number > attr.maximum:
            errors.append(problem(path, _("must be at most {maximum}, not {value}"), maximum=attr.maximum,
                                  value=number))
        return number, errors
    if attr.kind == STR:
        if not isinstance(value, str):
            return value, [problem(path, _("must be text, not {value!r}"), value=value)]
        return value.strip(), []
    if attr.kind == BOOL:
        if isinstance(value, bool):
            return value, []
        if isinstance(value, str) and value.strip().lower() in {"true", "1", "yes", "false", "0", "no", ""}:
            return value.strip().lower() in {"true", "1", "yes"}, []
        return value, [problem(path, _("must be true or false, not {value!r}"), value=value)]
    if attr.kind == CHOICE:
        if value not in attr.choices:
            return value, [problem(path, _("must be one of {choices}, not {value!r}"),
                                   choices=", ".join(attr.choices), value=value)]
        return value, []
    if attr.kind in (CHOICES, NAMES):
        if isinstance(value, str):
            value = [part.strip() for part in value.replace("/", "|").split("|") if part.strip()]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            return value, [problem(path, _("must be a list of text values, not {value!r}"), value=value)]
        if attr.kind == CHOICES:
            bad = [item for item in value if item not in attr.choices]
            if bad:
                errors.append(problem(path, _("{values} not among {choices}"), values=", ".join(bad),
                                      choices=", ".join(attr.choices)))
            if len(set(value)) != len(value):
                errors.append(problem(path, _("lists a value twice")))
        if attr.min_items is not None and len(value) < attr.min_items:
            errors.append(problem(path, _("needs at least {minimum} values, has {count}"),
                                  minimum=attr.min_items, count=len(value)))
        if attr.max_items is not None and len(value) > attr.max_items:
            errors.append(problem(path, _("takes at most {maximum} values, has {count}"),
                                  maximum=attr.max_items, count=len(value)))
        return value, errors
    if attr.kind == NESTED:
        if not isinstance(value, Mapping):
            return value, [problem(path, _("must be a mapping of fields"))]
        return _check_fields(attr.fields, None, value, prefix=f"{path}.")
    raise ValueError(f"unknown attribute kind {attr.kind!r}")  # a schema bug, not bad input


def _check_fields(
    attrs: Iterable[Attr], card_type: str | None, values: Mapping[str, Any], *, prefix: str = ""
) -> tuple[dict[str, Any], list[AttributeError_]]:
    attrs = tuple(attrs)
    known = {a.name for a in attrs}
    errors: list[AttributeError_] = []
    cleaned: dict[str, Any] = {}
    for key in values:
        if key not in known:
            errors.append(problem(f"{prefix}{key}", _("is not an attribute of this game's cards")))
    for attr in attrs:
        path = f"{prefix}{attr.name}"
        present = attr.name in values and not (
            values[attr.name] is None and attr.kind != OPT_INT
        ) and values[attr.name] != ""
        applies = card_type is None or attr.applies_to(card_type)
        if not applies:
            if present and values[attr.name] not in ([], False):
                errors.append(problem(path, _("does not belong on a {card_type} card"), card_type=card_type))
            continue
        if not present:
            if card_type is not None and card_type in attr.required:
                errors.append(problem(path, _("is required on a {card_type} card"), card_type=card_type))
            elif card_type is None and attr.required:
                errors.append(problem(path, _("is required")))
            elif attr.default is not None or attr.kind == OPT_INT and attr.name in values:
                cleaned[attr.name] = attr.default
            continue
        value, problems = check_value(attr, values[attr.name], path)
        errors.extend(problems)
        cleaned[attr.name] = value
    return cleaned, errors


@dataclass(frozen=True)
class SearchKeys:
    """What the search language knows of a game beyond its attributes' own keys (``Attr.search_key``).

    ``aliases``: other spellings of stored values, mapped to the value (``"攻": "attack"``; the Japanese labels of
    ``GameSchema.labels`` are accepted without being listed); ``groups``: per attribute, a word that means any of
    several values (``{"affiliation": {"dark": ("dark_starter", "dark_leaguer")}}``); ``nested``: a key that looks
    inside a nested attribute, with the paths it reads (``{"kind": (("upper", "kind"), ("lower", "kind"))}``);
    ``examples``: ``(query, English description)`` pairs for the search page (the description is translated when
    shown)."""

    aliases: Mapping[str, str] = field(default_factory=dict)
    groups: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    nested: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    examples: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class GameSchema:
    """A game's card types and attributes; ``extra_checks`` add rules that span several fields.

    ``labels``: the reader's words for every stored code of the game's cards, ``code -> (English, Japanese)``:
    each card type (as a card face titles it) and each choice value; ``type_nouns``: each card type as an English
    sentence says it, ``(singular, plural)`` (``("IL", "ILs")``); ``search``: the search language's extra keys."""

    code: str
    card_types: tuple[str, ...]
    attrs: tuple[Attr, ...]
    extra_checks: tuple[Callable[[str, dict[str, Any]], list[AttributeError_]], ...] = field(default=())
    labels: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    type_nouns: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    search: SearchKeys = field(default_factory=SearchKeys)

    def attr(self, name: str) -> Attr:
        for attr in self.attrs:
            if attr.name == name:
                return attr
        raise KeyError(name)

    def clean(
        self, card_type: str, attributes: Mapping[str, Any] | None
    ) -> tuple[dict[str, Any], list[AttributeError_]]:
        """Check ``attributes`` for a card of ``card_type``.

        Returns ``(cleaned, errors)``: the normalised attributes and every problem found (empty when the card is
        possible). ``card_type`` outside ``card_types`` is itself reported as a ``card_type`` problem.
        """
        if card_type not in self.card_types:
            return dict(attributes or {}), [
                problem("card_type", _("must be one of {choices}, not {value!r}"), choices=", ".join(self.card_types),
                        value=card_type)
            ]
        cleaned, errors = _check_fields(self.attrs, card_type, attributes or {})
        if not errors:
            for check in self.extra_checks:
                errors.extend(check(card_type, cleaned))
        return cleaned, errors

    def validate(self, card_type: str, attributes: Mapping[str, Any] | None) -> list[AttributeError_]:
        """Return every problem with a card of ``card_type`` having ``attributes`` (empty list: possible card)."""
        return self.clean(card_type, attributes)[1]

    def search_keys(self) -> dict[str, Attr]:
        """The search language's keys for this game, mapped to their attributes."""
        return {a.search_key: a for a in self.attrs if a.search_key}

    def field_at(self, path: tuple[str, ...]) -> Attr:
        """The attribute at ``path`` (``("upper", "kind")``: the ``kind`` field of the nested ``upper``). KeyError
        names a step that is not there."""
        attr = self.attr(path[0])
        for name in path[1:]:
            attr = next((f for f in attr.fields if f.name == name), None) or _missing(name)
        return attr

    def type_label(self, card_type: str, japanese: bool) -> str:
        """A card type as a face titles it (``il`` -> "Iron Leaguer"), the code itself when unlabelled."""
        pair = self.labels.get(card_type)
        return pair[1 if japanese else 0] if pair else card_type


def _missing(name: str) -> Attr:
    raise KeyError(name)

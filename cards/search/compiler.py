"""Compile a search AST to a Django ``Q`` over ``cards.Card``.

Game attributes live in ``Card.attributes`` (JSON). Numbers compare as integers on SQLite and PostgreSQL
alike:
``Cast(KT("attributes__atk"), IntegerField())``. Every attribute condition also requires the value to be
present,
so ``-atk>=3`` keeps the cards that have no ATK at all. List attributes (Legions colours, IL technique
kinds) are
matched element by element (at most ``max_items`` or ``len(choices)`` of them), which works on both databases.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import IntegerField, Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    IContains,
    IExact,
    IsNull,
    LessThan,
    LessThanOrEqual,
)

from cards.games.schema import BOOL, CHOICE, CHOICES, INT, NAMES, OPT_INT

from . import errors as E
from .errors import QueryError
from .keys import COMMON_KEYS, KeyTarget, card_types, key_table, resolve_choice
from .parser import And, Node, Not, Or, Term, Word

_NUMERIC_OPS = {
    ":": Exact,
    "=": Exact,
    "!=": Exact,
    "<": LessThan,
    "<=": LessThanOrEqual,
    ">": GreaterThan,
    ">=": GreaterThanOrEqual,
}
_EQUALITY_OPS = (":", "=", "!=")
_HIRAGANA = "".join(chr(c) for c in range(0x3041, 0x3097))
_KATAKANA = "".join(chr(c) for c in range(0x30A1, 0x30F7))
_TO_KATAKANA = str.maketrans(_HIRAGANA, _KATAKANA)
_TO_HIRAGANA = str.maketrans(_KATAKANA, _HIRAGANA)


def compile_node(node: Node | None, game_codes: Sequence[str]) -> Q:
    """Compile ``node`` for cards of the games ``game_codes``; ``None`` compiles to "everything".

    Raises ``QueryError`` naming the key and its position for an unknown key, a value of the wrong kind
    (``hp:abc``), an unknown choice (``c:purple``) or an operator the key does not take (``t>3``).
    """
    codes = tuple(game_codes)
    if node is None:
        return Q()
    if isinstance(node, And):
        return _combine((compile_node(child, codes) for child in node.children), all_of=True)
    if isinstance(node, Or):
        return _combine((compile_node(child, codes) for child in node.children), all_of=False)
    if isinstance(node, Not):
        return ~compile_node(node.child, codes)
    if isinstance(node, Word):
        return _words(node.text, ("name", "reading", "rules_text"))
    return _term(node, codes)


def _combine(parts, *, all_of: bool) -> Q:
    result = None
    for part in parts:
        result = part if result is None else (result & part if all_of else result | part)
    return result


def kana_variants(text: str) -> set[str]:
    """``text`` as typed, with hiragana as katakana and katakana as hiragana (readings may use either)."""
    return {text, text.translate(_TO_KATAKANA), text.translate(_TO_HIRAGANA)}


def _words(text: str, fields: Sequence[str]) -> Q:
    return _combine(
        (Q(**{f"{field}__icontains": variant}) for field in fields for variant in kana_variants(text)),
        all_of=False,
    )


def _term(term: Term, codes: tuple[str, ...]) -> Q:
    common = COMMON_KEYS.get(term.key)
    if common is not None:
        return _common(common, term, codes)
    targets = key_table(codes).get(term.key)
    if not targets:
        raise QueryError(E.UNKNOWN_KEY.format(key=term.key), term.position, term.fragment, key=term.key)
    parts = []
    for target in targets:
        condition = _attribute(target, term)
        parts.append(Q(game__code=target.game) & condition if len(codes) > 1 else condition)
    return _combine(parts, all_of=False)


def _require_equality(term: Term) -> None:
    if term.op not in _EQUALITY_OPS:
        raise QueryError(
            E.BAD_OPERATOR.format(key=term.key, op=term.op), term.position, term.fragment, key=term.key
        )


def _negate_if(term: Term, condition: Q, guard: Q | None = None) -> Q:
    if term.op != "!=":
        return condition
    return (guard & ~condition) if guard is not None else ~condition


def _common(key: str, term: Term, codes: tuple[str, ...]) -> Q:
    _require_equality(term)
    value = term.value
    if key == "t":
        known = card_types(codes)
        if value.lower() not in known:
            message = E.BAD_CHOICE.format(key=term.key, choices=", ".join(known), value=value)
            raise QueryError(message, term.value_position, term.fragment, key=term.key)
        return _negate_if(term, Q(card_type=value.lower()))
    if key == "set":
        return _negate_if(term, Q(card_set__code__iexact=value))
    if key == "r":
        return _negate_if(term, Q(rarity__iexact=value))
    condition = _words(value, ("name", "reading")) if term.op == ":" else Q(name=value) | Q(reading=value)
    return _negate_if(term, condition)


def _attribute(target: KeyTarget, term: Term) -> Q:
    """The condition of ``term`` on one game's attribute ``target`` (present, and matching)."""
    path = "__".join(("attributes", *target.path))
    attr = target.attr
    if attr.kind in (INT, OPT_INT):
        number = _number(term)
        value = Cast(KT(path), IntegerField())
        present = Q(IsNull(value, False))
        condition = Q(_NUMERIC_OPS[term.op](value, number))
        return present & ~condition if term.op == "!=" else present & condition
    _require_equality(term)
    present = Q(IsNull(KT(path), False))
    if attr.kind == CHOICE:
        return _negate_if(term, present & Q(Exact(KT(path), _choice(attr, term, term.value))), present)
    if attr.kind in (CHOICES, NAMES):
        return _negate_if(term, present & _list_match(path, attr, term), present)
    if attr.kind == BOOL:
        truth = term.value.lower() in ("true", "yes", "1", "y")
        return _negate_if(term, Q(Exact(KT(path), truth)), present)
    lookup = IContains if term.op == ":" else IExact
    return _negate_if(term, present & Q(lookup(KT(path), term.value)), present)


def _number(term: Term) -> int:
    text = term.value.strip()
    if not text.lstrip("-").isdigit():
        message = E.NOT_A_NUMBER.format(key=term.key, value=term.value)
        raise QueryError(message, term.value_position, term.fragment, key=term.key)
    return int(text)


def _choice(attr, term: Term, value: str) -> str:
    if attr.kind == NAMES:
        return value
    resolved = resolve_choice(attr, value)
    if resolved is None:
        message = E.BAD_CHOICE.format(key=term.key, choices=", ".join(attr.choices), value=value)
        raise QueryError(message, term.value_position, term.fragment, key=term.key)
    return resolved


def _list_match(path: str, attr, term: Term) -> Q:
    """``c:red`` — any element is red; ``c:red/green`` — exactly the class {red, green} (Legions: クラス)."""
    size = attr.max_items or len(attr.choices) or 8
    values = [_choice(attr, term, part) for part in term.value.split("/") if part]
    if len(values) != len(set(values)):
        message = E.BAD_CHOICE.format(key=term.key, choices="distinct values", value=term.value)
        raise QueryError(message, term.value_position, term.fragment, key=term.key)
    if len(values) == 1:
        return _element_in(path, values[0], range(size))
    exact = _combine((_element_in(path, value, range(len(values))) for value in values), all_of=True)
    return exact & Q(IsNull(KT(f"{path}__{len(values)}"), True))


def _element_in(path: str, value: str, indexes) -> Q:
    return _combine((Q(Exact(KT(f"{path}__{index}"), value)) for index in indexes), all_of=False)

"""Compile a search AST to a Django ``Q`` over ``cards.Card``.

Game attributes live in ``Card.attributes`` (JSON). Numbers compare as integers on SQLite and PostgreSQL
alike: ``Cast(KT("attributes__atk"), IntegerField())``. A missing attribute never matches a term, and a
negated term keeps the cards without that attribute (``-atk>=3`` keeps the cards that have no ATK at all).

Negation is pushed down to the terms (De Morgan), so only a negated term carries the "value is present"
guard its two-valued complement needs; a term in positive position is the bare comparison (a missing value
compares as NULL, which AND/OR treat as false). That keeps the SQL the same in meaning and lets PostgreSQL
estimate each comparison once from its statistics (migration 0003) instead of twice.

List attributes (Legions colours, IL technique kinds) are matched element by element (at most ``max_items``
or ``len(choices)`` of them) on SQLite, and by jsonb containment (``attributes @> {"colours": ["red"]}``,
served by the GIN ``jsonb_path_ops`` index) on PostgreSQL: the same cards either way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from django.db.models import IntegerField, Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    IContains,
    IEndsWith,
    IExact,
    In,
    IsNull,
    IStartsWith,
    LessThan,
    LessThanOrEqual,
)

from cards.games.schema import BOOL, CHOICE, CHOICES, INT, NAMES, NONE_MARK, OPT_INT

from . import errors as E
from .abilities import ABILITY_KEYS, keyword_condition, keyword_names
from .errors import query_error
from .keys import COMMON_KEYS, KeyTarget, card_types, choice_group, key_table, resolve_choice, type_aliases
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
MAX_NUMBER = 10**9  # |n| below this: every printed value fits, and so does every database's integer
_NUMBER = re.compile(r"-?[0-9]+")  # ASCII digits only (after NFKC): "፩".isdigit() is true, int() refuses it
_NONE_VALUES = frozenset({NONE_MARK, "-", "ー", "none"})  # growth:− (IL 11.7), persons:−
_MAX_PERMUTED = 3  # an exact class of up to 3 values is matched as one of its 6 orderings on PostgreSQL
_HIRAGANA = "".join(chr(c) for c in range(0x3041, 0x3097))
_KATAKANA = "".join(chr(c) for c in range(0x30A1, 0x30F7))
_TO_KATAKANA = str.maketrans(_HIRAGANA, _KATAKANA)
_TO_HIRAGANA = str.maketrans(_KATAKANA, _HIRAGANA)


@dataclass(frozen=True)
class _Context:
    codes: tuple[str, ...]
    postgres: bool  # render list terms as jsonb containment


def compile_node(node: Node | None, game_codes: Sequence[str], *, postgres: bool = False) -> Q:
    """Compile ``node`` for cards of the games ``game_codes``; ``None`` compiles to "everything".

    ``postgres`` selects the PostgreSQL rendering of list terms (same cards, served by the GIN index).
    Raises ``QueryError`` naming the key and its position for an unknown key, a value of the wrong kind
    (``hp:abc``), an unknown choice (``c:purple``) or an operator the key does not take (``t>3``).
    """
    if node is None:
        return Q()
    return _compile(node, _Context(tuple(game_codes), postgres), negated=False)


def _compile(node: Node, ctx: _Context, *, negated: bool) -> Q:
    """``node``, or its complement when ``negated``, with every NOT pushed down onto a term or word."""
    if isinstance(node, Not):
        return _compile(node.child, ctx, negated=not negated)
    if isinstance(node, And | Or):
        children = (_compile(child, ctx, negated=negated) for child in node.children)
        return _combine(children, all_of=isinstance(node, And) != negated)  # De Morgan
    if isinstance(node, Word):
        condition = _words(node.text, ("name", "reading", "rules_text"))
    else:
        condition = _term(node, ctx, guarded=negated)
    return ~condition if negated else condition


def _combine(parts, *, all_of: bool) -> Q:
    result = None
    for part in parts:
        result = part if result is None else (result & part if all_of else result | part)
    return result


def kana_variants(text: str) -> set[str]:
    """``text`` as typed, with hiragana as katakana and katakana as hiragana (readings may use either)."""
    return {text, text.translate(_TO_KATAKANA), text.translate(_TO_HIRAGANA)}


def _words(text: str, fields: Sequence[str]) -> Q:
    """Any of ``fields`` contains ``text`` (any kana variant), ignoring case.

    A variant without case (kana, kanji, digits) is matched with ``contains``: the same cards as
    ``icontains``, without upper-casing every row's text on PostgreSQL (SQLite's LIKE is the same for both).
    """
    return _combine(
        (
            Q(**{f"{field}__{'contains' if _caseless(variant) else 'icontains'}": variant})
            for field in fields
            for variant in sorted(kana_variants(text))
        ),
        all_of=False,
    )


def _caseless(text: str) -> bool:
    return text == text.upper() == text.lower()


def _term(term: Term, ctx: _Context, *, guarded: bool) -> Q:
    """``term``'s condition; ``guarded`` adds the presence checks that make it two-valued (to negate it)."""
    common = COMMON_KEYS.get(term.key)
    if common is not None:
        return _common(common, term, ctx.codes)
    if term.key in ABILITY_KEYS and keyword_names(ctx.codes):
        return _keyword(term, ctx)
    targets = key_table(ctx.codes).get(term.key)
    if not targets:
        raise query_error(E.UNKNOWN_KEY, term.position, term.fragment, term.key, key=term.key)
    parts = []
    for target in targets:
        condition = _attribute(target, term, ctx, guarded=guarded)
        parts.append(Q(game__code=target.game) & condition if len(ctx.codes) > 1 else condition)
    return _combine(parts, all_of=False)


def _require_equality(term: Term) -> None:
    if term.op not in _EQUALITY_OPS:
        raise query_error(E.BAD_OPERATOR, term.position, term.fragment, term.key, key=term.key, op=term.op)


def _negate_if(term: Term, condition: Q, guard: Q | None = None) -> Q:
    if term.op != "!=":
        return condition
    return (guard & ~condition) if guard is not None else ~condition


def _common(key: str, term: Term, codes: tuple[str, ...]) -> Q:
    _require_equality(term)
    value = term.value
    if key == "t":
        known = card_types(codes)
        card_type = type_aliases().get(value, value).lower()  # t:ミニオン = t:minion
        if card_type not in known:
            raise _bad_choice(term, known, value)
        return _negate_if(term, Q(card_type=card_type))
    if key == "set":
        return _negate_if(term, Q(card_set__code__iexact=value))
    if key == "r":
        return _negate_if(term, Q(rarity__iexact=value))
    condition = _words(value, ("name", "reading")) if term.op == ":" else Q(name=value) | Q(reading=value)
    return _negate_if(term, condition)


def _keyword(term: Term, ctx: _Context) -> Q:
    """``kw:速攻`` — the card's abilities (``Card.abilities.keywords``) hold the keyword (see ``abilities``)."""
    _require_equality(term)
    names = keyword_names(ctx.codes)
    keyword = names.get(term.value) or names.get(term.value.lower())
    if keyword is None:
        raise _bad_choice(term, sorted(set(names.values())), term.value)
    return _negate_if(term, keyword_condition(keyword, ctx.codes, postgres=ctx.postgres))


def _attribute(target: KeyTarget, term: Term, ctx: _Context, *, guarded: bool) -> Q:
    """The condition of ``term`` on one game's attribute ``target``: matching, and present when
    ``guarded`` or the operator is ``!=`` (so that its complement keeps the cards without the attribute)."""
    path = "__".join(("attributes", *target.path))
    attr = target.attr
    if attr.kind == OPT_INT and term.value.lower() in _NONE_VALUES:
        return _none_value(target, term, ctx)
    if attr.kind in (INT, OPT_INT):
        number = _number(term)
        value = Cast(KT(path), IntegerField())
        present = _has_number(target, ctx) if attr.kind == OPT_INT else Q(IsNull(value, False))
        condition = Q(_NUMERIC_OPS[term.op](value, number))
        if term.op == "!=":
            return present & ~condition
        # SQLite: an optional number must also be checked for "−" in positive position (see ``_has_number``)
        return present & condition if guarded or (attr.kind == OPT_INT and not ctx.postgres) else condition
    _require_equality(term)
    present = Q(IsNull(KT(path), False))
    if attr.kind == CHOICE:
        condition = _single_choice(KT(path), attr, term)
    elif attr.kind in (CHOICES, NAMES):
        condition = _list_match(target, attr, term, ctx)
    elif attr.kind == BOOL:
        condition = Q(Exact(KT(path), term.value.lower() in ("true", "yes", "1", "y")))
    else:
        condition = _text(KT(path), term)
    if guarded and term.op != "!=":
        condition = present & condition
    return _negate_if(term, condition, present)


def _number(term: Term) -> int:
    """The term's value as an integer: ASCII digits with at most one leading '-', ``|n| < MAX_NUMBER``."""
    text = term.value.strip()
    if not _NUMBER.fullmatch(text):
        raise query_error(
            E.NOT_A_NUMBER, term.value_position, term.fragment, term.key, key=term.key, value=term.value
        )
    if len(text.lstrip("-")) > 9 or abs(int(text)) >= MAX_NUMBER:
        raise query_error(
            E.NUMBER_TOO_BIG,
            term.value_position,
            term.fragment,
            term.key,
            key=term.key,
            value=term.value,
            limit=MAX_NUMBER - 1,
        )
    return int(text)


def _none_value(target: KeyTarget, term: Term, ctx: _Context) -> Q:
    """``growth:−`` — the attribute is present and written "−" (JSON null; IL 11.7); ``growth!=−`` — it has
    a number. Both two-valued."""
    if term.op not in _EQUALITY_OPS:
        raise query_error(E.NONE_NEEDS_EQUALITY, term.position, term.fragment, term.key, key=term.key, op=term.op)
    if term.op == "!=":
        return _has_number(target, ctx)
    return _json_null(target)


def _json_null(target: KeyTarget) -> Q:
    """The attribute is present with the value JSON null (two-valued: false when the key is missing)."""
    *parent, last = ("attributes", *target.path)
    return Q(**{f"{'__'.join(parent)}__has_key": last}) & Q(**{"__".join(("attributes", *target.path)): None})


def _has_number(target: KeyTarget, ctx: _Context) -> Q:
    """An optional number is present and not "−". SQLite reads JSON null as the text 'null', which casts to
    0, so null is excluded explicitly there; PostgreSQL casts it to NULL."""
    present = Q(IsNull(Cast(KT("__".join(("attributes", *target.path))), IntegerField()), False))
    return present if ctx.postgres else present & ~_json_null(target)


def _bad_choice(term: Term, choices, value: str):
    return query_error(
        E.BAD_CHOICE,
        term.value_position,
        term.fragment,
        term.key,
        key=term.key,
        choices=", ".join(choices),
        value=value,
        codes=tuple(choices),  # labelled in the reader's language by ``QueryError.localized``
    )


def _choice(attr, term: Term, value: str) -> str:
    if attr.kind == NAMES:
        return value
    resolved = resolve_choice(attr, value)
    if resolved is None:
        raise _bad_choice(term, attr.choices, value)
    return resolved


def _single_choice(value, attr, term: Term) -> Q:
    """``align:evil`` — exactly that choice; a group name (``aff:dark``) — any choice of the group."""
    group = choice_group(attr, term.value)
    if group:
        return Q(In(value, list(group)))
    return Q(Exact(value, _choice(attr, term, term.value)))


def _text(value, term: Term) -> Q:
    """A text key (``faction:ショッカー``) matches the whole value, ignoring case; ``*`` at either end of the
    value matches any text there (``faction:*ショッカー`` also finds ゲルショッカー)."""
    text = term.value
    starts, ends = text.startswith("*"), text.endswith("*") and len(text) > 1
    core = text[1 if starts else 0 : -1 if ends else None]
    if not core.strip("*"):
        raise _bad_choice(term, (E.ANY_TEXT,), text)
    if starts and ends:
        return Q(IContains(value, core))
    if starts:
        return Q(IEndsWith(value, core))
    if ends:
        return Q(IStartsWith(value, core))
    return Q(Exact(value, core) if _caseless(core) else IExact(value, core))


def _list_match(target: KeyTarget, attr, term: Term, ctx: _Context) -> Q:
    """``c:red`` — any element is red; ``c:red/green`` — exactly the class {red, green} (Legions: クラス).

    PostgreSQL: ``attributes @> {"colours": ["red"]}`` (GIN ``jsonb_path_ops``) for one value, the list's
    orderings (``attributes -> 'colours' IN ('["red", "green"]', '["green", "red"]')``) for a small class;
    elsewhere element by element.
    """
    path = "__".join(("attributes", *target.path))
    size = attr.max_items or len(attr.choices) or 8
    values = [_choice(attr, term, part) for part in term.value.split("/") if part]
    if not values:  # ``c:/``
        raise _bad_choice(term, attr.choices or (E.A_NAME,), term.value)
    if len(values) != len(set(values)):
        raise _bad_choice(term, (E.DISTINCT_VALUES,), term.value)
    if ctx.postgres and 1 < len(values) <= _MAX_PERMUTED:
        # Exactly the class: the list is one of its orderings (jsonb equality, estimated per game by 0003).
        return Q(**{f"{path}__in": [list(order) for order in permutations(values)]})
    if ctx.postgres:
        contained: object = values
        for step in reversed(target.path):
            contained = {step: contained}
        condition = Q(attributes__contains=contained)
    elif len(values) == 1:
        return _element_in(path, values[0], range(size))
    else:
        condition = _combine((_element_in(path, value, range(len(values))) for value in values), all_of=True)
    if len(values) == 1:
        return condition
    return condition & Q(IsNull(KT(f"{path}__{len(values)}"), True))


def _element_in(path: str, value: str, indexes) -> Q:
    """Some element at ``indexes`` is ``value``; two-valued (a missing element is false, not NULL, so that
    ``-c:green`` keeps the one-colour cards)."""
    elements = (KT(f"{path}__{index}") for index in indexes)
    return _combine((Q(IsNull(e, False)) & Q(Exact(e, value)) for e in elements), all_of=False)

"""Sorting: the ``order:`` key of the search language, the API's ``?order=`` and the pages' sort control.

``order:name`` (reading, then name), ``order:set`` (release date, set code, collector number), ``order:type``
(the game's card type order) and ``order:<numeric key>`` of the game (``order:atk``, ``order:cost``,
``order:heart``…) sort ascending; a ``-`` before the value sorts descending (``order:-atk``). Several
``order:`` terms sort by each in turn. ``order:`` applies to the whole search, so it stands at the top level
of the query (not inside brackets, after ``or`` or ``-``). Cards without the value (a master's ATK) come last
in either direction, and every order ends with the set order and the card's id, so the order is total and
pagination is deterministic.

``split_order(node)`` takes the ``order:`` terms out of a parsed query; ``sort_keys(terms, codes)`` resolves
them to ``SortKey``s (``QueryError`` for an unknown key); ``apply_order(queryset, keys)`` annotates
``sort_0``… and orders by them; ``Keyset`` is the keyset condition the API's cursor pages with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import EmptyResultSet, ValidationError
from django.db.models import BooleanField, Case, Expression, F, IntegerField, Q, QuerySet, Value, When
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce, NullIf

from cards.games.schema import INT, OPT_INT

from . import errors as E
from .errors import query_error
from .keys import card_types, key_table
from .parser import And, Node, Not, Or, Term

_ORDER_KEYS = frozenset({"order", "sort"})
NAME, SET, TYPE = "name", "set", "type"
_ALIASES = {"n": NAME, "name": NAME, "s": SET, "set": SET, "t": TYPE, "type": TYPE}
_EQUALITY_OPS = (":", "=")


@dataclass(frozen=True)
class SortKey:
    """One column of an order: ``expression`` sorted ascending unless ``descending`` (missing values last)."""

    name: str  # the key as written (``atk``), for messages and the sort control
    expression: Expression
    descending: bool = False


def is_order_term(node: Node) -> bool:
    return isinstance(node, Term) and node.key in _ORDER_KEYS


def split_order(node: Node | None) -> tuple[Node | None, tuple[Term, ...]]:
    """``(query without its order terms, the order terms in query order)``.

    Raises ``QueryError`` for an ``order:`` term inside brackets, ``or`` or ``-`` (it orders the whole
    search, not a part of it).
    """
    if node is None:
        return None, ()
    if is_order_term(node):
        return None, (node,)
    children = node.children if isinstance(node, And) else (node,)
    terms = tuple(child for child in children if is_order_term(child))
    rest = tuple(child for child in children if not is_order_term(child))
    for child in rest:
        _refuse_nested_order(child)
    if not rest:
        return None, terms
    return (rest[0] if len(rest) == 1 else And(rest)), terms


def _refuse_nested_order(node: Node) -> None:
    if is_order_term(node):
        raise query_error(E.ORDER_NOT_TOP_LEVEL, node.position, node.fragment, node.key)
    if isinstance(node, Not):
        _refuse_nested_order(node.child)
    elif isinstance(node, And | Or):
        for child in node.children:
            _refuse_nested_order(child)


def order_names(game_codes: Sequence[str]) -> list[str]:
    """Every value ``order:`` takes for ``game_codes``: ``name``, ``set``, ``type``, then the numeric keys."""
    numeric = [
        key
        for key, targets in key_table(tuple(game_codes)).items()
        if all(t.attr.kind in (INT, OPT_INT) and len(t.path) == 1 for t in targets)
    ]
    return [NAME, SET, TYPE, *numeric]


def sort_keys(terms: Sequence[Term], game_codes: Sequence[str]) -> tuple[SortKey, ...]:
    """The ``SortKey``s of ``order:`` terms, for cards of ``game_codes``.

    Raises ``QueryError`` (at the value's position) for a value that names no order of these games, and for
    an operator other than ``:`` or ``=``.
    """
    keys: list[SortKey] = []
    codes = tuple(game_codes)
    for term in terms:
        if term.op not in _EQUALITY_OPS:
            raise query_error(E.BAD_ORDER_OPERATOR, term.position, term.fragment, term.key, key=term.key, op=term.op)
        descending = term.value.startswith("-")
        name = term.value[1:].strip().lower() if descending else term.value.strip().lower()
        expression = _expression(_ALIASES.get(name, name), codes)
        if expression is None:
            raise query_error(
                E.UNKNOWN_ORDER,
                term.value_position,
                term.fragment,
                term.key,
                value=term.value,
                choices=", ".join(order_names(codes)),
            )
        keys.extend(SortKey(name, part, descending) for part in expression)
    return tuple(keys)


def _expression(name: str, codes: tuple[str, ...]) -> tuple[Expression, ...] | None:
    if name == NAME:
        return (Coalesce(NullIf(F("reading"), Value("")), F("name")), F("name"))
    if name == SET:
        return set_order()
    if name == TYPE:
        types = card_types(codes)
        whens = [When(card_type=code, then=Value(index)) for index, code in enumerate(types)]
        return (Case(*whens, default=Value(len(types)), output_field=IntegerField()),)
    if name not in order_names(codes):
        return None
    per_game = [(target.game, _number(target)) for target in key_table(codes)[name]]
    if len(per_game) == 1 or len(codes) == 1:
        return (per_game[0][1],)
    whens = [When(game__code=game, then=expression) for game, expression in per_game]
    return (Case(*whens, default=Value(None), output_field=IntegerField()),)


def _number(target) -> Expression:
    """The attribute as an integer; an absent attribute or "−" (JSON null, IL 11.7) is NULL on every database
    (SQLite's KT reads JSON null as the text 'null', which would cast to 0)."""
    path = "__".join(("attributes", *target.path))
    number = Cast(KT(path), IntegerField())
    if target.attr.kind != OPT_INT:
        return number
    return Case(When(Q(**{path: None}), then=Value(None)), default=number, output_field=IntegerField())


def set_order() -> tuple[Expression, ...]:
    """The catalogue's own order: set release date, set code, collector number (the game page's default)."""
    return (F("card_set__release_date"), F("card_set__code"), F("collector_number"))


def with_tiebreak(keys: Sequence[SortKey]) -> tuple[SortKey, ...]:
    """``keys``, then the set order and the id (unique): a total order, so pages never overlap or skip."""
    tail = () if not keys else tuple(SortKey(SET, part) for part in set_order())
    return (*keys, *tail, SortKey("id", F("id")))


def apply_order(queryset: QuerySet, keys: Sequence[SortKey]) -> QuerySet:
    """``queryset`` annotated with ``sort_0``… (one per key) and ordered by them, missing values last."""
    annotated = queryset.annotate(**{f"sort_{i}": key.expression for i, key in enumerate(keys)})
    return annotated.order_by(*(_ordering(f"sort_{i}", key.descending) for i, key in enumerate(keys)))


def _ordering(column: str, descending: bool, *, reverse: bool = False):
    nulls = {"nulls_first": True} if reverse else {"nulls_last": True}
    return F(column).desc(**nulls) if descending != reverse else F(column).asc(**nulls)


def reversed_order(queryset: QuerySet, keys: Sequence[SortKey]) -> QuerySet:
    """The annotated ``queryset`` in exactly the opposite order (to read the page before a cursor)."""
    return queryset.order_by(*(_ordering(f"sort_{i}", key.descending, reverse=True) for i, key in enumerate(keys)))


class BadSortValue(ValueError):
    """A cursor's value that its sort column refuses (text for a number, a date that is none): a cursor no page
    gave."""


class Slot:
    """A cursor value's place among the params of a compiled ``Keyset`` statement: ``Keyset.fill`` puts the value
    of sort key ``index`` there."""

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index

    def __repr__(self) -> str:
        return f"Slot({self.index})"


class Keyset(Expression):
    """The keyset condition the API's cursor pages with: rows strictly after (``forward``) or before the row whose
    sort values are the cursor's (NULLs sort last), over a queryset annotated by ``apply_order``.

    Its values are ``Slot`` params, filled per cursor by ``fill``: a page's statement then compiles once per
    shape (the keys, the direction, which of the cursor's values are NULL), not once per cursor. For keys
    ``k0, k1, …`` it reads ``beyond(k0) OR (k0 = v0 AND beyond(k1)) OR …``, where beyond a NULL is nothing
    forward and any value backward, and beyond a value is the next values in that direction, then NULL
    forward."""

    conditional = True

    def __init__(self, keys: Sequence[SortKey], nulls: Sequence[bool], *, forward: bool):
        super().__init__(output_field=BooleanField())
        if len(nulls) != len(keys):
            raise ValueError("one NULL flag per sort key")
        self.descending = tuple(key.descending for key in keys)
        self.nulls, self.forward = tuple(nulls), forward
        self.columns = [F(f"sort_{i}") for i in range(len(keys))]

    def get_source_expressions(self):
        return self.columns

    def set_source_expressions(self, exprs):
        self.columns = list(exprs)

    def as_sql(self, compiler, connection):
        terms, params = [], []
        equal, equal_params = [], []  # "the keys before this one equal the cursor's"
        for index, column in enumerate(self.columns):
            sql, column_params = compiler.compile(column)
            value = [*column_params, Slot(index)]
            if self.nulls[index]:
                beyond = None if self.forward else (f"{sql} IS NOT NULL", column_params)
            else:
                op = "<" if self.descending[index] == self.forward else ">"
                beyond = (
                    (f"({sql} {op} %s OR {sql} IS NULL)", [*value, *column_params])
                    if self.forward
                    else (f"{sql} {op} %s", value)
                )
            if beyond is not None:
                terms.append(" AND ".join([*equal, beyond[0]]))
                params += [*equal_params, *beyond[1]]
            equal.append(f"{sql} IS NULL" if self.nulls[index] else f"{sql} = %s")
            equal_params += column_params if self.nulls[index] else value
        if not terms:
            raise EmptyResultSet  # nothing lies beyond (not reached: the last key, the id, is never NULL)
        return "(" + " OR ".join(f"({term})" for term in terms) + ")", params

    @staticmethod
    def fill(params: Sequence, values: Sequence[object], fields: Sequence, connection) -> tuple:
        """``params`` of a statement compiled with a ``Keyset``, each ``Slot`` replaced by its cursor value as
        the sort column's field prepares a lookup's value (``fields``: the ``sort_i`` annotations' output
        fields). Raises ``BadSortValue`` for a value the field refuses (a cursor no page gave)."""
        try:
            prepared = [
                None if value is None else field.get_db_prep_value(field.get_prep_value(value), connection,
                                                                    prepared=True)
                for field, value in zip(fields, values, strict=True)
            ]
        except (TypeError, ValueError, ValidationError) as exc:
            raise BadSortValue(f"not a sort value: {exc}") from exc
        return tuple(prepared[param.index] if isinstance(param, Slot) else param for param in params)

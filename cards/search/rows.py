"""A ``values()`` queryset as a statement compiled once, read as the queryset would read it (the API's card pages).

Django compiles a queryset to SQL anew each time it is evaluated, and runs each JSON column's converter (one
``json.loads`` per value) row by row. ``CompiledRows(queryset)`` compiles once; ``fetch()`` runs that statement
through Django's cursor (so it is logged, counted and wrapped as any query) and gives the same dicts as
``list(queryset)``: the fields' own converters, except that the plain JSON columns are decoded straight by
``JSONDecoder.raw_decode`` rather than through ``JSONField.from_db_value`` and ``json.loads`` (a fifth of a cheap
search's request went to compiling the page and a tenth to decoding its JSON: issue 14, bench/search.py).
``fetch(json_text=True)`` leaves them as the JSON text the API answers (``JSONText``) where PostgreSQL's ``jsonb``
text can be turned into it without decoding (``_compact``), for a body assembled from pre-encoded fragments.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import JSONField, QuerySet
from django.db.models.expressions import Col


class CompiledRows:
    """The statement of a ``values()`` queryset, compiled when made; ``fetch()`` reads its rows as dicts."""

    def __init__(self, queryset: QuerySet):
        query = queryset.query
        self.using = queryset.db
        compiler = query.get_compiler(self.using)
        try:
            self.sql, self.params = compiler.as_sql()
        except EmptyResultSet:  # e.g. ``game_id IN ()``: nothing can match
            self.sql, self.params = "", ()
        # the columns as ``ValuesIterable`` names them; the rows trimmed as ``SQLCompiler.execute_sql`` trims them
        self.names = tuple(query.selected) if query.selected else (
            *query.extra_select, *query.values_select, *query.annotation_select)
        self.width = None
        # ``jsonb`` text (valid JSON, no NaN, numbers without exponents) can be compacted without decoding it
        self.compacts = connections[self.using].vendor == "postgresql"
        self.json: list[int] = []  # plain JSON columns, decoded by ``_loads``
        self.converters: list[tuple[int, list, object]] = []  # every other converted column, as Django converts it
        if self.sql:
            self.width = compiler.col_count if compiler.has_extra_select else None
            fields = [select[0] for select in compiler.select[: compiler.col_count]]
            for position, (converters, expression) in compiler.get_converters(fields).items():
                if _plain_json(expression, converters):
                    self.json.append(position)
                else:
                    self.converters.append((position, converters, expression))

    def fetch(self, params: Sequence | None = None, *, json_text: Collection[str] = ()) -> list[dict]:
        """``list(queryset)``: the statement's rows as dicts of the queryset's names, values converted;
        ``params`` in place of the compiled ones (the same number, in the same places: ``order.Keyset.fill``).
        The plain JSON columns named in ``json_text`` give their compact JSON text (``JSONText``) where that can
        be had without decoding it (on PostgreSQL: ``_compact``), else their value decoded: for a body assembled
        from pre-encoded JSON (``cards.api.encoded.card_fragments``), where decoding and encoding it again was a
        quarter of a cheap search's cost beyond its SQL (issue 14)."""
        if not self.sql:
            return []
        connection = connections[self.using]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, self.params if params is None else params)
            rows = [list(row[: self.width] if self.width else row) for row in cursor.fetchall()]
        if self.json and rows:
            self._decode_json(rows, json_text if self.compacts else ())
        for position, converters, expression in self.converters:
            for row in rows:
                value = row[position]
                for converter in converters:
                    value = converter(value, expression, connection)
                row[position] = value
        names = self.names
        return [dict(zip(names, row, strict=True)) for row in rows]

    def _decode_json(self, rows: list[list], json_text: Collection[str]) -> None:
        decoded = [position for position in self.json if self.names[position] not in json_text]
        compacted = [position for position in self.json if self.names[position] in json_text]
        for row in rows:
            for position in decoded:
                row[position] = _loads(row[position])
            for position in compacted:
                text = row[position]
                compact = _compact(text)
                row[position] = _loads(text) if compact is None else compact


def _plain_json(expression, converters: Sequence) -> bool:
    """Whether the column is a ``JSONField`` read whole with the default decoder and no other converter: its
    text then decodes as ``JSONField.from_db_value`` would decode it (``json.loads``)."""
    field = getattr(expression, "output_field", None)
    return (
        isinstance(expression, Col)
        and type(field) is JSONField
        and field.decoder is None
        and len(converters) == 1
        and getattr(converters[0], "__func__", None) is JSONField.from_db_value
    )


_DECODER = json.JSONDecoder()
_FIELD = JSONField()


def _loads(text):
    """``JSONField.from_db_value(text)`` (``json.loads``, the text itself when it is not JSON) without its three
    calls a value: ``JSONDecoder.raw_decode`` of a text that is one JSON document and nothing else."""
    if text is None:
        return None
    if text == "{}":  # the common empty values, new each time (mutable)
        return {}
    if text == "[]":
        return []
    if type(text) is str:
        try:
            value, end = _DECODER.raw_decode(text)
        except ValueError:
            pass
        else:
            if end == len(text):
                return value
    return _FIELD.from_db_value(text, None, None)  # anything else (surrounding spaces, bytes, not JSON) as Django


class JSONText(str):
    """A JSON value as the compact JSON text the API renders for it: ``JSONRenderer``'s
    ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` of the decoded value, before its ``\\u2028``
    and ``\\u2029`` are escaped (which the renderer does to the whole body, and ``card_fragments``' caller too)."""

    __slots__ = ()


_EMPTY = {"[]": JSONText("[]"), "{}": JSONText("{}")}
# What may stand outside the strings of ``jsonb`` text for ``_compact``, once true, false and null are taken out:
# brackets, separators and their spaces, the digits and signs of integers; a ``.`` (a decimal, which
# ``json.dumps`` may print otherwise: ``0.10`` is ``0.1``) or anything else (an exponent, NaN: not ``jsonb``'s)
# sends the value through decoding.
_SKELETON = "[]{},: 0123456789-"
_LONGEST = 4000  # longer texts decode: an integer of more than 4,300 digits is refused by ``json.loads``


def _compact(text) -> JSONText | None:
    """PostgreSQL's ``jsonb`` text of a value (``{"a": [1, 2]}``) as ``JSONText`` (``{"a":[1,2]}``), or None
    when that takes decoding: not text, a backslash (an escaped quote would mislead the split into strings below),
    a decimal, or anything else outside its strings that ``_SKELETON`` does not expect.

    Why it is the same text: ``jsonb`` output is valid JSON with ``", "`` and ``": "`` between items and nothing
    else outside its strings; its strings escape exactly what ``json.dumps(ensure_ascii=False)`` escapes (``"``,
    ``\\``, control characters), so a text without a backslash has strings ``json.dumps`` writes the same; its
    keys are in the order ``json.loads`` keeps; its integers are plain digits, as ``json.dumps`` prints them."""
    empty = _EMPTY.get(text)
    if empty is not None:
        return empty
    if type(text) is not str or "\\" in text or len(text) > _LONGEST:
        return None
    parts = text.split('"')  # without escapes every quote opens or closes a string: the even parts are outside
    outside = parts[0::2]
    skeleton = "".join(outside)
    if skeleton.replace("true", "").replace("false", "").replace("null", "").strip(_SKELETON):
        return None  # ``strip`` leaves nothing when every character is one of ``_SKELETON``
    parts[0::2] = [part.replace(" ", "") for part in outside]
    return JSONText('"'.join(parts))

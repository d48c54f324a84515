"""The statements every adjudicated action runs, written once per model and column set (issue 14, "a cheaper
action"): an INSERT of many rows, an INSERT … ON CONFLICT DO NOTHING RETURNING id, and an UPDATE by primary key.

The ORM compiles ``bulk_create`` and ``QuerySet.update`` anew on every call, and makes a model instance per row;
for the three or four statements of each action that was the larger part of the worker's Python time around the
database. Here the SQL text is built from the model's metadata once (``functools.cache``) and each value goes
through its field's own ``get_db_prep_value``, exactly as the ORM prepares it (JSON, datetimes, foreign keys), so
what is stored is the same. The SQL is plain SQL both PostgreSQL and SQLite accept (``ON CONFLICT … DO NOTHING
RETURNING`` since SQLite 3.35).

No signals are sent and ``auto_now``/``auto_now_add`` fields are not filled: a caller passes every value its
columns need (``created_at`` included). Raises what the database raises (``IntegrityError`` for a broken
constraint).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from django.db import DEFAULT_DB_ALIAS, connection, connections, models


@functools.cache
def _fields(model: type[models.Model]) -> dict[str, models.Field]:
    return {f.attname: f for f in model._meta.concrete_fields}


def _db():
    """The default database's connection of this thread, looked up once per statement: each attribute read
    through ``django.db.connection`` (a proxy) looks the connection up again in a context-local store, and the
    fields' ``get_db_prep_value`` read several."""
    return connections[DEFAULT_DB_ALIAS]


def _prep(db, model: type[models.Model], names: Sequence[str], values: Iterable) -> list:
    fields = _fields(model)
    return [fields[name].get_db_prep_value(value, db, prepared=False) for name, value in zip(names, values,
                                                                                               strict=True)]


@functools.cache
def _columns(model: type[models.Model], names: tuple[str, ...]) -> str:
    fields, quote = _fields(model), connection.ops.quote_name
    return ", ".join(quote(fields[name].column) for name in names)


@functools.cache
def _insert_sql(model: type[models.Model], names: tuple[str, ...], rows: int,
                conflict: tuple[str, ...] | None = None) -> str:
    """``rows`` rows of ``names``; with ``conflict``: nothing where those columns' unique constraint is broken,
    else the new primary key returned."""
    quote = connection.ops.quote_name
    one = f"({', '.join(['%s'] * len(names))})"
    suffix = (f" ON CONFLICT ({_columns(model, conflict)}) DO NOTHING RETURNING {quote(model._meta.pk.column)}"
              if conflict else "")
    return (f"INSERT INTO {quote(model._meta.db_table)} ({_columns(model, names)}) "
            f"VALUES {', '.join([one] * rows)}{suffix}")


def insert_rows(model: type[models.Model], names: tuple[str, ...], rows: Sequence[Sequence]) -> None:
    """Insert ``rows`` (each a value per attribute name of ``names``, e.g. ``match_id``) in one statement;
    nothing for no rows."""
    if not rows:
        return
    db = _db()
    params = [param for row in rows for param in _prep(db, model, names, row)]
    with db.cursor() as cursor:
        cursor.execute(_insert_sql(model, names, len(rows)), params)


def insert_unless_conflict(model: type[models.Model], values: dict, conflict: tuple[str, ...]) -> int | None:
    """Insert one row of ``values`` (attribute name -> value) unless it breaks the unique constraint over the
    columns ``conflict`` (attribute names); returns the new row's primary key, or None when such a row exists."""
    names, db = tuple(values), _db()
    with db.cursor() as cursor:
        cursor.execute(_insert_sql(model, names, 1, conflict), _prep(db, model, names, values.values()))
        row = cursor.fetchone()
    return None if row is None else row[0]


@functools.cache
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    fields, quote = _fields(model), connection.ops.quote_name
    sets = ", ".join(f"{quote(fields[name].column)} = %s" for name in names)
    return f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {quote(model._meta.pk.column)} = %s"


def update_row(model: type[models.Model], pk: int, values: dict) -> None:
    """``model.objects.filter(pk=pk).update(**values)`` (attribute names), as one precompiled statement."""
    names, db = tuple(values), _db()
    with db.cursor() as cursor:
        cursor.execute(_update_sql(model, names), [*_prep(db, model, names, values.values()), pk])


@functools.cache
def _select_sql(model: type[models.Model], names: tuple[str, ...], for_update: bool) -> str:
    quote = connection.ops.quote_name
    lock = " FOR UPDATE" if for_update and connection.features.has_select_for_update else ""
    return (f"SELECT {_columns(model, names)} FROM {quote(model._meta.db_table)} "
            f"WHERE {quote(model._meta.pk.column)} = %s{lock}")


def get_row(model: type[models.Model], pk: object, names: tuple[str, ...], *, for_update: bool = False):
    """``model.objects.only(*names).select_for_update().get(pk=pk)`` (``for_update``: the row locked until the
    transaction ends, where the database has row locks; SQLite's transactions lock the whole file) through
    ``Model.objects.raw``, which converts the columns and calls ``Model.from_db`` as a query would. ``names``
    must include the primary key. Raises ``model.DoesNotExist`` when no row has that key."""
    found = list(model.objects.raw(_select_sql(model, names, for_update), [pk]))
    if not found:
        raise model.DoesNotExist(f"no {model._meta.verbose_name} {pk}")
    return found[0]

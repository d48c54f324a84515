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

import datetime
import functools
import json
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


@functools.cache
def _in_model_order(model: type[models.Model], names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for name in _fields(model) if name in names)


@functools.cache
def _converters(model: type[models.Model], names: tuple[str, ...], vendor: str) -> tuple[tuple, ...]:
    """Per column of ``names``, the converters a query applies to its value (the backend's, then the field's
    ``from_db_value``), as ``SQLCompiler.get_converters`` finds them: ``(index, converters, column)`` for the
    columns that have any."""
    db, fields, table = _db(), _fields(model), model._meta.db_table
    found = []
    for index, name in enumerate(names):
        column = fields[name].get_col(table)
        converters = db.ops.get_db_converters(column) + column.get_db_converters(db)
        if converters:
            found.append((index, tuple(converters), column))
    return tuple(found)


def get_row(model: type[models.Model], pk: object, names: tuple[str, ...], *, for_update: bool = False):
    """``model.objects.only(*names).select_for_update().get(pk=pk)`` (``for_update``: the row locked until the
    transaction ends, where the database has row locks; SQLite's transactions lock the whole file): one
    precompiled statement, each column converted by its field's converters and the instance made by
    ``Model.from_db``, as a query makes it (``Model.objects.raw`` did the same, and was a third of a bot move's
    CPU working out its columns and converters again on every call). ``names`` must include the primary key.
    Raises ``model.DoesNotExist`` when no row has that key."""
    db, names = _db(), _in_model_order(model, names)  # ``from_db`` takes the values in the fields' order
    with db.cursor() as cursor:
        cursor.execute(_select_sql(model, names, for_update), [pk])
        row = cursor.fetchone()
    if row is None:
        raise model.DoesNotExist(f"no {model._meta.verbose_name} {pk}")
    return _instance(db, model, names, row)


def _instance(db, model: type[models.Model], names: tuple[str, ...], row: Sequence) -> models.Model:
    """The instance a query makes of ``row`` (the values of ``names``, in the fields' order): each column converted
    by its converters, then ``Model.from_db``."""
    values = list(row)
    for index, converters, column in _converters(model, names, db.vendor):
        value = values[index]
        for converter in converters:
            value = converter(value, column, db)
        values[index] = value
    return model.from_db(db.alias, list(names), values)


@functools.cache
def _children_sql(model: type[models.Model], names: tuple[str, ...], child: type[models.Model],
                  child_names: tuple[str, ...], fk: str, where: str, order: tuple[str, ...]) -> str:
    """``_select_sql`` locking the row, with three more columns (PostgreSQL): the rows of ``child`` whose ``fk``
    is the row and whose ``where`` column equals the first parameter, as a JSON array of objects; the locked
    row's ``xmin``; and the ``xmin`` of the row in the statement's snapshot (the second parameter: the key)."""
    quote = connection.ops.quote_name
    cf = _fields(child)
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    pairs = ", ".join(f"'{n}', c.{quote(cf[n].column)}" for n in child_names)
    ordering = ", ".join(f"c.{quote(cf[n].column)}" for n in order)
    sub = (f"(SELECT COALESCE(json_agg(json_build_object({pairs}) ORDER BY {ordering}), '[]'::json) "
           f"FROM {quote(child._meta.db_table)} c WHERE c.{quote(cf[fk].column)} = {table}.{pk} "
           f"AND c.{quote(cf[where].column)} = %s)")
    seen = f"(SELECT s.xmin::text FROM {table} s WHERE s.{pk} = %s)"
    return (f"SELECT {_columns(model, names)}, {sub}, {table}.xmin::text, {seen} FROM {table} "
            f"WHERE {pk} = %s FOR UPDATE")


def children_of(child: type[models.Model], pk: object, child_names: tuple[str, ...], *, fk: str,
                where: tuple[str, object], order: tuple[str, ...]) -> list:
    """The rows of ``child`` pointing at ``pk`` by ``fk`` whose column ``where[0]`` equals ``where[1]``, ordered by
    ``order``, loaded with ``child_names`` only: one ORM query."""
    return list(child.objects.filter(**{fk: pk, where[0]: where[1]}).order_by(*order).only(*child_names))


def get_row_locked_with_children(model: type[models.Model], pk: object, names: tuple[str, ...], *,
                                 child: type[models.Model], child_names: tuple[str, ...], fk: str,
                                 where: tuple[str, object], order: tuple[str, ...]) -> tuple[models.Model, list]:
    """``get_row(model, pk, names, for_update=True)`` and the rows of ``child`` pointing at it by ``fk`` (an
    attname) whose column ``where[0]`` equals ``where[1]``, ordered by ``order``, loaded with ``child_names`` only
    (instances, as ``child.objects.filter(...).order_by(*order).only(*child_names)`` makes them). On PostgreSQL
    one statement: the children come as a JSON column of the locked row (issue 31, point 4: a person's action
    adjudicated in the lock and one write), read again by a second statement when the row changed while its lock
    was awaited (the first statement's snapshot is then older than the row); elsewhere (SQLite) the two
    statements. ``child_names`` must include the primary key; their values must survive JSON (numbers, text,
    JSON fields). Raises ``model.DoesNotExist`` when no row has that key."""
    db = _db()
    child_names = _in_model_order(child, child_names)
    if db.vendor != "postgresql":
        found = get_row(model, pk, names, for_update=True)
        return found, children_of(child, pk, child_names, fk=fk, where=where, order=order)
    names = _in_model_order(model, names)
    with db.cursor() as cursor:
        cursor.execute(_children_sql(model, names, child, child_names, fk, where[0], order), [where[1], pk, pk])
        row = cursor.fetchone()
    if row is None:
        raise model.DoesNotExist(f"no {model._meta.verbose_name} {pk}")
    children, locked_xmin, seen_xmin = row[-3:]
    found = _instance(db, model, names, row[:-3])
    if locked_xmin != seen_xmin:
        # The row changed while the lock was awaited: the lock returns its newest version, but the children were
        # read in the statement's snapshot, from before that change (READ COMMITTED), and may be stale (a
        # submission another adjudication has applied still pending). Read again, in a new snapshot.
        return found, children_of(child, pk, child_names, fk=fk, where=where, order=order)
    if isinstance(children, str):  # a driver that hands JSON back as text
        children = json.loads(children)
    return found, [child.from_db(db.alias, list(child_names), [item[n] for n in child_names]) for item in children]


# One statement for everything a step writes (issue 31, point 4: an adjudicated action in at most 2 statements,
# the lock and this, and one commit). On PostgreSQL the writes are data-modifying common table expressions of one
# statement, executed together and atomically; elsewhere (SQLite, the embedded default) they run one by one.

NEW_SUBMISSION = -1  # an event row's submission_id: the submission ``write_step`` inserts in the same statement


@functools.cache
def _cast(model: type[models.Model], name: str) -> str:
    """``CAST(%s AS <the column's type>)``: a parameter in a VALUES list has no type of its own on PostgreSQL."""
    return f"CAST(%s AS {_fields(model)[name].db_type(connection)})"


def _values_sql(model: type[models.Model], names: tuple[str, ...], rows: int, extra: tuple[str, ...] = ()) -> str:
    one = "(" + ", ".join([_cast(model, n) for n in names] + list(extra)) + ")"
    return ", ".join([one] * rows)


SUBMISSION_UPDATE = ("status", "applied_version", "error", "processed_at")


def write_step(*, match_model: type[models.Model], match_pk: int, match_values: dict,
               event_model: type[models.Model], event_names: tuple[str, ...], events: Sequence[Sequence],
               submission_model: type[models.Model] | None = None, new_submission: dict | None = None,
               conflict: tuple[str, ...] = (), submission_updates: Sequence[tuple[int, Sequence]] = ()) -> bool:
    """Write one step of a match: optionally insert ``new_submission`` (attribute -> value) unless it breaks the
    unique constraint over ``conflict``; update the submissions ``submission_updates`` (``(pk, values in
    SUBMISSION_UPDATE order)``); insert ``events`` (rows in ``event_names`` order, whose ``submission_id`` may be
    ``NEW_SUBMISSION``); update the match row ``match_pk`` with ``match_values``.

    Returns False, having written nothing, when ``new_submission`` broke its constraint (a row with that key
    exists); True otherwise. On PostgreSQL one statement; elsewhere one per kind of write."""
    db = _db()
    if db.vendor != "postgresql":
        return _write_step_by_one(match_model, match_pk, match_values, event_model, event_names, events,
                                  submission_model, new_submission, conflict, submission_updates)
    quote = connection.ops.quote_name
    parts: list[str] = []
    params: list = []
    guard = ""
    if new_submission is not None:
        assert submission_model is not None
        names = tuple(new_submission)
        parts.append(f"s AS ({_insert_sql(submission_model, names, 1, conflict)})")
        params += _prep(db, submission_model, names, new_submission.values())
        guard = " WHERE EXISTS (SELECT 1 FROM s)"
    if submission_updates:
        assert submission_model is not None
        table, pk = quote(submission_model._meta.db_table), quote(submission_model._meta.pk.column)
        columns = [quote(_fields(submission_model)[n].column) for n in SUBMISSION_UPDATE]
        sets = ", ".join(f"{c} = v.c{i}" for i, c in enumerate(columns))
        parts.append(f"u AS (UPDATE {table} SET {sets} FROM (VALUES "
                     f"{_values_sql(submission_model, ('id', *SUBMISSION_UPDATE), len(submission_updates))}) "
                     f"AS v(id, {', '.join(f'c{i}' for i in range(len(columns)))}) WHERE {table}.{pk} = v.id"
                     f"{guard.replace(' WHERE', ' AND')})")
        for key, values in submission_updates:
            params += _prep(db, submission_model, ("id", *SUBMISSION_UPDATE), (key, *values))
    if events:  # the rows as one JSON array (one parameter, not one per value: the client quotes each)
        parts.append(f"e AS ({_events_from_json_sql(event_model, event_names, new_submission is not None)}{guard})")
        params.append(json.dumps([[_json_value(value) for value in row] for row in events], ensure_ascii=False,
                                 separators=(",", ":")))
    names = tuple(match_values)
    update = _update_sql(match_model, names) + (" AND EXISTS (SELECT 1 FROM s)" if new_submission is not None else "")
    params += [*_prep(db, match_model, names, match_values.values()), match_pk]
    sql = (f"WITH {', '.join(parts)} " if parts else "") + update + f" RETURNING {quote(match_model._meta.pk.column)}"
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone() is not None


@functools.cache
def _events_from_json_sql(model: type[models.Model], names: tuple[str, ...], new_submission: bool) -> str:
    """``INSERT … SELECT`` of the rows of a JSON array of arrays (values in ``names`` order): each value cast to its
    column's type, a JSON column taken as it is; a ``submission_id`` of ``NEW_SUBMISSION`` is the new one's."""
    fields, quote = _fields(model), connection.ops.quote_name
    chosen = []
    for i, name in enumerate(names):
        kind = fields[name].db_type(connection)
        value = f"r->{i}" if kind == "jsonb" else f"CAST(r->>{i} AS {kind})"
        if name == "submission_id" and new_submission:
            value = f"CASE WHEN {value} = {NEW_SUBMISSION} THEN (SELECT id FROM s) ELSE {value} END"
        chosen.append(value)
    return (f"INSERT INTO {quote(model._meta.db_table)} ({_columns(model, names)}) "
            f"SELECT {', '.join(chosen)} FROM jsonb_array_elements(CAST(%s AS jsonb)) AS r")


def _json_value(value):
    return value.isoformat() if isinstance(value, datetime.datetime) else value


def _write_step_by_one(match_model, match_pk, match_values, event_model, event_names, events, submission_model,
                       new_submission, conflict, submission_updates) -> bool:
    new_id = None
    if new_submission is not None:
        new_id = insert_unless_conflict(submission_model, new_submission, conflict)
        if new_id is None:
            return False
    for key, values in submission_updates:
        update_row(submission_model, key, dict(zip(SUBMISSION_UPDATE, values, strict=True)))
    if events:
        position = event_names.index("submission_id")
        insert_rows(event_model, event_names, [
            tuple(new_id if i == position and value == NEW_SUBMISSION else value for i, value in enumerate(row))
            for row in events])
    update_row(match_model, match_pk, match_values)
    return True

"""Importing a card file: check every row, then upsert everything or nothing.

``cards_import`` checks each card against the ``Card`` field rules and its game's schema (``cards.games``),
each set against the ``CardSet`` field rules, and every image file the file names (``image_files``), and
refuses the whole file when any row is wrong, listing every problem. A field the file does not have
(``ABSENT``) is refused ("is missing"), never taken as empty; in a partial file (``CardFile.partial``) it keeps
the card's stored value, and a card not yet in the catalogue is refused (docs/formats.md, "One rule").
A good file is upserted by (game, set code, collector number) inside one transaction with bulk queries: a
fixed number of queries for the lookups, then batches of ``BATCH_SIZE`` inserts and updates; image files are
stored first and removed again if the transaction fails; the catalogue version of every game written is
bumped in the same transaction (``decks.catalogue.catalogue_changed``). The lookups read only the sets the
file names and the cards of those sets (``plan_sets``, ``_existing_cards``): what an import reads does not
grow with the rest of the catalogue.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from cards.abilities import abilities_problems
from cards.abilities import field_name as abilities_field
from cards.games import SCHEMAS, GameSchema
from cards.games.schema import NESTED
from cards.images import delete_files
from cards.models import Card, Game
from decks.catalogue import catalogue_changed
from referee import registry

from .image_files import ImagePlan, plan_images, store_images
from .records import ABSENT, CARD_FIELDS, IMAGE_FIELDS, MISSING, CardFile, CardRecord, Problem
from .sets import SetKey, SetPlan, plan_sets, write_sets

CardKey = tuple[str, str, str]  # (game code, set code, collector number)

BATCH_SIZE = 500
# The columns a new card is inserted with (the id comes from the database).
# ``sources`` (values accepted from community proposals, issue 29.4) is not in card files: a new card has none
INSERTED_FIELDS = ("game", "card_set", "collector_number", *CARD_FIELDS, *IMAGE_FIELDS, "sources", "created_at",
                   "updated_at")
TEXT_FIELDS = ("number", "name", "reading", "card_type", "rarity", "rules_text", "flavour_text")
STRIPPED_FIELDS = frozenset({"number", "name", "reading", "card_type", "rarity"})
MODEL_FIELD = {"number": "collector_number"}
COMMON_SAMPLE_FIELDS = frozenset({"name", "reading", "card_type", "rarity", "rules_text", "flavour_text"})

UNKNOWN_GAME = "unknown game {game!r} (known: {known})"
UNKNOWN_SET = "no set {code!r} of {game} in the file or the catalogue"
DUPLICATE_CARD = "{set} {number} is already on {first}"
NOT_TEXT = "must be text, not {value!r}"
NOT_A_MAPPING = "must be a mapping of attribute names to values"
NOT_A_FIELD_LIST = "must be a list of field names"
UNKNOWN_SAMPLE_FIELD = "{name!r} is not a field of {game} cards"
NEW_CARD_IN_PARTIAL_FILE = (
    "{set} {number} is not in the catalogue, and a partial file cannot create a card: it lacks {fields}"
)
# What a partial file may leave out, filled from the stored card (images: kept as stored).
FILLABLE = (
    "name", "reading", "card_type", "rarity", "rules_text", "flavour_text", "attributes", "sample_fields", "abilities",
)


@dataclass
class ImportReport:
    """What an import did (or, with ``dry_run``, would do). ``problems`` non-empty: nothing was written."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    sets_created: int = 0
    sets_updated: int = 0
    community_kept: int = 0  # values accepted from community proposals that the file would have replaced
    dry_run: bool = False
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """``created 3, updated 1, unchanged 40`` (plus set counts when sets changed)."""
        text = f"created {self.created}, updated {self.updated}, unchanged {self.unchanged}"
        if self.sets_created or self.sets_updated:
            text += f"; sets created {self.sets_created}, updated {self.sets_updated}"
        if self.community_kept:
            text += f"; {self.community_kept} community value(s) kept"
        return text + (" (dry run: nothing written)" if self.dry_run else "")


def cards_import(*, card_file: CardFile, dry_run: bool = False) -> ImportReport:
    """Check ``card_file`` and upsert its sets and cards; all or nothing.

    Returns an ImportReport: the counts of cards created, updated (some exported field differs) and unchanged.
    When any row is wrong the report lists every problem (``row 4: hp: must be at least 1, not -1``), sorted
    by position in the file, and nothing is written. With ``dry_run`` nothing is written either; the counts
    say what an import would do. Game rows missing from the database are created from the schemas in
    ``cards.games``.
    """
    problems = list(card_file.problems)
    report = ImportReport(dry_run=dry_run)
    games = {game.code: game for game in Game.objects.all()}
    set_plan = plan_sets(card_file, games, problems)
    existing = _existing_cards(set_plan)
    checked = _check_cards(card_file, set_plan.known, existing, problems)
    image_plan = plan_images(checked, existing, card_file.images, problems)
    if problems:
        report.problems = sorted(problems, key=_position)
        return report
    report.sets_created, report.sets_updated = len(set_plan.to_create), len(set_plan.to_update)
    to_create, to_update = _diff(checked, existing, image_plan, report)
    if not dry_run:
        _write_all(card_file, games, set_plan, image_plan, to_create, to_update)
    return report


def _position(problem: Problem) -> tuple[int, int]:
    kind, _, number = problem.where.partition(" ")
    return ({"archive": 0, "set": 1}.get(kind, 2), int(number) if number.isdigit() else 0)


# -- checking ------------------------------------------------------------------------------------------------


def _check_cards(
    card_file: CardFile, known_sets: set[SetKey], existing: dict[CardKey, Card], problems: list[Problem]
) -> dict[CardKey, dict[str, Any]]:
    """Check every record; return {(game, set code, number): card values} of the good ones.

    Values hold the cleaned card fields, ``where``, and the ``image``/``thumbnail`` references (``ABSENT``
    in a partial file that lacks them: keep the stored files).
    """
    checked: dict[CardKey, dict[str, Any]] = {}
    first_seen: dict[CardKey, str] = {}
    for record in card_file.cards:
        values = _check_card(record, known_sets, existing, card_file.partial, problems)
        if values is None:
            continue
        key = (record.game, values["set"], values["number"])
        if key in first_seen:
            message = DUPLICATE_CARD.format(set=key[1], number=key[2], first=first_seen[key])
            problems.append(Problem(record.where, "number", message))
            continue
        first_seen[key] = record.where
        checked[key] = values
    return checked


def _check_card(
    record: CardRecord,
    known_sets: set[SetKey],
    existing: dict[CardKey, Card],
    partial: bool,
    problems: list[Problem],
) -> dict[str, Any] | None:
    """The card's cleaned values, or None when any problem was added (all of this card's problems)."""
    before = len(problems)
    schema = SCHEMAS.get(record.game)
    if schema is None:
        problems.append(Problem(record.where, "game", UNKNOWN_GAME.format(game=record.game, known=", ".join(SCHEMAS))))
    set_code = _check_set(record, schema, known_sets, problems)
    number = record.number.strip() if isinstance(record.number, str) else None
    stored = existing.get((record.game, set_code, number)) if set_code and number else None
    record = _fill_absent(record, stored, partial, problems)
    values = _check_text_fields(record, problems)
    values["set"] = set_code
    values["where"] = record.where
    for name in IMAGE_FIELDS:
        values[name] = getattr(record, name)
        if values[name] is not ABSENT and not isinstance(values[name], str):
            problems.append(Problem(record.where, name, NOT_TEXT.format(value=values[name])))
        elif isinstance(values[name], str):
            values[name] = values[name].strip()
    if schema is not None and "card_type" in values and record.attributes is not ABSENT:
        values["attributes"] = _check_attributes(record, schema, values["card_type"], problems)
    if schema is not None and record.sample_fields is not ABSENT:
        values["sample_fields"] = _check_sample_fields(record, schema, problems)
    if schema is not None and record.abilities is not ABSENT:
        values["abilities"] = _check_abilities(record, problems)
    return values if len(problems) == before else None


def _check_set(
    record: CardRecord, schema: GameSchema | None, known_sets: set[SetKey], problems: list[Problem]
) -> str | None:
    """The record's set code, stripped; None (with a problem) when missing, not text or unknown."""
    if record.set is ABSENT:
        problems.append(Problem(record.where, "set", MISSING))
        return None
    set_code = record.set.strip() if isinstance(record.set, str) else record.set
    if not isinstance(set_code, str) or not set_code:
        message = "is required" if not set_code else NOT_TEXT.format(value=set_code)
        problems.append(Problem(record.where, "set", message))
        return None
    if schema is not None and (record.game, set_code) not in known_sets:
        problems.append(Problem(record.where, "set", UNKNOWN_SET.format(code=set_code, game=record.game)))
    return set_code


def _fill_absent(record: CardRecord, stored: Card | None, partial: bool, problems: list[Problem]) -> CardRecord:
    """The record with each ABSENT field resolved: refused ("is missing") in a normal file; in a partial one,
    the stored card's value (attributes: the stored ones, with the file's columns replaced), or the whole card
    refused when it is not in the catalogue yet. Absent images stay ABSENT: the stored files are kept."""
    absent = [name for name in ("number", *FILLABLE, *IMAGE_FIELDS) if getattr(record, name) is ABSENT]
    some_columns = record.attribute_columns is not None
    if not absent and not some_columns:
        return record
    if not partial or "number" in absent:
        problems.extend(Problem(record.where, name, MISSING) for name in absent)
        return record
    if stored is None:
        lacking = absent + (["some attribute columns"] if some_columns else [])
        message = NEW_CARD_IN_PARTIAL_FILE.format(set=record.set, number=record.number, fields=", ".join(lacking))
        problems.append(Problem(record.where, "card", message))
        return record
    changes = {name: getattr(stored, name) for name in absent if name in FILLABLE}
    if some_columns:
        changes["attributes"] = merge_attributes(
            stored.attributes, changes.get("attributes", record.attributes), record.attribute_columns
        )
    return replace(record, **changes, attribute_columns=None)


def merge_attributes(stored: Mapping[str, Any], given: Mapping[str, Any], columns: frozenset[str]) -> dict:
    """``stored`` attributes with the partial file's ``columns`` taken from ``given`` (an empty cell, absent
    from ``given``, removes the attribute); a nested column (``upper.kind``) replaces that field of the half."""
    merged = {key: dict(value) if isinstance(value, Mapping) else value for key, value in stored.items()}
    for column in columns:
        root, _, sub = column.partition(".")
        holder = merged.get(root) if sub else merged
        if isinstance(holder, dict):
            holder.pop(sub or root, None)
    for key, value in given.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key].update(value)
        else:
            merged[key] = value
    return merged


def _check_text_fields(record: CardRecord, problems: list[Problem]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name in TEXT_FIELDS:
        raw = getattr(record, name)
        if raw is ABSENT:
            continue  # reported by _fill_absent
        if not isinstance(raw, str):
            problems.append(Problem(record.where, name, NOT_TEXT.format(value=raw)))
            continue
        if name in STRIPPED_FIELDS:
            raw = raw.strip()
        try:
            values[name] = Card._meta.get_field(MODEL_FIELD.get(name, name)).clean(raw, None)
        except ValidationError as exc:
            problems.extend(Problem(record.where, name, message) for message in exc.messages)
    return values


def _check_attributes(record: CardRecord, schema: GameSchema, card_type: str, problems: list[Problem]) -> dict:
    if not isinstance(record.attributes, Mapping):
        problems.append(Problem(record.where, "attributes", NOT_A_MAPPING))
        return {}
    cleaned, errors = schema.clean(card_type, record.attributes)
    problems.extend(Problem(record.where, error.field, error.message) for error in errors)
    return cleaned


def _check_abilities(record: CardRecord, problems: list[Problem]) -> dict:
    """The record's abilities when its game's vocabulary accepts them; each problem names the path inside them
    (``card 3: abilities.triggers.0.when: unknown trigger …``)."""
    found = abilities_problems(record.game, record.abilities)
    problems.extend(Problem(record.where, abilities_field(p), p.message) for p in found)
    return record.abilities if not found else {}


def sample_field_names(schema: GameSchema) -> frozenset[str]:
    """Names ``sample_fields`` may list: common text fields, attributes, ``half.field`` of nested ones."""
    names = set(COMMON_SAMPLE_FIELDS)
    for attr in schema.attrs:
        names.add(attr.name)
        if attr.kind == NESTED:
            names.update(f"{attr.name}.{sub.name}" for sub in attr.fields)
    return frozenset(names)


def _check_sample_fields(record: CardRecord, schema: GameSchema, problems: list[Problem]) -> list[str]:
    value = record.sample_fields
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        problems.append(Problem(record.where, "sample_fields", NOT_A_FIELD_LIST))
        return []
    allowed = sample_field_names(schema)
    for name in value:
        if name not in allowed:
            problems.append(
                Problem(record.where, "sample_fields", UNKNOWN_SAMPLE_FIELD.format(name=name, game=schema.code))
            )
    return list(value)


# -- planning and writing ------------------------------------------------------------------------------------


def _existing_cards(set_plan: SetPlan) -> dict[CardKey, Card]:
    """The cards already in the sets the file names, by (game, set code, number): one query, none when the
    file names no stored set (the rest of the catalogue is never read)."""
    if not set_plan.existing:
        return {}
    by_id = {card_set.id: key for key, card_set in set_plan.existing.items()}
    cards = Card.objects.filter(card_set_id__in=list(by_id)).only(
        # every field the history records (an updated card's versions, _record_history): a deferred one would
        # be read back card by card
        "id", "game_id", "card_set_id", "collector_number", *CARD_FIELDS, *IMAGE_FIELDS, "sources", "created_at"
    )
    return {(*by_id[card.card_set_id], card.collector_number): card for card in cards}


def _keep_community_values(card: Card, values: dict[str, Any], report: ImportReport) -> dict[str, Any]:
    """``values`` with every value the card took from an accepted community proposal (``Card.sources``, issue
    29.4) kept as stored: a file (the seeds that ``make run`` loads again) does not undo an editor's decision,
    nor mark a sourced value as a sample again. Counts the values the file would have replaced."""
    values = {**values, "attributes": dict(values.get("attributes") or {})}
    for path in card.sources:
        head, _, tail = path.partition(".")
        if path in CARD_FIELDS:
            new, old = values.get(path), getattr(card, path)
            values[path] = old
        else:
            stored = card.attributes.get(head)
            new = (values["attributes"].get(head) or {}).get(tail) if tail else values["attributes"].get(head)
            old = (stored or {}).get(tail) if tail else stored
            if tail:
                values["attributes"][head] = {**(values["attributes"].get(head) or {}), tail: old}
            elif head in card.attributes:
                values["attributes"][head] = stored
        report.community_kept += new != old
    values["sample_fields"] = [f for f in values.get("sample_fields") or [] if f not in card.sources]
    return values


def _diff(
    checked: dict[CardKey, dict[str, Any]],
    existing: dict[CardKey, Card],
    image_plan: ImagePlan,
    report: ImportReport,
) -> tuple[list[tuple[CardKey, dict[str, Any]]], list[tuple[CardKey, Card]]]:
    to_create, to_update = [], []
    for key, values in checked.items():
        card = existing.get(key)
        if card is None:
            to_create.append((key, values))
            continue
        if card.sources:
            values = _keep_community_values(card, values, report)
        if all(getattr(card, name) == values[name] for name in CARD_FIELDS) and not image_plan.changes(key):
            report.unchanged += 1
        else:
            card._as_stored = copy.copy(card)  # type: ignore[attr-defined]  # its history's baseline, if it has none
            for name in CARD_FIELDS:
                setattr(card, name, values[name])
            to_update.append((key, card))
    report.created, report.updated = len(to_create), len(to_update)
    return to_create, to_update


def _write_all(
    card_file: CardFile,
    games: dict[str, Game],
    set_plan: SetPlan,
    image_plan: ImagePlan,
    to_create: list[tuple[CardKey, dict[str, Any]]],
    to_update: list[tuple[CardKey, Card]],
) -> None:
    """Store the new image files, then write sets and cards in one transaction. A failure deletes the files
    stored; the files of replaced or cleared images are deleted once the transaction is committed."""
    storage = Card._meta.get_field("image").storage
    saved: list[str] = []
    try:
        with transaction.atomic():
            names = store_images(image_plan, card_file.images, saved)
            stale = _apply_images(image_plan, names, to_update)
            _write(card_file, games, set_plan, names, to_create, [card for _, card in to_update])
            _record_history([card for _, card in to_update])
            # The raw INSERT and UPDATE send no post_save: tell the deck index which catalogues changed.
            written = [key for key, _ in (*to_create, *to_update)] + [*set_plan.to_create, *set_plan.to_update]
            catalogue_changed(game_ids={games[key[0]].id for key in written})
            if stale:
                transaction.on_commit(lambda: delete_files(storage, stale))
    except BaseException:
        delete_files(storage, saved)
        raise


IMPORTED = "Card file import"


def _record_history(cards: list[Card]) -> None:
    """The updated cards' history (issue 29.4): the raw UPDATE sends no save signal, so the version each card
    now has is recorded here, after its version as stored when it had no history yet (three statements
    however many cards)."""
    if not cards:
        return
    from cards.models import CATALOGUED

    known = set(Card.history.filter(id__in=[c.pk for c in cards]).values_list("id", flat=True).distinct())
    first = [c._as_stored for c in cards if c.pk not in known]  # type: ignore[attr-defined]
    if first:
        Card.history.bulk_history_create(first, update=True, default_change_reason=CATALOGUED)
    Card.history.bulk_history_create(cards, update=True, default_change_reason=IMPORTED)


def _apply_images(
    image_plan: ImagePlan, names: dict[tuple[CardKey, str], str], to_update: list[tuple[CardKey, Card]]
) -> list[str]:
    """Point the updated cards at their new (or no) files; return the stored names they no longer use."""
    stale = []
    for key, card in to_update:
        for name in IMAGE_FIELDS:
            if (key, name) in names or (key, name) in image_plan.cleared:
                old = getattr(card, name).name
                setattr(card, name, names.get((key, name), ""))
                if old:
                    stale.append(old)
    return stale


def _write(
    card_file: CardFile,
    games: dict[str, Game],
    set_plan: SetPlan,
    image_names: dict[tuple[CardKey, str], str],
    to_create: list[tuple[CardKey, dict[str, Any]]],
    to_update: list[Card],
):
    for code in sorted({key[0] for key in set_plan.known} - set(games)):
        games[code] = _create_game(code, card_file.game_names.get(code))
    card_sets = write_sets(set_plan, games)
    now = timezone.now()
    _insert_cards(
        [
            {
                "game_id": games[key[0]].id,
                "card_set_id": card_sets[(key[0], key[1])].id,
                "collector_number": key[2],
                **{name: values[name] for name in CARD_FIELDS},
                **{name: image_names.get((key, name), "") for name in IMAGE_FIELDS},
                "sources": {},
                "created_at": now,
                "updated_at": now,
            }
            for key, values in to_create
        ]
    )
    for card in to_update:
        card.updated_at = now
    _update_cards(to_update)


def _insert_cards(rows: list[dict[str, Any]]) -> None:
    """Insert new cards (``rows``: {field attname: value}, every field but the id): multi-row INSERT
    statements of up to ``BATCH_SIZE`` rows (fewer where the backend limits parameters: SQLite).

    ``QuerySet.bulk_create`` builds a model instance per card and compiles every value through the SQL
    compiler: 45% of the time of importing 10,000 new cards (cProfile). Here each value costs one
    ``get_db_prep_save``, the conversion Django applies. Multi-row statements, not executemany: that would
    send PostgreSQL one statement (parse, plan, run) a row.
    """
    fields = [Card._meta.get_field(name) for name in INSERTED_FIELDS]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    row_sql = "(" + ", ".join(["%s"] * len(fields)) + ")"
    size = max(1, min(BATCH_SIZE, connection.ops.bulk_batch_size(fields, rows)))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), size):
            batch = rows[start : start + size]
            params = [f.get_db_prep_save(row[f.attname], connection) for row in batch for f in fields]
            cursor.execute(
                f"INSERT INTO {quote(Card._meta.db_table)} ({columns}) VALUES {', '.join([row_sql] * len(batch))}",
                params,
            )


def _update_cards(cards: list[Card]) -> None:
    """Write the compared fields and ``updated_at`` of ``cards``: one UPDATE statement run with executemany.

    ``QuerySet.bulk_update`` builds a CASE expression per field per card, about 4 ms a card in Python (40 s
    for 10,000); the parameterised statement costs microseconds a card on SQLite and PostgreSQL alike.
    """
    fields = [Card._meta.get_field(name) for name in (*CARD_FIELDS, *IMAGE_FIELDS, "updated_at")]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {quote(Card._meta.db_table)} SET {assignments} WHERE {quote(Card._meta.pk.column)} = %s"
    with connection.cursor() as cursor:
        for start in range(0, len(cards), BATCH_SIZE):
            rows = [
                [f.get_db_prep_save(getattr(card, f.attname), connection) for f in fields] + [card.pk]
                for card in cards[start : start + BATCH_SIZE]
            ]
            cursor.executemany(sql, rows)


def _create_game(code: str, names: tuple[str, str] | None) -> Game:
    title = registry.spec(code).title
    name, name_ja = names or ("", "")
    return Game.objects.create(code=code, name=name or title[0], name_ja=name_ja or title[1])


def ensure_games() -> list[Game]:
    """Create the Game row of every registered game (``referee.registry``) that has none, named by its spec's
    ``title``; return every registered game's row, in the registry's order (idempotent)."""
    existing = {game.code: game for game in Game.objects.all()}
    for spec in registry.specs():
        if spec.code not in existing:
            existing[spec.code] = Game.objects.create(code=spec.code, name=spec.title[0], name_ja=spec.title[1])
    return [existing[code] for code in registry.codes()]


__all__ = [
    "BATCH_SIZE",
    "MISSING",
    "ImportReport",
    "cards_import",
    "ensure_games",
    "merge_attributes",
    "sample_field_names",
]

"""The sets of a card file: merged from its records, checked against ``CardSet``'s field rules, then upserted.

A JSON file lists each set once, with every key (the reader refuses a missing one unless the file is partial);
a CSV repeats the set on every row, and a row may leave the set's cells empty (the set's other rows say them).
A field given twice with different values is a problem on the later row. A field the file does not give
(``ABSENT``: an empty CSV cell, a key a partial JSON file leaves out) keeps the stored value; a new set needs
at least a name, and its other fields not given take the model's defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q

from cards.games import SCHEMAS
from cards.models import CardSet, Game

from .records import ABSENT, CardFile, Problem, SetRecord

SetKey = tuple[str, str]  # (game code, set code)
SET_FIELDS = ("name", "name_ja", "release_date", "sample_data", "notes", "kinds", "sold_as")

SET_LISTED_TWICE = "set {code!r} is already listed as {first}"
SET_CONFLICT = "set {code!r} already has {value!r} on {first}"
NEW_SET_NEEDS_NAME = "is required for the new set {code!r}"


@dataclass
class SetPlan:
    """``known``: every set the file's cards may use (named by the file); ``existing``: those of them in the
    database (by key). Sets the file does not name are not loaded."""

    known: set[SetKey] = field(default_factory=set)
    existing: dict[SetKey, CardSet] = field(default_factory=dict)
    to_create: dict[SetKey, dict[str, Any]] = field(default_factory=dict)
    to_update: dict[SetKey, dict[str, Any]] = field(default_factory=dict)


def plan_sets(card_file: CardFile, games: dict[str, Game], problems: list[Problem]) -> SetPlan:
    """Merge and check the file's set records; work out which sets to create and which fields to update.

    Only the sets the file names (in its set records or on its cards) are looked up, in one query, so the
    plan, and the cards the import then loads, do not grow with the rest of the catalogue. Problems are
    appended to ``problems``.
    """
    merged, first_where = _merge(card_file, problems)
    plan = SetPlan()
    for card_set in stored_sets(named_sets(card_file) | merged.keys()):
        key = (card_set.game.code, card_set.code)
        plan.existing[key] = card_set
        plan.known.add(key)
    for key, given in merged.items():
        values = _check_values(key, given, first_where[key], problems)
        plan.known.add(key)
        current = plan.existing.get(key)
        if current is None:
            if values.get("name") in (None, ""):
                prefix = "set_" if card_file.fmt == "csv" else ""
                problems.append(Problem(first_where[key], f"{prefix}name", NEW_SET_NEEDS_NAME.format(code=key[1])))
            plan.to_create[key] = values
            continue
        changes = {name: value for name, value in values.items() if getattr(current, name) != value}
        if changes:
            plan.to_update[key] = changes
    return plan


def named_sets(card_file: CardFile) -> set[SetKey]:
    """The (game, set code) of every card of a known game whose set is text: the sets its cards may use."""
    return {
        (card.game, card.set.strip())
        for card in card_file.cards
        if card.game in SCHEMAS and isinstance(card.set, str) and card.set.strip()
    }


def stored_sets(keys: set[SetKey]) -> list[CardSet]:
    """The stored sets of ``keys`` (with their games): one query, none when ``keys`` is empty."""
    codes: dict[str, set[str]] = {}
    for game, code in keys:
        codes.setdefault(game, set()).add(code)
    if not codes:
        return []
    condition = Q()
    for game, game_codes in sorted(codes.items()):
        condition |= Q(game__code=game, code__in=sorted(game_codes))
    return list(CardSet.objects.filter(condition).select_related("game"))


def _merge(card_file: CardFile, problems: list[Problem]) -> tuple[dict[SetKey, dict[str, Any]], dict[SetKey, str]]:
    merged: dict[SetKey, dict[str, Any]] = {}
    first_where: dict[SetKey, str] = {}
    said_where: dict[tuple[SetKey, str], str] = {}
    for record in card_file.sets:
        if record.game not in SCHEMAS or not isinstance(record.code, str) or not record.code.strip():
            if card_file.fmt == "json" and record.game in SCHEMAS:
                problems.append(Problem(record.where, "code", "is required (text)"))
            continue  # a CSV row's card reports its own missing set or unknown game
        key = (record.game, record.code.strip())
        if key in first_where and card_file.fmt == "json":
            problems.append(Problem(record.where, "code", SET_LISTED_TWICE.format(code=key[1], first=first_where[key])))
            continue
        first_where.setdefault(key, record.where)
        given = merged.setdefault(key, {})
        for name in SET_FIELDS:
            value = getattr(record, name)
            if value is ABSENT:
                continue
            if name in given and given[name] != value:
                message = SET_CONFLICT.format(code=key[1], value=given[name], first=said_where[(key, name)])
                problems.append(Problem(record.where, record.prefix + name, message))
                continue
            given[name] = value
            said_where.setdefault((key, name), record.where)
    return merged, first_where


def _check_values(key: SetKey, given: dict[str, Any], where: str, problems: list[Problem]) -> dict[str, Any]:
    """Clean each given value with CardSet's own field (dates parsed, lengths checked)."""
    values: dict[str, Any] = {}
    prefix = "set_" if where.startswith("row") else ""
    for name, value in given.items():
        if name in ("name", "name_ja", "notes", "sold_as") and not isinstance(value, str):
            problems.append(Problem(where, prefix + name, f"must be text, not {value!r}"))
            continue
        if name == "kinds" and value is not None and (type(value) is not int or value < 1):
            message = f"must be a whole number of at least 1 or null, not {value!r}"
            problems.append(Problem(where, prefix + name, message))
            continue
        if name == "sample_data" and not isinstance(value, bool):
            problems.append(Problem(where, prefix + name, f"must be true or false, not {value!r}"))
            continue
        try:
            values[name] = CardSet._meta.get_field(name).clean(value, None)
        except ValidationError as exc:
            problems.extend(Problem(where, prefix + name, message) for message in exc.messages)
    return values


def write_sets(plan: SetPlan, games: dict[str, Game]) -> dict[SetKey, CardSet]:
    """Create and update the planned sets (one query each: a file holds few sets); return every known set."""
    card_sets = dict(plan.existing)
    for (game, code), values in plan.to_create.items():
        card_sets[(game, code)] = CardSet.objects.create(game=games[game], code=code, **values)
    for key, changes in plan.to_update.items():
        card_set = card_sets[key]
        for name, value in changes.items():
            setattr(card_set, name, value)
        card_set.save(update_fields=list(changes))
    return card_sets


__all__ = ["SetKey", "SetPlan", "SetRecord", "named_sets", "plan_sets", "stored_sets", "write_sets"]

"""The catalogue version the deck check's caches are kept by: one row per game, changed by every write that can
change a deck check (issue 14.3) — the game's cards, sets and formats. Reading every game's version is one query
on a table of three rows, whatever the catalogue's size; the aggregate it replaces (``COUNT``/``MAX`` over the
game's cards, ``cards.bulk.catalogue_version``) grew with the catalogue.

Who changes it:
- ``post_save`` / ``post_delete`` of ``Card``, ``CardSet``, ``Format`` and ``FormatCardLimit`` (connected in
  ``DecksConfig.ready``): the admin's edit and delete, a queryset's ``delete()``, any ``save()``;
- the card import service, which writes with ``bulk_create`` and raw ``UPDATE`` (no signal), calls
  ``catalogue_changed(game_ids=…)`` once after writing; ``loadseeds`` imports through it.
A write that bypasses both (raw SQL, ``QuerySet.update``) must call ``catalogue_changed`` itself.

The version is bumped inside the writer's transaction, so it commits (or rolls back) with the cards; a reader
never sees the new version with the old cards. Each bump also draws a random token: a bump that is rolled back
(a test, a failed import) never hands its number to another state of the catalogue.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.db import connection, connections
from django.db.models.signals import post_delete, post_save

from .models import CatalogueVersion, Format


def catalogue_keys() -> dict[str, str]:
    """``{game code: version}`` of every game whose catalogue has been written: one query (a row per game)."""
    rows = CatalogueVersion.objects.values_list("game__code", "number", "token")
    return {code: f"{number}-{token}" for code, number, token in rows}


def catalogue_key(game_code: str) -> str:
    """The version of ``game_code``'s catalogue, as a string that changes whenever one of its cards, sets or
    formats changes. ``"none"`` for a game whose catalogue has never been written."""
    row = CatalogueVersion.objects.filter(game__code=game_code).values_list("number", "token").first()
    return f"{row[0]}-{row[1]}" if row else "none"


def catalogue_key_by_id(game_id: int, *, using: str = "default") -> str:
    """``catalogue_key`` of the game with ``game_id``: one primary-key read with its SQL written once (the card
    search asks it on every first page, so the ORM's compiling it each time was most of its cost)."""
    table = connections[using].ops.quote_name(CatalogueVersion._meta.db_table)
    with connections[using].cursor() as cursor:
        cursor.execute(f"SELECT number, token FROM {table} WHERE game_id = %s", [game_id])
        row = cursor.fetchone()
    return f"{row[0]}-{row[1]}" if row else "none"


def catalogue_changed(*, game_ids: Iterable[int]) -> None:
    """Give each game of ``game_ids`` a new catalogue version (inside the caller's transaction): one statement a
    game, an upsert that creates the row or counts one more change and draws a new token. Call it after writing
    cards or sets of those games by any means that sends no ``post_save`` / ``post_delete``."""
    table = connection.ops.quote_name(CatalogueVersion._meta.db_table)
    sql = (
        f"INSERT INTO {table} (game_id, number, token) VALUES (%s, 1, %s) "
        f"ON CONFLICT (game_id) DO UPDATE SET number = {table}.number + 1, token = excluded.token"
    )  # SQLite 3.24+ and PostgreSQL alike; F() cannot say "insert or add one" in one statement
    with connection.cursor() as cursor:
        for game_id in sorted(set(game_ids)):
            cursor.execute(sql, [game_id, secrets.token_hex(8)])


def _card_or_set_written(sender, instance, **_signal) -> None:
    if instance.game_id is not None:
        catalogue_changed(game_ids=[instance.game_id])


def _limit_written(sender, instance, **_signal) -> None:
    game_id = Format.objects.filter(pk=instance.format_id).values_list("game_id", flat=True).first()
    if game_id is not None:  # gone with its format: the format's own signal counts the change
        catalogue_changed(game_ids=[game_id])


def connect() -> None:
    """Connect the signals of ``Card``, ``CardSet``, ``Format`` and ``FormatCardLimit`` (``DecksConfig.ready``)."""
    receivers = {
        "cards.Card": _card_or_set_written,
        "cards.CardSet": _card_or_set_written,
        "decks.Format": _card_or_set_written,
        "decks.FormatCardLimit": _limit_written,
    }
    for model, receiver in receivers.items():
        post_save.connect(receiver, sender=model, dispatch_uid=f"decks-catalogue-save-{model}")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"decks-catalogue-delete-{model}")

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

A signal bumps a game's version once per transaction (``_bump_once``): a queryset's ``delete()`` of N cards sends
N ``post_delete`` signals inside one transaction, and one bump a card wrote N row versions of the game's
version row (deleting 90,000 filler cards: 90,000 updates, the three-row table grown to 751 pages until a vacuum,
and the version read every deck check makes on it, issue 14, planned and paid for on the grown table).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable

from django.db import connection, connections, transaction
from django.db.models.signals import post_delete, post_save

from .models import CatalogueVersion, Format

_BUMPED: dict[int, Callable[[], None]] = {}  # game id -> on_commit marker of its signal bump not read since


def catalogue_keys(*, using: str = "default") -> dict[str, str]:
    """``{game code: version}`` of every game whose catalogue has been written: one query (a row per game), its
    SQL written here rather than compiled by the ORM on every call (every deck check asks it first)."""
    _BUMPED.clear()
    connection_ = connections[using]
    quote = connection_.ops.quote_name
    game = CatalogueVersion._meta.get_field("game").related_model._meta
    sql = (
        f"SELECT g.{quote('code')}, v.number, v.token FROM {quote(CatalogueVersion._meta.db_table)} v "
        f"JOIN {quote(game.db_table)} g ON g.{quote(game.pk.column)} = v.game_id"
    )
    with connection_.cursor() as cursor:
        cursor.execute(sql)
        rows = cursor.fetchall()
    return {code: f"{number}-{token}" for code, number, token in rows}


def catalogue_key(game_code: str) -> str:
    """The version of ``game_code``'s catalogue, as a string that changes whenever one of its cards, sets or
    formats changes. ``"none"`` for a game whose catalogue has never been written."""
    _BUMPED.clear()
    row = CatalogueVersion.objects.filter(game__code=game_code).values_list("number", "token").first()
    return f"{row[0]}-{row[1]}" if row else "none"


def catalogue_key_by_id(game_id: int, *, using: str = "default") -> str:
    """``catalogue_key`` of the game with ``game_id``: one primary-key read with its SQL written once (the card
    search asks it on every first page, so the ORM's compiling it each time was most of its cost)."""
    _BUMPED.clear()
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


def _bump_once(game_id: int) -> None:
    """``catalogue_changed`` for ``game_id``, unless a signal has bumped it already in the transaction now open.

    The bump is remembered by a no-op ``on_commit`` callback: Django drops it when the transaction commits or
    rolls back, and when the savepoint it was registered in rolls back (then the bump is undone too, and the next
    write bumps again). Outside a transaction (autocommit) every write is its own, and bumps. Every read of a
    version forgets the bumps (``_BUMPED.clear()``): what was read may be cached by that version (the deck index,
    the formats, the search's count), so the next write after a read bumps again, even in the same transaction.
    Why: the module's docstring (one bump per card of a queryset delete bloated the version table)."""
    if not connection.in_atomic_block:
        catalogue_changed(game_ids=[game_id])
        return
    marker = _BUMPED.get(game_id)
    if marker is not None and any(func is marker for _, func, _ in connection.run_on_commit):
        return

    def bumped() -> None:  # runs at the commit; only its presence in the transaction's callbacks matters
        pass

    catalogue_changed(game_ids=[game_id])
    _BUMPED[game_id] = bumped
    transaction.on_commit(bumped)


def _card_or_set_written(sender, instance, **_signal) -> None:
    if instance.game_id is not None:
        _bump_once(instance.game_id)


def _limit_written(sender, instance, **_signal) -> None:
    game_id = Format.objects.filter(pk=instance.format_id).values_list("game_id", flat=True).first()
    if game_id is not None:  # gone with its format: the format's own signal counts the change
        _bump_once(game_id)


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

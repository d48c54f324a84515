"""The database ids of the games a search is restricted to, looked up once per process and database.

A search filters on ``game_id IN (…)`` with the ids as literals, not on a join with the game's code, so that
PostgreSQL estimates each condition per game (migration 0003). Looking the ids up on every request cost one
statement and a round trip each time; they change only when a ``Game`` row is created, renamed or deleted,
which sends ``post_save`` / ``post_delete``, and then the whole table is forgotten. A game written without
those signals (raw SQL, ``bulk_create``) in another process is seen only after ``forget_game_ids()`` or a
restart; games are created by seeding and imports, never per request.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from django.db.models.signals import post_delete, post_save

_ids: dict[tuple[str, str], int] = {}  # (database alias, game code) -> id
_lock = threading.Lock()


def game_ids(codes: Sequence[str], using: str) -> tuple[int, ...]:
    """The ids of the games ``codes`` in the database ``using``, in ``codes`` order (games without a row are
    left out). One query for the codes not seen yet in this process; none once each has been seen."""
    known = {code: _ids.get((using, code)) for code in codes}
    missing = [code for code, id_ in known.items() if id_ is None]
    if missing:
        from cards.models import Game

        found = dict(Game.objects.using(using).filter(code__in=missing).values_list("code", "id"))
        known.update(found)
        with _lock:  # an absent game is not remembered: it may be created at any moment (seeding, tests)
            _ids.update(((using, code), id_) for code, id_ in found.items())
    return tuple(id_ for id_ in known.values() if id_ is not None)


def forget_game_ids(**_signal) -> None:
    """Forget every remembered id (connected to ``Game``'s ``post_save`` and ``post_delete``)."""
    with _lock:
        _ids.clear()


post_save.connect(forget_game_ids, sender="cards.Game", dispatch_uid="search-forget-game-ids-save")
post_delete.connect(forget_game_ids, sender="cards.Game", dispatch_uid="search-forget-game-ids-delete")

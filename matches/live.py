"""Live push: after every commit each seat (and the spectators) receives its own new view over the channel layer.

Groups: ``match-<id>-<seat>`` for each seat, ``match-<id>-spectators``. The WebSocket consumer
(``matches.consumers``) joins the group of the connecting user's seat. With no channel layer reachable the push is
skipped and logged: clients fall back to polling by version, so nothing is lost.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .selectors import match_view

log = logging.getLogger(__name__)


def group_name(match_id: int, seat: str | None) -> str:
    return f"match-{match_id}-{seat or 'spectators'}"


def push_views(match) -> None:
    """Send each seat and the spectators their view of ``match`` (a ``match.view`` message)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        for seat in [*match.seats.values_list("seat", flat=True), None]:
            view = match_view(match=match, seat=seat)
            async_to_sync(layer.group_send)(group_name(match.pk, seat), {"type": "match.view", "view": view})
    except Exception:  # a broken push must never undo or block adjudication: polling recovers
        log.exception("could not push views of match %s", match.pk)

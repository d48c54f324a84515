"""WebSocket push of match views: a client connects to ``/ws/matches/<id>/`` and receives
``{"type": "view", "view": {...}}`` each time the match changes — its own seat's view, or the spectators' view.
It receives the current view on connecting, so a reconnecting player simply continues. Connecting marks the
group watched (``live.mark_watched``): views are computed and pushed only for groups someone listens on.

A push (``matches.live.push_views``) carries the spectators' view once and each seat's delta from it on the
seat's own group; a seat's consumer listens on both groups and sends its client the whole view rebuilt from the
two messages of one push (``matches.viewdelta.patch``), so clients always receive whole views."""

from __future__ import annotations

import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from .live import group_name, mark_watched
from .models import Match
from .selectors import match_view
from .services import seat_of
from .viewdelta import patch

log = logging.getLogger(__name__)

NO_SUCH_MATCH = 4404  # WebSocket close code: no match at that path (or no such path)


class MatchConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        match_id = self.scope["url_route"]["kwargs"]["match_id"]
        found = await self._seat_and_view(match_id)
        if found is None:  # accepted, then closed with 4404: the client can tell "no such match" from a refusal
            await self.accept()
            await self.close(code=NO_SUCH_MATCH)
            return
        seat, view = found
        self.match_id, self.seat = match_id, seat
        self.base: dict | None = None  # the latest spectators' view message, for a seat
        self.delta: dict | None = None  # the latest delta message for this seat
        await database_sync_to_async(mark_watched)(match_id, seat)
        self.groups_joined = [group_name(match_id, None)] + ([group_name(match_id, seat)] if seat else [])
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "view", "view": view})

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """Clients send nothing on this socket (actions go through HTTP): any frame is ignored, whatever it holds
        (found by acceptance testing: a text frame that was not JSON crashed the consumer)."""

    async def match_view(self, message):
        """The spectators' view of one push: a spectator's client gets it as it is; a seat keeps it as the base
        of its delta from the same push."""
        if self.seat is None:
            await self.send_json({"type": "view", "view": message["view"]})
            await database_sync_to_async(mark_watched)(self.match_id, None)  # still listening: keep the mark
            return
        self.base = message
        await self._send_rebuilt()

    async def match_delta(self, message):
        """This seat's delta from the spectators' view of one push."""
        self.delta = message
        await self._send_rebuilt()
        await database_sync_to_async(mark_watched)(self.match_id, self.seat)

    async def _send_rebuilt(self):
        # The two messages of a push come on two groups, in either order: send once both of one push are here.
        if self.base is None or self.delta is None or self.base.get("push") != self.delta.get("push"):
            return
        base, delta, self.delta = self.base["view"], self.delta["delta"], None
        try:
            view = patch(base, delta)
        except ValueError:  # never expected; the client still gets its own view, read afresh
            log.exception("could not rebuild the view of match %s for %s", self.match_id, self.seat)
            found = await self._seat_and_view(self.match_id)
            if found is None:
                return
            view = found[1]
        await self.send_json({"type": "view", "view": view})

    @database_sync_to_async
    def _seat_and_view(self, match_id: int):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return None
        seat = seat_of(match, self.scope.get("user"))
        return seat, match_view(match=match, seat=seat)


class NoSuchPath(AsyncJsonWebsocketConsumer):
    """Any other WebSocket path: accepted, then closed with ``NO_SUCH_MATCH`` (it was a 500, "No route found")."""

    async def connect(self):
        await self.accept()
        await self.close(code=NO_SUCH_MATCH)

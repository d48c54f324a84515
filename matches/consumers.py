"""WebSocket push of match views: a client connects to ``/ws/matches/<id>/`` and receives
``{"type": "view", "view": {...}}`` each time the match changes — its own seat's view, or the spectators' view.
It receives the current view on connecting, so a reconnecting player simply continues. Connecting marks the
group watched (``live.mark_watched``): views are computed and pushed only for groups someone listens on."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from .live import group_name, mark_watched
from .models import Match
from .selectors import match_view
from .services import seat_of


class MatchConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        match_id = self.scope["url_route"]["kwargs"]["match_id"]
        found = await self._seat_and_view(match_id)
        if found is None:
            await self.close(code=4404)
            return
        seat, view = found
        self.match_id, self.seat = match_id, seat
        await database_sync_to_async(mark_watched)(match_id, seat)
        self.group = group_name(match_id, seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "view", "view": view})

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def match_view(self, message):
        await self.send_json({"type": "view", "view": message["view"]})
        await database_sync_to_async(mark_watched)(self.match_id, self.seat)  # still listening: keep the mark

    @database_sync_to_async
    def _seat_and_view(self, match_id: int):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return None
        seat = seat_of(match, self.scope.get("user"))
        return seat, match_view(match=match, seat=seat)

"""Live push: after every commit each seat (and the spectators) receives its own new view over the channel layer.

Groups: ``match-<id>-<seat>`` for each seat, ``match-<id>-spectators``. The WebSocket consumer
(``matches.consumers``) joins the group of the connecting user's seat. With no channel layer reachable the push is
skipped and logged: clients fall back to polling by version, so nothing is lost.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from .selectors import match_views

log = logging.getLogger(__name__)

SEND_TIMEOUT = 5.0  # seconds to wait for the channel layer before giving up (clients poll)


def group_name(match_id: int, seat: str | None) -> str:
    return f"match-{match_id}-{seat or 'spectators'}"


# Who is listening (issue 14 "a cheaper action"): a WebSocket consumer marks its group watched when it connects
# and whenever it delivers a view, for WATCH_SECONDS; a push computes and sends the views of watched groups only.
# A bot match nobody watches then costs no view at all (three full views, about 100 KB through Redis, an action
# before). The marks live in the cache (Redis in production, shared by web and workers).
WATCH_SECONDS = 3600


def _watch_key(match_id: int, seat: str | None) -> str:
    return f"live:watched:{group_name(match_id, seat)}"


def mark_watched(match_id: int, seat: str | None) -> None:
    """Someone listens on ``seat``'s group of ``match_id`` (None: the spectators'): push its views for the next
    ``WATCH_SECONDS``. Called by ``consumers.MatchConsumer``; the bench's listener calls it too."""
    from django.core.cache import cache

    cache.set(_watch_key(match_id, seat), 1, WATCH_SECONDS)


def watched_seats(match_id: int, seats: list[str | None]) -> list[str | None]:
    """The ones of ``seats`` whose group someone listens on (one cache round trip)."""
    from django.core.cache import cache

    marks = cache.get_many([_watch_key(match_id, seat) for seat in seats])
    return [seat for seat in seats if _watch_key(match_id, seat) in marks]


def push_views(match, *, seats: list | None = None) -> None:
    """Send each watched seat and the spectators (if watched) their view of ``match`` (a ``match.view``
    message). ``seats``: the match's Seat rows with their users, when the caller has them. The shared parts of
    the views are computed once and all messages go out in one round of the channel layer; nothing is computed
    when nobody listens."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        rows = match.seat_rows() if seats is None else seats
        listening = watched_seats(match.pk, [*(s.seat for s in rows), None])
        if not listening:
            return
        views = match_views(match=match, seats=listening, seat_rows=rows)

        async def send_all():
            await asyncio.gather(*(layer.group_send(group_name(match.pk, seat), {"type": "match.view", "view": view})
                                   for seat, view in views.items()))

        _run(layer, send_all)
    except Exception:  # a broken push must never undo or block adjudication: polling recovers
        log.exception("could not push views of match %s", match.pk)


def _run(layer, coroutine_function) -> None:
    """Run ``coroutine_function()`` to its end from synchronous code. In a worker process (no event loop of an
    ASGI server up the stack, a network channel layer) it runs on this process's own long-lived loop, so the
    layer's connections are kept; otherwise through ``async_to_sync`` (the in-memory layer and ASGI threads)."""
    in_server = (getattr(SyncToAsync.threadlocal, "main_event_loop", None) is not None
                 and getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) == os.getpid())
    if not in_server and _loop_running_here():
        # an event loop that is not ours runs in this very thread (Playwright's sync API leaves one in a test
        # process): async_to_sync refuses to run under it, so the sends run on a thread of their own
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, coroutine_function()).result(SEND_TIMEOUT)
        return
    if in_server or isinstance(layer, InMemoryChannelLayer):
        async_to_sync(coroutine_function)()
        return
    asyncio.run_coroutine_threadsafe(coroutine_function(), _process_loop()).result(SEND_TIMEOUT)


def _loop_running_here() -> bool:
    try:
        return asyncio.get_running_loop().is_running()
    except RuntimeError:
        return False


_loop_lock = threading.Lock()
_loop: tuple[int, asyncio.AbstractEventLoop] | None = None


def _process_loop() -> asyncio.AbstractEventLoop:
    """This process's event loop for channel-layer calls, on a daemon thread; a forked child (a prefork
    worker) starts its own."""
    global _loop
    with _loop_lock:
        if _loop is None or _loop[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channel-layer-loop", daemon=True).start()
            _loop = (os.getpid(), loop)
        return _loop[1]

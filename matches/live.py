"""Live push: after every commit each seat (and the spectators) receives its own new view over the channel layer.

Groups: ``match-<id>-spectators`` and ``match-<id>-<seat>`` for each seat. One push sends the spectators' view
once, to the spectators' group (``{"type": "match.view", "push", "view"}``), and each watched seat only what its
view adds to that one, to its own group (``{"type": "match.delta", "push", "version", "delta"}``, a JSON Patch
from ``matches.viewdelta``): issue 14 "one spectator view plus small per-seat deltas instead of three full
views". A seat's private parts never travel on a group another reader is in. The WebSocket consumer
(``matches.consumers``) of a seat joins both groups and rebuilds its view from the two messages of one push; a
spectator's joins the spectators' group alone. With no channel layer reachable the push is skipped and logged:
clients fall back to polling by version, so nothing is lost.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from .selectors import match_views
from .viewdelta import diff

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
    """Send the spectators' view of ``match`` to the spectators' group and each watched seat its delta from it
    (see the module docstring). ``seats``: the match's Seat rows with their users, when the caller has them. The
    shared parts of the views are computed once and all messages go out in one round of the channel layer;
    nothing is computed when nobody listens (the spectators' view is computed whenever anyone does: it is every
    seat's base)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        rows = match.seat_rows() if seats is None else seats
        listening = watched_seats(match.pk, [*(s.seat for s in rows), None])
        if not listening:
            return
        watched = [seat for seat in listening if seat is not None]
        views = match_views(match=match, seats=[None, *watched], seat_rows=rows)
        push = uuid.uuid4().hex
        messages = [(group_name(match.pk, None), {"type": "match.view", "push": push, "view": views[None]})]
        messages += [(group_name(match.pk, seat), {"type": "match.delta", "push": push, "version": match.version,
                                                   "delta": diff(views[None], views[seat])})
                     for seat in watched]

        async def send_all():
            await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))

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

"""After a commit: push every seat and the spectators their views, then hand the turn on — the bot to act gets
a ``bot_move`` task keyed by the version (or the chain in progress makes the move itself), and a player's action
sent a version ahead is adjudicated. The clock needs no task here: the workers' watchdog fires deadlines."""

from __future__ import annotations

import threading
import time

from referee.engine import get_engine

from .. import live
from ..models import Match, Seat
from ..queueing import ADJUDICATE, BOT_MOVE, task

# The bot chain in progress on this thread (bots.match_bot_chain): ``until``, the monotonic time its budget ends;
# ``next``, the (match id, version) of the bot move it makes next, set by the hand-off instead of queueing it.
chain = threading.local()
_drain = threading.local()


def after_commit(match: Match | int, seats: list[Seat] | None = None) -> None:
    """Run the after-commit work for ``match`` (the instance just committed, or an id to load; ``seats`` with
    their users when known); when tasks run eagerly in-process (the embedded default) a bot's move commits
    inside this very call, so later runs are queued and drained in a loop instead of recursing."""
    queue = getattr(_drain, "queue", None)
    if queue is not None:
        queue.append((match, seats))
        return
    _drain.queue = [(match, seats)]
    try:
        while _drain.queue:
            _after_commit_once(*_drain.queue.pop(0))
    finally:
        _drain.queue = None


def _after_commit_once(match: Match | int, seats: list[Seat] | None = None) -> None:
    """Push views, then hand the turn to a bot as a task keyed by the version. The clock needs no task of its
    own: every worker's watchdog (``matches.watchdog``) fires a deadline once it has passed, so a deadline never
    sits in the memory of one worker that may die.

    The instance is the one just committed under the row lock, so it is used as it is (no second read); every
    pushed view carries its version, and a client keeps the highest it has seen."""
    if not isinstance(match, Match):
        match = Match.objects.live().get(pk=match)
    if seats is None:
        seats = match.seat_rows()
    live.push_views(match, seats=seats)
    if match.status != Match.Status.ACTIVE:
        return
    seat = get_engine(match.game).to_act(match.state)
    holder = next((s for s in seats if s.seat == seat), None)
    if holder is not None and holder.bot:
        bot_move = task(BOT_MOVE)
        if getattr(chain, "until", 0) > time.monotonic():
            chain.next = (match.pk, match.version)  # match_bot_chain makes this move itself, in this task
        elif any(s.user_id for s in seats):
            # a bot answering a person: on the players' queue, so the person never waits behind bot matches
            bot_move.apply_async((match.pk, match.version), queue=bot_move.app.conf.task_default_queue)
        else:
            bot_move.delay(match.pk, match.version)
    elif getattr(match, "bot_moved", False):
        # a bot's move is applied without reading the pending rows: one a player sent a version ahead is
        # adjudicated now, not when the watchdog finds it
        enqueue_adjudication(match.pk)


def enqueue_adjudication(match_id: int) -> None:
    """Queue the adjudication of ``match``'s pending submissions (the players' queue)."""
    task(ADJUDICATE).delay(match_id)

"""A whole match between bots, played by the Celery bot tasks and waited for: ``manage.py playmatch`` and the
tournaments' bot entrants (``manage.py runtournament``) play their games so. With ``REDIS_URL`` unset the tasks run
in-process (eager) and the match has ended when ``match_create`` returns; else the workers play it and this waits,
queueing a bot's move again when the match has not moved for ``NUDGE_SECONDS`` (a worker that died between a commit
and queueing the next move lost it; the move is keyed by the version, so one that was not lost is made once)."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from contextlib import contextmanager

from referee.engine import get_engine

from ..errors import MatchError
from ..models import Match
from .creation import SeatSpec, match_create

POLL_SECONDS = 0.2  # how often the match row is read while workers play
NUDGE_SECONDS = 30.0  # a match whose version has not moved for this long gets its bot move queued again


class BotMatchStalled(Exception):  # noqa: N818 - a state, as the matches' other errors
    """A bot match that did not finish: ``match_id`` and the reason (a sentence naming what to check)."""

    def __init__(self, match_id: int | None, reason: str) -> None:
        super().__init__(reason)
        self.match_id = match_id
        self.reason = reason


@contextmanager
def _quiet_eager_tasks(eager: bool, verbose: bool):
    trace = logging.getLogger("celery.app.trace")  # one INFO line per eager task: hundreds for a match
    level = trace.level
    if eager and not verbose:
        trace.setLevel(logging.WARNING)
    try:
        yield
    finally:
        trace.setLevel(level)


def start_bot_match(*, game: str, kinds: Sequence[str], decks: dict, seed: bytes, config: dict | None = None,
                    format_code: str = "", verbose: bool = False) -> Match:
    """Create and start a match of ``game`` whose seats (the engine's order) are the bots ``kinds``, with the
    secret ``seed`` (``match_create``). With eager tasks the match is over when this returns. Raises
    BotMatchStalled with the service's reason when the match cannot be made."""
    from ..tasks import bot_move

    engine = get_engine(game)
    eager = bool(bot_move.app.conf.task_always_eager)
    try:
        with _quiet_eager_tasks(eager, verbose):
            return match_create(game=game, decks=decks, seed=seed, config=config or {}, format_code=format_code,
                                seats=[SeatSpec(seat=seat, bot=kind, deck={})
                                       for seat, kind in zip(engine.seats, kinds, strict=True)])
    except MatchError as exc:
        raise BotMatchStalled(None, exc.reason) from exc


def wait_finished(match_id: int, timeout: float) -> Match:
    """The match once FINISHED, waiting up to ``timeout`` seconds for the workers (the module docstring).
    BotMatchStalled when it ends otherwise (aborted), stops with eager tasks, or runs out of time: the match stays
    in play then, and a worker started later plays it to the end."""
    from ..tasks import bot_move

    eager = bool(bot_move.app.conf.task_always_eager)
    deadline = time.monotonic() + timeout
    seen, since = None, time.monotonic()
    while True:
        status, version = Match.objects.filter(pk=match_id).values_list("status", "version").get()
        if version != seen:
            seen, since = version, time.monotonic()
        elif status == Match.Status.ACTIVE and not eager and time.monotonic() - since >= NUDGE_SECONDS:
            bot_move.delay(match_id, version)
            since = time.monotonic()
        if status == Match.Status.FINISHED:
            return Match.objects.get(pk=match_id)
        if status != Match.Status.ACTIVE:
            raise BotMatchStalled(match_id, f"match {match_id} ended {status} at version {version}")
        if eager:
            raise BotMatchStalled(match_id, f"match {match_id} stopped at version {version} although Celery tasks "
                                            "run in-process (REDIS_URL unset): was this run inside a transaction?")
        if time.monotonic() >= deadline:
            raise BotMatchStalled(match_id, f"match {match_id} did not finish within {timeout:g} s: it reached "
                                            f"version {version}. REDIS_URL is set, so Celery workers play the "
                                            "bots' moves: is one running (celery -A config worker)? The match "
                                            "stays in play; a worker started later plays it to the end.")
        time.sleep(POLL_SECONDS)

"""The analysis of a finished match (issue 28, point 5): on request, the search bot weighs each decision one seat
made (``referee.engine.analysis``), on the bots' queue, and the replay marks the largest drops.

One ``Analysis`` row per match and seat: asking again returns the row there is (a failed one is queued again).
The task is safe to run twice: it starts over and writes the same figures (the search is seeded by the match's
secret seed, published once the match has ended). Under the embedded default (``task_always_eager``, no worker) it
runs on a thread of the web process, so the request that asks returns at once.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time

from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.engine import get_engine

from ..models import Analysis, Match

log = logging.getLogger(__name__)

ANALYSIS_SEED_DOMAIN = b"shinpan-analysis\0"
# How often the task writes its progress (seconds): the replay's progress bar reads it.
PROGRESS_EVERY = 2.0
# An analysis with no progress written for this long is taken for lost (its worker died, or the broker delivered
# the task again after its visibility timeout while it ran): asking again queues it anew, and a task delivered
# again runs it. One written to more recently is another worker's, and a task delivered again leaves it be.
STALE_AFTER = 120.0
# A queued analysis no worker has started for this long is taken for lost too (a thread of the embedded default
# gone with its process, a message lost with the broker); longer, since a busy bots' queue may hold it that long.
QUEUED_STALE_AFTER = 600.0


class AnalysisRefused(ValueError):
    """Why an analysis cannot be asked for: the match is still in play, or the seat is not one of the game's."""


def analysis_level() -> str:
    """The search level of the analysis (``referee.engine.search.LEVELS``): ``SHINPAN_ANALYSIS_LEVEL``, default
    ``"hard"`` (the tests use ``"easy"``)."""
    return getattr(settings, "SHINPAN_ANALYSIS_LEVEL", "hard")


def analysis_seed(seed_hex: str, seat: str) -> int:
    """The search seed of a seat's analysis: HMAC-SHA256(the match's seed, "shinpan-analysis\\0" + seat), its first
    16 bytes as an integer (never a bot's or a die's message: ``services.bots.bot_seed``)."""
    digest = hmac.digest(bytes.fromhex(seed_hex), ANALYSIS_SEED_DOMAIN + seat.encode(), "sha256")
    return int.from_bytes(digest[:16], "big")


def match_request_analysis(*, match: Match, seat: str, user=None) -> tuple[Analysis, bool]:
    """Ask for the analysis of ``seat``'s decisions in ``match``: ``(the row, whether it was queued now)``. The
    row there is comes back as it is (queued, running or done); a failed one is queued again. Raises
    ``AnalysisRefused`` while the match is in play (only a finished match is analysed: the figures would tell a
    player about hidden cards) or for a seat the game does not have."""
    if match.status != Match.Status.FINISHED:
        raise AnalysisRefused(_("A match is analysed only after it has ended."))
    seats = get_engine(match.game).seats
    if not seat:
        raise AnalysisRefused(_("Choose the seat whose decisions are to be analysed."))
    if seat not in seats:
        raise AnalysisRefused(_("This game has no seat “%(seat)s”; its seats are %(seats)s.") % {
            "seat": seat[:20] + ("…" if len(seat) > 20 else ""), "seats": ", ".join(seats)})
    try:
        with transaction.atomic():
            analysis, created = Analysis.objects.get_or_create(
                match=match, seat=seat,
                defaults={"level": analysis_level(), "requested_by": user if getattr(user, "pk", None) else None})
    except IntegrityError:  # asked twice at once: the other request made the row
        analysis, created = Analysis.objects.get(match=match, seat=seat), False
    if not created and not (analysis.status == Analysis.Status.FAILED or analysis_lost(analysis)):
        return analysis, False
    if not created:
        Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.QUEUED, error="", done=0,
                                                       level=analysis_level(), updated=timezone.now())
        analysis.refresh_from_db()
    transaction.on_commit(lambda: _queue(analysis.pk))
    return analysis, True


def analysis_lost(analysis: Analysis) -> bool:
    """A running analysis with no progress written for ``STALE_AFTER`` seconds, or a queued one no worker has
    started for ``QUEUED_STALE_AFTER``: asking again makes it anew (the replay offers it)."""
    quiet = (timezone.now() - analysis.updated).total_seconds()
    return ((analysis.status == Analysis.Status.RUNNING and quiet > STALE_AFTER)
            or (analysis.status == Analysis.Status.QUEUED and quiet > QUEUED_STALE_AFTER))


def _queue(analysis_id: int) -> None:
    from config.celery import app

    from ..queueing import ANALYSE, task

    if app.conf.task_always_eager and not getattr(settings, "SHINPAN_ANALYSIS_INLINE", False):
        # the embedded default has no worker: a thread, so the request returns at once
        threading.Thread(target=_run_on_thread, args=(analysis_id,), daemon=True,
                         name=f"analysis-{analysis_id}").start()
        return
    task(ANALYSE).delay(analysis_id)


def _run_on_thread(analysis_id: int) -> None:
    try:
        match_analyse(analysis_id=analysis_id)
    finally:
        close_old_connections()


def match_analyse(*, analysis_id: int) -> bool:
    """Run a queued analysis to the end, writing its progress as it goes; False when there is nothing to do (the
    row is gone or done). A failure is recorded on the row (``status`` failed, ``error``) and logged."""
    from referee.engine.analysis import analyse

    from ..selectors import match_replay_log

    analysis = Analysis.objects.select_related("match").filter(pk=analysis_id).first()
    if analysis is None or analysis.status == Analysis.Status.DONE:
        return False
    if analysis.status == Analysis.Status.RUNNING and not analysis_lost(analysis):
        return False  # delivered again while another worker runs it (a queued one is this task's to run)
    match = analysis.match
    try:
        game_log = match_replay_log(match=match)
        written = [0.0]

        def progress(done: int, total: int) -> None:
            if done == 0:  # the decisions are found: running, with its total
                Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.RUNNING, total=total, done=0,
                                                               updated=timezone.now())
                written[0] = time.monotonic()
            elif time.monotonic() - written[0] >= PROGRESS_EVERY:
                Analysis.objects.filter(pk=analysis_id).update(done=done, updated=timezone.now())
                written[0] = time.monotonic()

        found = analyse(game_log, analysis.seat, level=analysis.level,
                        seed=analysis_seed(match.seed_hex, analysis.seat), progress=progress)
    except Exception as exc:  # noqa: BLE001 - recorded on the row for the replay to say, and logged
        log.exception("analysis %s of match %s failed", analysis_id, match.pk)
        Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.FAILED, updated=timezone.now(),
                                                       error=f"{exc.__class__.__name__}: {exc}"[:500])
        return False
    Analysis.objects.filter(pk=analysis_id).update(status=Analysis.Status.DONE, done=len(found), total=len(found),
                                                   result=[a.as_dict() for a in found], error="",
                                                   updated=timezone.now())
    return True

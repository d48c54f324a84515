"""Celery tasks: thin wrappers that take ids and call one match service. Each is safe to run twice (the services
guard on status, version and the match row lock) and acknowledges late, so a killed worker's task runs again.
Their return values are for callers in-process only: no result is stored in the backend (one write less per
task). Each task's name is set from ``matches.queueing``, by which the services queue it."""

from __future__ import annotations

from celery import shared_task

from .queueing import ADJUDICATE, ANALYSE, APPLY_DEADLINE, BOT_MOVE, NOOP, SWEEP_PENDING
from .services import match_adjudicate, match_analyse, match_apply_deadline, match_bot_chain, match_resume_all


@shared_task(name=ADJUDICATE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def adjudicate(match_id: int) -> int:
    """Apply the match's pending submissions; returns how many were processed."""
    return match_adjudicate(match_id=match_id)


@shared_task(name=BOT_MOVE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def bot_move(match_id: int, version: int) -> bool:
    """The bot to act at ``version`` decides, and the bots to act after it go on for a few milliseconds
    (``match_bot_chain``); nothing if the match has moved on."""
    return match_bot_chain(match_id=match_id, version=version) > 0


@shared_task(name=APPLY_DEADLINE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def apply_deadline(match_id: int, version: int) -> bool:
    """The decision at ``version`` timed out: apply the default; nothing if the match has moved on."""
    return match_apply_deadline(match_id=match_id, version=version)


@shared_task(name=SWEEP_PENDING, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def sweep_pending() -> int:
    """Run when a worker starts: queue adjudication for every active match with pending submissions, and the
    bot moves and deadlines a crashed worker may have lost after a commit (``match_resume_all``); returns how
    many tasks were queued."""
    return sum(match_resume_all().values())


@shared_task(name=ANALYSE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def analyse(analysis_id: int) -> bool:
    """A finished match's analysis for one seat (issue 28, point 5), on the bots' queue; run twice, it starts
    over and writes the same figures."""
    return match_analyse(analysis_id=analysis_id)


@shared_task(name=NOOP)
def noop() -> None:
    """A round trip through the broker and a worker doing nothing: the bench's baseline."""

"""Adjudication (ARCHITECTURE.md "Matches and the referee"): under the match row lock, the pending submissions
are applied in version order through the engine, the events appended, the new state and version stored, and
(after commit) every seat pushed its view."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from referee.engine import ActionRefused, get_engine

from ..errors import NotFound
from ..models import Match, Seat, Submission
from .locking import locked_with_pending, pending_of
from .progress import append_events, mark_submission, start_step, store_progress


def match_adjudicate(*, match_id: int) -> int:
    """Apply every pending submission that is due, in (expected version, arrival) order; return how many were
    processed (applied or rejected). Safe to run twice and concurrently: the match row lock serialises runs and
    only pending submissions are touched. A submission for a later version waits for its turn; one for an
    earlier version is rejected as stale; one the engine refuses is rejected with its code, reason and clause.
    """
    with transaction.atomic():
        try:
            match, pending = locked_with_pending(match_id)  # one statement (issue 31, point 4)
        except NotFound:
            return 0  # gone (a deleted match's late task): nothing to adjudicate
        if match.status != Match.Status.ACTIVE or not pending:
            return 0  # a run that came first took them; one stored after this enqueues its own run
        return adjudicate_locked(match, get_engine(match.game), pending=pending)


def adjudicate_locked(match: Match, engine, seats: list[Seat] | None = None, *,
                      pending: list[Submission] | None = None) -> int:
    """The body of ``match_adjudicate`` inside its transaction, the match row locked; ``seats`` (with users),
    when the caller has them, go on to the push after commit; ``pending``: the pending submissions in order, when
    the caller read them with the lock (``locked_with_pending``), else they are read here."""
    processed = 0
    start_step(match)  # the submissions' status and the events written with the match row, in one statement
    state, version, seq = match.state, match.version, match.next_seq
    match_version_before = version
    if pending is None:
        pending = pending_of(match.pk)
    now = timezone.now()
    for submission in pending:
        if submission.expected_version > version:
            break
        processed += 1
        submission.processed_at = now
        if submission.expected_version < version:
            _reject(match, submission, {"code": "stale_version", "clause": "",
                                 "reason": f"the match moved on to version {version}"})
            continue
        try:
            state, events = engine.apply(state, submission.action)
        except ActionRefused as exc:
            _reject(match, submission, exc.as_dict())
            continue
        version += 1
        mark_submission(match, submission.pk, status=Submission.Status.APPLIED, applied_version=version, error=None,
                        processed_at=now)
        seq = append_events(match, events, version=version, submission=submission, start_seq=seq)
    if processed:
        store_progress(match, engine, state=state, version=version, seq=seq, now=now, seats=seats,
                        moved=version != match_version_before)
    else:
        match.step_events = match.step_submission_updates = None
    return processed


def _reject(match: Match, submission: Submission, error: dict) -> None:
    submission.status = Submission.Status.REJECTED
    submission.error = error
    mark_submission(match, submission.pk, status=Submission.Status.REJECTED, applied_version=None, error=error,
                    processed_at=submission.processed_at)

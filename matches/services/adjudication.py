"""Adjudication (ARCHITECTURE.md "Matches and the referee"): under the match row lock, the pending submissions
are applied in version order through the engine, the events appended, the new state and version stored, and
(after commit) every seat pushed its view."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from referee.engine import ActionRefused, get_engine

from ..models import Match, Seat, Submission
from .locking import locked_for_play
from .progress import append_events, mark_submission, start_step, store_progress


def match_adjudicate(*, match_id: int) -> int:
    """Apply every pending submission that is due, in (expected version, arrival) order; return how many were
    processed (applied or rejected). Safe to run twice and concurrently: the match row lock serialises runs and
    only pending submissions are touched. A submission for a later version waits for its turn; one for an
    earlier version is rejected as stale; one the engine refuses is rejected with its code, reason and clause.
    """
    if not Submission.objects.filter(match_id=match_id, status=Submission.Status.PENDING).exists():
        return 0  # a run that came first took them; one stored after this check enqueues its own run
    with transaction.atomic():
        match = locked_for_play(match_id)
        if match.status != Match.Status.ACTIVE:
            return 0
        return adjudicate_locked(match, get_engine(match.game))


def adjudicate_locked(match: Match, engine, seats: list[Seat] | None = None) -> int:
    """The body of ``match_adjudicate`` inside its transaction, the match row locked; ``seats`` (with users),
    when the caller has them, go on to the push after commit."""
    processed = 0
    start_step(match)  # the submissions' status and the events written with the match row, in one statement
    state, version, seq = match.state, match.version, match.next_seq
    match_version_before = version
    pending = list(Submission.objects.filter(match_id=match.pk, status=Submission.Status.PENDING)
                   .order_by("expected_version", "id").only("id", "expected_version", "action"))
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

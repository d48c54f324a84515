"""What every step that moves a match writes inside its transaction: the events appended to the log, the end
when the engine says the game is over, the next deadline and the match row; then, after commit, the hand-off
(``handoff.after_commit``: the views pushed, the next task queued)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from .. import rows as rows_module
from ..models import Event, Match, Submission
from . import handoff


def start_step(match: Match) -> None:
    """Buffer what the step about to run on ``match`` writes (its event rows, its submissions' new status) so that
    ``store_progress`` writes them with the match row in one statement (issue 31, point 4; ``rows.write_step``)."""
    match.step_events = []
    match.step_submission_updates = []


def mark_submission(match: Match, pk: int, *, status: str, applied_version: int | None, error: dict | None,
                    processed_at) -> None:
    """A processed submission's new status, written with the step (``start_step``), else at once."""
    values = (status, applied_version, error, processed_at)
    buffer = getattr(match, "step_submission_updates", None)
    if buffer is not None:
        buffer.append((pk, values))
    else:
        rows_module.update_row(Submission, pk, dict(zip(rows_module.SUBMISSION_UPDATE, values, strict=True)))


def store_progress(match: Match, engine, *, state: dict, version: int, seq: int, now, seats, moved: bool,
                   new_submission: dict | None = None, push: bool = True) -> bool:
    """Write the match row after applied actions (state, version, next event seq, the end if it came, the next
    deadline, when it moved and who is to act), with what the step buffered (``start_step``) and
    ``new_submission`` (a bot's move, already applied: its events name it ``rows.NEW_SUBMISSION``), in one
    statement on PostgreSQL; push after commit. First the decisions now due that are forced or settled by a
    player's settings are made for them (``autoplay``).

    Returns False, having written nothing of the step, when ``new_submission``'s key exists already
    (``rows.write_step``): the caller then abandons the transaction. ``push`` false: no push nor hand-off after
    the commit (the caller registers one for several steps: ``bots._bot_moves``)."""
    if match.status == Match.Status.ACTIVE:
        from .autoplay import play_for_people

        before = version
        state, version, seq = play_for_people(match, engine, state, version, seq, now, append_events=append_events,
                                              seats=seats)
        moved = moved or version != before
    match.state, match.version, match.next_seq = state, version, seq
    was_active = match.status == Match.Status.ACTIVE
    _finish_if_over(match, engine)
    set_deadline(match)
    if moved:
        match.moved_at = now
    match.to_act = (engine.to_act(state) or "") if match.status == Match.Status.ACTIVE else ""
    events = getattr(match, "step_events", None) or []
    updates = getattr(match, "step_submission_updates", None) or []
    match.step_events = match.step_submission_updates = None
    written = rows_module.write_step(
        match_model=Match, match_pk=match.pk, match_values={
            "state": state, "version": version, "next_seq": seq, "status": match.status,
            "finished_at": match.finished_at, "outcome": match.outcome, "deadline_at": match.deadline_at,
            "moved_at": match.moved_at, "to_act": match.to_act},
        event_model=Event, event_names=_EVENT_COLUMNS, events=events, submission_model=Submission,
        new_submission=new_submission, conflict=("match_id", "seat", "idempotency_key"), submission_updates=updates)
    if not written:
        return False
    if was_active and match.status == Match.Status.FINISHED:
        tell_finished(match.pk)
    if push:
        transaction.on_commit(lambda: handoff.after_commit(match, seats))
    return True


def tell_finished(match_id: int) -> None:
    """``signals.match_finished`` after the commit (the tournaments listen)."""
    from ..signals import match_finished

    transaction.on_commit(lambda: match_finished.send(sender=Match, match_id=match_id))


def _finish_if_over(match: Match, engine) -> None:
    """The match finished, with the engine's outcome, when the engine says the game is over."""
    outcome = engine.outcome(match.state)
    if outcome is None:
        return
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.outcome = {"winner": outcome.winner, "reason": outcome.reason, "summary": outcome.summary}


def set_deadline(match: Match) -> None:
    """The deadline of the decision now open: ``decision_seconds`` from now in a timed match in play, else none."""
    if match.decision_seconds and match.status == Match.Status.ACTIVE:
        match.deadline_at = timezone.now() + timedelta(seconds=match.decision_seconds)
    else:
        match.deadline_at = None


_EVENT_COLUMNS = ("match_id", "seq", "version", "submission_id", "kind", "clause", "data", "to", "created_at")


def append_events(match: Match, events, *, version: int, submission, start_seq: int) -> int:
    """Append ``events`` to the log at ``version`` from seq ``start_seq``: buffered for the step's one write
    (``start_step``), else in one precompiled INSERT (``matches.rows``); returns the next seq."""
    now = timezone.now()
    submission_id = submission.pk if submission is not None else None
    rows = []
    for offset, event in enumerate(events):
        raw = event.as_dict()
        rows.append((match.pk, start_seq + offset, version, submission_id, raw["kind"], raw["clause"], raw["data"],
                     raw["to"], now))
    buffer = getattr(match, "step_events", None)
    if buffer is not None:  # written with the match row (start_step)
        buffer.extend(rows)
    else:
        rows_module.insert_rows(Event, _EVENT_COLUMNS, rows)
    return start_seq + len(rows)

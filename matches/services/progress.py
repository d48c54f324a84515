"""What every step that moves a match writes inside its transaction: the events appended to the log, the end
when the engine says the game is over, the next deadline and the match row; then, after commit, the hand-off
(``handoff.after_commit``: the views pushed, the next task queued)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from .. import rows as rows_module
from ..models import Event, Match
from . import handoff


def store_progress(match: Match, engine, *, state: dict, version: int, seq: int, now, seats, moved: bool) -> None:
    """Write the match row after applied actions (state, version, next event seq, the end if it came, the next
    deadline, when it moved and who is to act) and push after commit. First the decisions now due that are
    forced or settled by a player's settings are made for them (``autoplay``)."""
    if match.status == Match.Status.ACTIVE:
        from .autoplay import play_for_people

        before = version
        state, version, seq = play_for_people(match, engine, state, version, seq, now, append_events=append_events,
                                              seats=seats)
        moved = moved or version != before
    match.state, match.version, match.next_seq = state, version, seq
    was_active = match.status == Match.Status.ACTIVE
    _finish_if_over(match, engine)
    if was_active and match.status == Match.Status.FINISHED:
        tell_finished(match.pk)
    set_deadline(match)
    if moved:
        match.moved_at = now
    match.to_act = (engine.to_act(state) or "") if match.status == Match.Status.ACTIVE else ""
    rows_module.update_row(Match, match.pk, {
        "state": state, "version": version, "next_seq": seq, "status": match.status, "finished_at": match.finished_at,
        "outcome": match.outcome, "deadline_at": match.deadline_at, "moved_at": match.moved_at,
        "to_act": match.to_act})
    transaction.on_commit(lambda: handoff.after_commit(match, seats))


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
    """Append ``events`` to the log at ``version`` from seq ``start_seq`` in one precompiled INSERT
    (``matches.rows``); returns the next seq."""
    now = timezone.now()
    submission_id = submission.pk if submission is not None else None
    rows = []
    for offset, event in enumerate(events):
        raw = event.as_dict()
        rows.append((match.pk, start_seq + offset, version, submission_id, raw["kind"], raw["clause"], raw["data"],
                     raw["to"], now))
    rows_module.insert_rows(Event, _EVENT_COLUMNS, rows)
    return start_seq + len(rows)

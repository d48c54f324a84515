"""A match ended outside the engine's rules: resigned, withdrawn before anyone accepted, lost on time or
abandoned (``finish``, which the clock uses too)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from referee.engine import get_engine

from .. import live
from ..errors import Conflict, NotAPlayer
from ..models import Match, Submission
from .locking import locked, seat_of
from .progress import tell_finished


def finish(match: Match, outcome: dict) -> None:
    """End ``match`` outside the engine (resignation, time, abandonment) with ``outcome``; actions still waiting
    are refused (``not_active``): none stays pending in an ended match."""
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.deadline_at = None
    match.to_act = ""
    match.outcome = outcome
    match.save()
    Submission.objects.filter(match_id=match.pk, status=Submission.Status.PENDING).update(
        status=Submission.Status.REJECTED, processed_at=match.finished_at,
        error={"code": "not_active", "clause": "", "reason": f"the match ended ({outcome.get('reason', '')})"})
    match_id = match.pk
    transaction.on_commit(lambda: live.push_views(Match.objects.get(pk=match_id)))
    tell_finished(match_id)


def match_resign(*, match_id: int, user) -> Match:
    """``user`` resigns their match: it ends at once, the other seat wins (reason ``resigned``; docs/matches.md
    "Ending a match"). Raises NotFound, NotAPlayer (no seat of the user's), Conflict ``not_active``."""
    with transaction.atomic():
        match = locked(match_id)
        seat = seat_of(match, user)
        if seat is None:
            raise NotAPlayer("you hold no seat in this match", code="not_a_player")
        if match.status != Match.Status.ACTIVE:
            raise Conflict(f"the match is {match.status}, not in play", code="not_active")
        others = [s for s in get_engine(match.game).seats if s != seat]
        finish(match, {"winner": others[0] if others else None, "reason": "resigned",
                        "summary": {"resigned": seat, "version": match.version}})
    return match


def match_withdraw(*, match_id: int, user) -> Match:
    """The creator of an open challenge takes it back before anyone accepts: it is aborted with no winner
    (reason ``withdrawn``) and leaves the open challenges. Raises NotFound, NotAPlayer (not the creator),
    Conflict ``not_open``."""
    with transaction.atomic():
        match = locked(match_id)
        if match.created_by_id != getattr(user, "pk", None):
            raise NotAPlayer("only the player who opened the challenge can withdraw it", code="not_creator")
        if match.status != Match.Status.OPEN:
            raise Conflict("this challenge is no longer open", code="not_open")
        match.status = Match.Status.ABORTED
        match.finished_at = timezone.now()
        match.outcome = {"winner": None, "reason": "withdrawn", "summary": {}}
        match.save(update_fields=["status", "finished_at", "outcome"])
    return match

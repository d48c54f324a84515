"""The clock (docs/matches.md "Time controls", "Abandoned matches"): a decision still open after its deadline
gets the engine's documented default, or ends the match; a seat that keeps timing out forfeits."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from referee.engine import encode, get_engine

from ..models import Match, Submission
from .ending import finish
from .locking import locked
from .submission import match_submit_action

# docs/matches.md "Abandoned matches": a seat whose decisions time out this many times in a row (with no action of
# its own between) forfeits; when both seats have, the match is aborted with no winner.
FORFEIT_AFTER_TIMEOUTS = 3


def _timed_out_in_a_row(match: Match, seat: str) -> int:
    """How many of ``seat``'s last applied decisions were played by the clock, counting back to its own action."""
    count = 0
    for source in (match.submissions.filter(seat=seat, status=Submission.Status.APPLIED)
                   .order_by("-applied_version").values_list("source", flat=True)[:FORFEIT_AFTER_TIMEOUTS]):
        if source != "clock":
            break
        count += 1
    return count


def match_apply_deadline(*, match_id: int, version: int) -> bool:
    """When the decision at ``version`` is still open after its deadline, submit the engine's documented default
    for the seat to act (``engine.default_action``), or end the match as a loss on time when the engine has none.
    A seat whose decisions timed out ``FORFEIT_AFTER_TIMEOUTS`` times in a row forfeits instead (reason
    ``abandoned``); if its opponent's have too, nobody is playing and the match is aborted (no winner).
    Returns False if the match moved on (safe to call twice, from a timer task or a board read)."""
    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.Status.ACTIVE or match.version != version:
            return False
        if match.deadline_at is None or match.deadline_at > timezone.now():
            return False
        engine = get_engine(match.game)
        seat = engine.to_act(match.state)
        others = [s for s in engine.seats if s != seat]
        if _timed_out_in_a_row(match, seat) >= FORFEIT_AFTER_TIMEOUTS:
            if others and all(_timed_out_in_a_row(match, other) >= FORFEIT_AFTER_TIMEOUTS for other in others):
                finish(match, {"winner": None, "reason": "aborted", "summary": {"timed_out": list(engine.seats)}})
            else:
                finish(match, {"winner": others[0] if others else None, "reason": "abandoned",
                                "summary": {"abandoned_by": seat, "timeouts": FORFEIT_AFTER_TIMEOUTS}})
            return True
        default = getattr(engine, "default_action", None)
        action = default(match.state, seat) if default else None
        if action is None:
            finish(match, {"winner": others[0] if others else None, "reason": "time",
                            "summary": {"lost_on_time": seat}})
            return True
    match_submit_action(match_id=match_id, seat=seat, action=encode(action), expected_version=version,
                        idempotency_key=f"clock:{version}", source="clock")
    return True


def match_apply_overdue_deadline(*, match: Match) -> bool:
    """Apply ``match``'s deadline now if it has passed: the board's reads call this, so a decision's time runs out
    even where no timer fired (the embedded default runs tasks in-process and cannot wait for an ETA; a worker
    holding the timer may have died). Idempotent with the timer task (row lock, version, idempotency key)."""
    if match.status != Match.Status.ACTIVE or match.deadline_at is None or match.deadline_at > timezone.now():
        return False
    return match_apply_deadline(match_id=match.pk, version=match.version)

"""What a worker that starts queues again: the work a crashed worker may have lost (an adjudication it was
killed in, the tasks it was to queue after a commit)."""

from __future__ import annotations

from django.utils import timezone

from referee.engine import get_engine

from ..models import Match, Seat
from ..queueing import ADJUDICATE, APPLY_DEADLINE, BOT_MOVE, task


def match_resume_all() -> dict[str, int]:
    """Queue again what a crashed worker may have lost: an ``adjudicate`` for every active match with pending
    submissions (a worker killed mid-adjudication committed nothing), and what it was to queue after a commit
    (the next bot move, the clock): for every active match, the bot to act gets a ``bot_move`` for the current
    version and an overdue deadline an ``apply_deadline``. Every such task is guarded by the match row lock and
    the version (or the submissions' status), so one that was not lost runs twice harmlessly. Run by
    ``sweep_pending`` when a worker starts. Returns the counts queued: ``{"adjudications": a, "bot_moves": n,
    "deadlines": m}``."""
    return {"adjudications": _resume_adjudications(), "bot_moves": _resume_bot_moves(),
            "deadlines": _resume_deadlines()}


def _resume_adjudications() -> int:
    ids = list(Match.objects.filter(status="active", submissions__status="pending").values_list("id", flat=True)
               .distinct())
    for match_id in ids:
        task(ADJUDICATE).delay(match_id)
    return len(ids)


def _resume_bot_moves() -> int:
    count = 0
    bot_seats: dict[int, set[str]] = {}
    for match_id, seat in Seat.objects.filter(match__status=Match.Status.ACTIVE).exclude(bot="").values_list(
            "match_id", "seat"):
        bot_seats.setdefault(match_id, set()).add(seat)
    for match in Match.objects.live().filter(pk__in=bot_seats).only("id", "game", "state", "version", "status",
                                                                    "to_act"):
        seat = get_engine(match.game).to_act(match.state) or ""
        if match.to_act != seat:  # a match begun before the column existed: the watchdog reads it
            Match.objects.filter(pk=match.pk, version=match.version).update(to_act=seat)
        if seat in bot_seats[match.pk]:
            task(BOT_MOVE).delay(match.pk, match.version)
            count += 1
    return count


def _resume_deadlines() -> int:
    count = 0
    for match_id, version in Match.objects.filter(status=Match.Status.ACTIVE,
                                                  deadline_at__lte=timezone.now()).values_list("id", "version"):
        task(APPLY_DEADLINE).delay(match_id, version)
        count += 1
    return count

"""What a worker that starts queues again: the work a crashed worker may have lost between a commit and the
tasks it queues after it."""

from __future__ import annotations

from django.utils import timezone

from referee.engine import get_engine

from ..models import Match, Seat


def match_resume_all() -> dict[str, int]:
    """Queue again what a crashed worker may have lost between a commit and the tasks it queues after it (the
    next bot move, the clock): for every active match, the bot to act gets a ``bot_move`` for the current
    version and an overdue deadline an ``apply_deadline``. Every such task is keyed by the version and guarded
    by it, so one that was not lost runs twice harmlessly. Run by ``sweep_pending`` when a worker starts.
    Returns the counts queued: ``{"bot_moves": n, "deadlines": m}``."""
    from referee.tasks import apply_deadline, bot_move

    counts = {"bot_moves": 0, "deadlines": 0}
    now = timezone.now()
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
            bot_move.delay(match.pk, match.version)
            counts["bot_moves"] += 1
    for match_id, version in Match.objects.filter(status=Match.Status.ACTIVE, deadline_at__lte=now).values_list(
            "id", "version"):
        apply_deadline.delay(match_id, version)
        counts["deadlines"] += 1
    return counts

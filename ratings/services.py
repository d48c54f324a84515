"""Ratings from rated matches (issue 30, point 3): Glicko-2 (``ratings.glicko``) over rating periods of
``SHINPAN_RATING_PERIOD_DAYS`` days (default 7: docs/ratings.md says why), worked out again from every finished
rated match of the game whenever one has finished since (``ratings_of``): a small club's few hundred games take
milliseconds, and a rating can never drift from the matches it comes from.

Which matches: finished, rated (``match.config["rated"]``: a rated challenge or a tournament game), with a person on
each seat (a bot is never rated). A draw (no winner) is ½ each. A period still open counts as if it ended now: its
ratings are provisional, so a game moves the rating at once; the period's end makes them final.

A player's rating in a period is computed from the other players' ratings at the period's start (Glicko-2); a
player who did not play in a period has their deviation grow (step 6), from their first period on."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max
from django.utils import timezone

from matches.models import Match

from . import glicko
from .models import Rating, RatingPoint

EPOCH = dt.date(2017, 1, 2)  # a Monday: weekly periods run Monday to Sunday


def period_days() -> int:
    return max(1, int(getattr(settings, "SHINPAN_RATING_PERIOD_DAYS", 7)))


def _rated_matches(game: str):
    return (Match.objects.filter(game=game, status=Match.Status.FINISHED, config__rated=True)
            .exclude(seats__user__isnull=True).order_by("finished_at", "pk"))


def _period_of(when: dt.datetime) -> int:
    return (timezone.localdate(when) - EPOCH).days // period_days()


def _period_end(index: int) -> dt.date:
    return EPOCH + dt.timedelta(days=(index + 1) * period_days() - 1)


def recompute(game: str) -> None:
    """Every rating of ``game`` worked out again from its rated matches (the module docstring), in one
    transaction: ``Rating`` and ``RatingPoint`` rows replaced."""
    by_period: dict[int, list[tuple[int, int, float]]] = defaultdict(list)  # period -> [(user a, user b, a's score)]
    for match in _rated_matches(game).prefetch_related("seats"):
        seats = sorted(match.seats.all(), key=lambda s: s.seat)
        if len(seats) != 2 or any(s.user_id is None for s in seats):
            continue
        winner = (match.outcome or {}).get("winner")
        score = 0.5 if winner not in (seats[0].seat, seats[1].seat) else 1.0 if winner == seats[0].seat else 0.0
        by_period[_period_of(match.finished_at)].append((seats[0].user_id, seats[1].user_id, score))
    current = _period_of(timezone.now())
    ratings: dict[int, glicko.Rated] = {}
    tally: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # wins, draws, losses
    points: list[RatingPoint] = []
    for index in range(min(by_period, default=current), current + 1):
        games = by_period.get(index, [])
        start = dict(ratings)
        mine: dict[int, list[tuple[glicko.Rated, float]]] = defaultdict(list)
        for a, b, score in games:
            for user in (a, b):
                start.setdefault(user, glicko.Rated(*glicko.START))
            mine[a].append((start[b], score))
            mine[b].append((start[a], 1.0 - score))
            for user, got in ((a, score), (b, 1.0 - score)):
                tally[user][0 if got == 1.0 else 1 if got == 0.5 else 2] += 1
        for user in set(start) | set(mine):
            ratings[user] = glicko.period(start[user], mine.get(user, []))
            if user in mine:
                points.append(RatingPoint(user_id=user, game=game, period_end=_period_end(index),
                                          rating=ratings[user].rating, rd=ratings[user].rd,
                                          games=sum(tally[user]), provisional=index == current))
    with transaction.atomic():
        Rating.objects.filter(game=game).delete()
        RatingPoint.objects.filter(game=game).delete()
        Rating.objects.bulk_create([
            Rating(user_id=user, game=game, rating=r.rating, rd=r.rd, vol=r.vol, games=sum(tally[user]),
                   wins=tally[user][0], draws=tally[user][1], losses=tally[user][2]) for user, r in ratings.items()])
        RatingPoint.objects.bulk_create(points)


def ratings_of(game: str) -> None:
    """Make ``game``'s ratings current: recomputed when a rated match has finished since the last time (or the
    period has turned), else nothing (one cheap query)."""
    summary = _rated_matches(game).aggregate(n=Count("pk", distinct=True), last=Max("finished_at"))
    key = f"ratings:{game}"
    stamp = f"{summary['n']}:{summary['last']}:{_period_of(timezone.now())}"
    if cache.get(key) == stamp:
        return
    recompute(game)
    cache.set(key, stamp, None)

"""Issue 31, point 6: under ``make run`` (the development server, tasks in-process, no worker) a passed deadline is
applied with no page open, by a small in-process clock started in that mode alone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from matches import embedded_timer
from matches.models import Match
from matches.services import match_challenge, match_join

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("argv", "eager", "environ", "starts"), [
    (["manage.py", "runserver", "127.0.0.1:8000"], True, {"RUN_MAIN": "true"}, True),  # make run's serving child
    (["manage.py", "runserver", "--noreload"], True, {}, True),
    (["manage.py", "runserver"], True, {}, False),  # the autoreloader's parent: its child runs the clock
    (["manage.py", "runserver"], False, {"RUN_MAIN": "true"}, False),  # workers keep the time
    (["celery", "-A", "config", "worker"], True, {}, False),
    (["pytest"], True, {"RUN_MAIN": "true"}, False),
    (["manage.py", "playmatch"], True, {}, False),
])
def test_the_clock_runs_in_the_embedded_default_alone(argv, eager, environ, starts):
    assert embedded_timer.should_start(argv, environ, eager) is starts


def test_a_tick_applies_every_passed_deadline_and_nothing_else(seeded, users):
    timed = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    timed = match_join(match_id=timed.pk, user=users[1])
    waiting = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    waiting = match_join(match_id=waiting.pk, user=users[2])
    assert embedded_timer.tick() == 0  # no deadline has passed
    Match.objects.filter(pk=timed.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert embedded_timer.tick() == 1
    timed.refresh_from_db()
    waiting.refresh_from_db()
    assert timed.version == 1 and timed.submissions.get().source == "clock"
    assert waiting.version == 0

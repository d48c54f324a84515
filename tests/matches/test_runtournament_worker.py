"""``manage.py runtournament`` with real Celery workers on Redis and PostgreSQL (issue 30, "Done when"): a 9-player
bot event with a top cut of 4 runs to the end, every table of a round played by the workers at once; its standings
agree with the test's own arithmetic of the tiebreakers, and the event is the one the in-process run plays with the
same seed."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from config.celery import app as celery_app
from matches.models import Match
from tests.tournaments.test_runtournament import _own_standings
from tournaments.models import Tournament

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]

ARGS = ("--game", "legions", "--players", "9", "--bots", "greedy,random", "--top-cut", "4", "--seed", "17",
        "--json", "--timeout", "240")


def _run() -> dict:
    out = io.StringIO()
    call_command("runtournament", *ARGS, stdout=out)
    return json.loads(out.getvalue())


def test_a_nine_player_event_with_a_cut_of_four_runs_on_the_workers(seeded, worker):
    document = _run()
    first = Tournament.objects.get()
    assert first.status == Tournament.Status.FINISHED
    games = Match.objects.filter(tournament_pairings__tournament=first)
    assert games.count() >= 16 + 3 and set(games.values_list("status", flat=True)) == {Match.Status.FINISHED}
    assert "matches.tasks.bot_move" in worker.output()  # the workers played them
    mine = _own_standings(document)
    for row in document["standings"]:
        assert (row["points"], row["omw"], row["gw"], row["ogw"]) == mine[row["player"]], row["player"]
    assert [len(r["pairings"]) for r in document["cut"]] == [2, 1] and document["winner"]

    celery_app.conf.task_always_eager = True  # as with REDIS_URL unset (restored by the eager_celery fixture)
    assert _run() == document

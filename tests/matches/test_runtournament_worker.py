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


def test_a_worker_killed_in_the_middle_of_a_round_loses_no_game_and_the_event_ends(seeded, worker_env):
    """Issue 30, point 5: worker A holds bot moves of a round's games inside their transactions when it is killed
    with SIGKILL; worker B carries every game on, each game's end pairs the next round, and the event ends."""
    from referee.engine.rng import seed_from_int
    from tournaments import events
    from tournaments.models import Pairing
    from tournaments.services import create_bot_event, wait_for_end

    from .conftest import Worker, wait_until

    survivor = Worker(worker_env, name="survivor").start()
    doomed = Worker(worker_env, name="doomed").start(pause=120)
    try:
        tournament = create_bot_event(game="legions", players=6, bots=["greedy", "random"], seed=seed_from_int(23),
                                      rounds=2)
        events.start(tournament_id=tournament.pk, by=None)
        wait_until(lambda: doomed.output().count("adjudication paused") >= 1, timeout=60,
                   what="worker A holding a bot move of round 1")
        doomed.kill()
        document = wait_for_end(tournament, timeout=240)
    finally:
        survivor.stop()
        doomed.stop()
    assert [r["round"] for r in document["rounds"]] == [1, 2]
    assert not Pairing.objects.filter(tournament=tournament, done=False).exists()
    games = Match.objects.filter(tournament_pairings__tournament=tournament)
    assert games.count() == 6 and set(games.values_list("status", flat=True)) == {Match.Status.FINISHED}
    for game in games:  # nothing lost or applied twice: one bot move per version, in order
        keys = list(game.submissions.order_by("applied_version").values_list("idempotency_key", flat=True))
        assert keys == [f"bot:{v}" for v in range(game.version)]

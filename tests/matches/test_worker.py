"""Adjudication through a real Celery worker on Redis and PostgreSQL (not eager mode)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import close_old_connections
from rest_framework.test import APIClient

from matches.models import Match, Submission
from matches.selectors import match_replay_log
from matches.services import match_challenge, match_join
from referee.engine import encode, get_engine
from referee.engine.replay import replay

from .conftest import Worker, wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ENGINE = get_engine("iron_leaguer")


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _plan(state: dict, count: int, seed: int) -> list[tuple[str, dict, dict]]:
    """``count`` legal actions from ``state`` chosen at random: (seat, action JSON, state after)."""
    chooser, plan = random.Random(seed), []
    for _ in range(count):
        seat = ENGINE.to_act(state)
        action = chooser.choice(ENGINE.legal_actions(state, seat))
        state, _events = ENGINE.apply(state, action)
        plan.append((seat, encode(action), state))
    return plan


def _started_match(users) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match = match_join(match_id=match.pk, user=users[1])
    match.refresh_from_db()
    return match


def test_fifty_concurrent_actions_are_each_applied_once_in_order(seeded, users, worker):
    match = _started_match(users)
    plan = _plan(match.state, 50, seed=7)
    by_seat = {"dark": users[0], "silver": users[1]}

    def submit(item):
        version, (seat, action, _state) = item
        try:
            response = _client(by_seat[seat]).post(
                f"/api/matches/{match.pk}/actions/",
                {"action": action, "version": version, "idempotency_key": f"plan-{version}"}, format="json")
            return response.status_code
        finally:
            close_old_connections()

    items = list(enumerate(plan))
    random.Random(3).shuffle(items)  # arrival order differs from version order
    with ThreadPoolExecutor(max_workers=10) as pool:
        statuses = list(pool.map(submit, items))
    assert statuses == [202] * 50

    wait_until(lambda: Match.objects.get(pk=match.pk).version == 50, timeout=90, what="50 applied actions")
    match.refresh_from_db()
    applied = list(match.submissions.order_by("applied_version"))
    assert [s.status for s in applied] == [Submission.Status.APPLIED] * 50
    assert [s.applied_version for s in applied] == list(range(1, 51))
    assert [s.expected_version for s in applied] == list(range(50))
    assert match.state == plan[-1][2]
    seqs = list(match.events.values_list("seq", flat=True))
    assert seqs == list(range(len(seqs)))


def test_a_worker_killed_mid_adjudication_loses_nothing_and_applies_nothing_twice(seeded, users, worker_env):
    match = _started_match(users)
    (seat, action, after), = _plan(match.state, 1, seed=11)
    slow = Worker(worker_env).start(SHINPAN_TEST_ADJUDICATION_PAUSE="30")
    try:
        response = _client(users[0]).post(f"/api/matches/{match.pk}/actions/",
                                          {"action": action, "version": 0, "idempotency_key": "crash"},
                                          format="json")
        assert response.status_code == 202
        wait_until(lambda: "adjudication paused" in slow.output(), timeout=30, what="the paused adjudication")
        slow.kill()
    finally:
        slow.stop()
    match.refresh_from_db()
    assert match.version == 0 and match.submissions.get().status == Submission.Status.PENDING

    fresh = Worker(worker_env).start()
    try:
        wait_until(lambda: Match.objects.get(pk=match.pk).version == 1, timeout=60, what="the recovered action")
        again = _client(users[0]).post(f"/api/matches/{match.pk}/actions/",
                                       {"action": action, "version": 0, "idempotency_key": "crash"}, format="json")
    finally:
        fresh.stop()
    match.refresh_from_db()
    assert again.status_code == 202 and again.json()["created"] is False
    assert match.version == 1 and match.state == after
    assert match.submissions.count() == 1 and match.submissions.get().applied_version == 1
    assert match.events.filter(version=1).count() == len(ENGINE.apply(_started_state(match), action)[1])


def _started_state(match: Match) -> dict:
    from referee.engine import RngSeed

    state, _ = ENGINE.new_game(match.config["engine"], match.config["decks"],
                               RngSeed(bytes.fromhex(match.seed_hex), tuple(match.entropy)))
    return state


def test_a_whole_match_between_two_bots_is_played_through_the_api_and_the_workers(seeded, users, worker):
    client = _client(users[0])
    response = client.post("/api/matches/", {"game": "iron_leaguer", "seat": "silver", "opponent": "greedy",
                                             "autoplay": "random"}, format="json")
    assert response.status_code == 201, response.content
    match_id = response.json()["id"]
    wait_until(lambda: Match.objects.get(pk=match_id).status == Match.Status.FINISHED, timeout=240,
               interval=0.5, what="the end of the bot match")
    log = client.get(f"/api/matches/{match_id}/replay/").json()
    assert log["seed"] and len(log["entries"]) > 50
    report = replay(log)
    assert report.ok, report.difference
    assert report.state == Match.objects.get(pk=match_id).state
    assert replay(match_replay_log(match=Match.objects.get(pk=match_id))).ok


def test_healthz_reports_the_database_the_broker_and_a_live_worker(worker):
    response = APIClient().get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["database"] == "ok" and body["broker"] == "ok" and body["workers"]

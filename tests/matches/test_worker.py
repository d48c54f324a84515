"""Adjudication through a real Celery worker on Redis and PostgreSQL (not eager mode)."""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.db import close_old_connections
from django.utils import timezone
from rest_framework.test import APIClient

from matches import watchdog
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


def _plan(state: dict, count: int, seed: int) -> list[tuple[str, dict | None, dict]]:
    """``count`` legal actions from ``state`` chosen at random: (seat, action JSON, state after); the action is
    None where it is the only legal one: the referee makes it for the player (matches.services.autoplay)."""
    chooser, plan = random.Random(seed), []
    for _ in range(count):
        seat = ENGINE.to_act(state)
        legal = ENGINE.legal_actions(state, seat)
        action = chooser.choice(legal)
        state, _events = ENGINE.apply(state, action)
        plan.append((seat, encode(action) if len(legal) > 1 else None, state))
    return plan


def _started_match(users) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match = match_join(match_id=match.pk, user=users[1])
    match.refresh_from_db()
    return match


def test_fifty_actions_from_racing_clients_are_each_applied_once_in_order(seeded, users, worker):
    """Ten clients race through a 50-action game: each reads the version and sends the planned action for it and
    for the next one (``MAX_VERSION_AHEAD``), under one idempotency key per version, so every action arrives
    several times, out of order and while the worker is busy. Each is applied exactly once, in version order."""
    match = _started_match(users)
    plan = _plan(match.state, 50, seed=7)
    by_seat = {"dark": users[0], "silver": users[1]}
    statuses: list[tuple[int, str]] = []

    def client_loop(number):
        clients = {seat: _client(user) for seat, user in by_seat.items()}
        chooser = random.Random(number)
        try:
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                version = Match.objects.values_list("version", flat=True).get(pk=match.pk)
                if version >= 50:
                    return
                for target in chooser.sample([version, version + 1], 2):
                    if target >= 50:
                        continue
                    seat, action, _state = plan[target]
                    if action is None:
                        continue  # forced: the referee makes it
                    response = clients[seat].post(
                        f"/api/matches/{match.pk}/actions/",
                        {"action": action, "version": target, "idempotency_key": f"plan-{target}"}, format="json")
                    body = response.json()
                    statuses.append((response.status_code, (body.get("error") or {}).get("code", "")))
        finally:
            close_old_connections()

    with ThreadPoolExecutor(max_workers=10) as pool:
        list(pool.map(client_loop, range(10)))

    match.refresh_from_db()
    assert match.version >= 50  # (and the forced decisions after the 50th, made at once)
    # accepted, or refused because the match moved on between the read and the post; nothing else
    assert {status for status, _code in statuses} <= {202, 409}
    assert {code for status, code in statuses if status == 409} <= {"stale_version"}
    applied = list(match.submissions.filter(status=Submission.Status.APPLIED).order_by("applied_version"))[:50]
    assert [s.applied_version for s in applied] == list(range(1, 51))
    for sent, (_seat, planned, _state) in zip(applied, plan, strict=True):
        assert sent.action == planned if planned is not None else sent.source == "forced"
    assert [s.expected_version for s in applied] == list(range(50))
    assert match.version > 50 or match.state == plan[-1][2]
    seqs = list(match.events.values_list("seq", flat=True))
    assert seqs == list(range(len(seqs)))


def test_a_worker_killed_mid_adjudication_loses_nothing_and_applies_nothing_twice(seeded, users, worker_env):
    match = _started_match(users)
    (seat, action, after), = _plan(match.state, 1, seed=11)
    slow = Worker(worker_env).start(pause=30)
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
    response = wait_until(lambda: (r := APIClient().get("/healthz")).status_code == 200 and r, timeout=10,
                          what="the worker's first heartbeat")
    body = response.json()
    assert body["database"] == "ok" and body["broker"] == "ok" and body["workers"]["problems"] == []
    assert [w["name"].split("@")[0] for w in body["workers"]["alive"]] == [worker.name]


def _applied_again(match: Match) -> dict:
    """The state reached by applying the match's applied submissions in order to its start: equal to the stored
    state exactly when no applied action was lost or applied twice."""
    state = _started_state(match)
    for submission in match.submissions.filter(status=Submission.Status.APPLIED).order_by("applied_version"):
        state, _events = ENGINE.apply(state, submission.action)
    return state


def test_two_workers_one_killed_with_sigkill_its_matches_and_deadline_go_on_at_once(seeded, users, worker_env):
    """Issue 11.4: two workers share the queues; worker A holds the bot moves of several matches (each paused
    inside its transaction, the match row locked, the task unacknowledged) when it is killed with SIGKILL. Worker B,
    running all along and never restarted, carries every match on within 10 s (the broker alone would give A's
    tasks back only after its visibility timeout, minutes later) and fires a deadline within 5 s of its time;
    nothing is lost or applied twice, and /healthz names A as gone."""
    survivor = Worker(worker_env, name="survivor").start()
    doomed = Worker(worker_env, name="doomed").start(pause=120)
    try:
        bots = [match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                                autoplay="random") for _ in range(6)]
        wait_until(lambda: doomed.output().count("adjudication paused") >= 2, timeout=60,
                   what="worker A holding two bot moves")
        human = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open",
                                decision_seconds=5)
        match_join(match_id=human.pk, user=users[1])
        human.refresh_from_db()
        time.sleep(1)
        at_kill = {m.pk: Match.objects.get(pk=m.pk).version for m in bots}
        doomed.kill()
        killed_at = time.monotonic()

        def moved_on(match_id: int) -> bool:
            match = Match.objects.get(pk=match_id)
            return match.status == Match.Status.FINISHED or match.version > at_kill[match_id]

        wait_until(lambda: all(moved_on(pk) for pk in at_kill), timeout=10, interval=0.2,
                   what="every bot match moving on after the kill")
        moved_within = time.monotonic() - killed_at
        deadline = human.deadline_at
        wait_until(lambda: Match.objects.get(pk=human.pk).version == 1, timeout=15, interval=0.1,
                   what="the deadline firing")
        late = (timezone.now() - deadline).total_seconds()
        assert late <= 5, f"the deadline fired {late:.1f} s after its time"
        assert Match.objects.get(pk=human.pk).submissions.get().source == "clock"

        body = wait_until(lambda: (b := APIClient().get("/healthz").json())["workers"]["gone"] and b, timeout=10,
                          what="/healthz naming the killed worker")
        assert [w["name"].split("@")[0] for w in body["workers"]["gone"]] == ["doomed"], body
        assert [w["name"].split("@")[0] for w in body["workers"]["alive"]] == ["survivor"], body
        # the survivor takes every queue: the site serves (200), and the dead worker is named for a monitor
        assert body["ok"] is True and body["workers"]["problems"] == []
        assert "doomed@" in " ".join(body["workers"]["warnings"])
    finally:
        doomed.stop()
        survivor.stop()
    for match in [*bots, human]:
        match = Match.objects.get(pk=match.pk)
        applied = list(match.submissions.filter(status=Submission.Status.APPLIED)
                       .values_list("applied_version", flat=True).order_by("applied_version"))
        assert applied == list(range(1, match.version + 1)), match.pk  # none lost, none twice
        assert _applied_again(match) == match.state
        seqs = list(match.events.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(len(seqs)))
    print(f"held at the kill: {sum(1 for pk in at_kill if at_kill[pk] == 0)} bot matches at version 0; they moved "
          f"on {moved_within:.1f} s after the kill; the deadline fired {late:.1f} s late")


def _queue_length(name: str) -> int:
    """Tasks waiting in the Redis list of queue ``name`` (kombu keeps one list per queue and priority step)."""
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    return sum(client.llen(key) for key in client.scan_iter(match=f"{name}*") if client.type(key) == b"list")


def test_a_human_action_is_adjudicated_while_the_bot_queue_holds_hundreds_of_tasks(seeded, users, worker_env):
    """Issue 14 "humans first", in the README's production layout: one worker takes the players' queue, another
    the bots' and the clock's. The bots' worker is busy (each of its processes inside a bot move, held by
    ``Worker.start(pause=...)``) and 400 more bot moves wait in its queue; a person's action sent through
    the API is adjudicated at once, while every one of those tasks is still waiting."""
    queue = worker_env["CELERY_QUEUE"]
    bots_worker = Worker(worker_env, name="bots").start(queues=[".bots", ".clock"], pause=30)
    players_worker = Worker(worker_env, name="players").start(queues=[""])
    try:
        from matches.tasks import bot_move

        bot_matches = [match_challenge(user=users[2], game="iron_leaguer", seat="silver", opponent="greedy",
                                       autoplay="random") for _ in range(3)]
        wait_until(lambda: bots_worker.output().count("adjudication paused") >= 2, timeout=60,
                   what="both processes of the bots' worker inside a bot move")
        for number in range(400):  # moves for versions these matches have not reached: real tasks, in the queue
            bot_move.delay(bot_matches[number % 3].pk, 1000 + number)
        waiting_before = _queue_length(f"{queue}.bots")
        assert waiting_before >= 400, waiting_before

        match = _started_match(users)
        seat = ENGINE.to_act(match.state)
        action = encode(ENGINE.legal_actions(match.state, seat)[0])
        client = _client({"dark": users[0], "silver": users[1]}[seat])
        sent = time.monotonic()
        response = client.post(f"/api/matches/{match.pk}/actions/",
                               {"action": action, "version": 0, "idempotency_key": "human-1"}, format="json")
        assert response.status_code == 202, response.content
        wait_until(lambda: Match.objects.get(pk=match.pk).version == 1, timeout=20, interval=0.02,
                   what="the person's action adjudicated")
        took = time.monotonic() - sent
        waiting_after = _queue_length(f"{queue}.bots")
        assert waiting_after >= 400, f"the bots' queue drained to {waiting_after} first: the action waited for it"
        assert Match.objects.get(pk=match.pk).submissions.get().status == Submission.Status.APPLIED
        # Under the watchdog's resend delay: an action never put on the players' queue is still adjudicated
        # once the watchdog resends it, RESEND_AFTER seconds on, and a looser bound let that pass (review)
        assert took < watchdog.RESEND_AFTER, f"the person's action took {took:.1f} s: it waited for a resend"
        assert all(Match.objects.get(pk=m.pk).version == 0 for m in bot_matches)  # the bots' worker was busy
    finally:
        bots_worker.kill()
        players_worker.stop()
        bots_worker.stop()
    print(f"a person's action adjudicated {took * 1000:.0f} ms after the request, with {waiting_after} bot tasks "
          f"still waiting (of {waiting_before})")


def test_with_the_players_worker_dead_a_persons_action_is_still_adjudicated(seeded, users, worker_env):
    """Split layout, the players' only worker killed with SIGKILL: the bots' worker's watchdog sends the
    person's stalled action to the clock's queue and it is applied within seconds, with nobody restarted."""
    bots_worker = Worker(worker_env, name="bots").start(queues=[".bots", ".clock"])
    players_worker = Worker(worker_env, name="players").start(queues=[""])
    try:
        players_worker.kill()
        match = _started_match(users)
        seat = ENGINE.to_act(match.state)
        action = encode(ENGINE.legal_actions(match.state, seat)[0])
        response = _client({"dark": users[0], "silver": users[1]}[seat]).post(
            f"/api/matches/{match.pk}/actions/", {"action": action, "version": 0, "idempotency_key": "k"},
            format="json")
        assert response.status_code == 202, response.content
        sent = time.monotonic()
        wait_until(lambda: Match.objects.get(pk=match.pk).version == 1, timeout=20, interval=0.1,
                   what="the action adjudicated by the bots' worker")
        took = time.monotonic() - sent
        assert Match.objects.get(pk=match.pk).submissions.get().status == Submission.Status.APPLIED
    finally:
        players_worker.stop()
        bots_worker.stop()
    print(f"with the players' worker dead, the action was applied {took:.1f} s after it was sent")

"""The watchdog (matches.watchdog): due deadlines, stalled bot turns and stalled submissions are queued again by
any live worker; the workers' roll says who is gone; the caps on submissions ahead of the match. Tasks run
in-process here; tests/matches/test_worker.py kills a real worker."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from config.celery import app as celery_app
from config.celery import queue_names, route_task
from matches import tasks, watchdog
from matches.errors import Conflict, TooMany
from matches.models import Match, Submission
from matches.selectors import match_view
from matches.services import (
    MAX_PENDING_PER_SEAT,
    match_challenge,
    match_join,
    match_resign,
    match_submit_action,
)
from referee.engine import get_engine

pytestmark = pytest.mark.django_db(transaction=True)

ENGINE = get_engine("iron_leaguer")


def _two_player_match(users) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match_join(match_id=match.pk, user=users[1])
    return Match.objects.get(pk=match.pk)


def test_the_start_and_every_move_record_when_the_version_moved_and_who_is_to_act(seeded, users):
    match = _two_player_match(users)
    assert match.moved_at is not None and match.to_act == ENGINE.to_act(match.state) == "dark"
    first = match.moved_at
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0, idempotency_key="a")
    match.refresh_from_db()
    assert match.version == 1 and match.moved_at > first and match.to_act == ENGINE.to_act(match.state)


def test_an_overdue_deadline_is_fired_by_the_scan_once_per_resend_period(seeded, users):
    match = _two_player_match(users)
    Match.objects.filter(pk=match.pk).update(decision_seconds=30, deadline_at=timezone.now() - timedelta(seconds=1))
    memo = watchdog._LocalMemo()
    counts = watchdog.scan(store=memo)
    assert counts["deadlines"] == 1
    match.refresh_from_db()
    assert match.version == 1 and match.submissions.get().source == "clock"  # IL 6.6.4: the documented default
    # the same (match, version) is not queued again within RESEND_AFTER, even if it were still due
    Match.objects.filter(pk=match.pk).update(version=0, deadline_at=timezone.now() - timedelta(seconds=1))
    assert watchdog.scan(store=memo)["deadlines"] == 0


def test_a_deadline_still_to_come_is_left_alone(seeded, users):
    match = _two_player_match(users)
    Match.objects.filter(pk=match.pk).update(decision_seconds=30, deadline_at=timezone.now() + timedelta(seconds=20))
    assert watchdog.scan(store=watchdog._LocalMemo()) == {"deadlines": 0, "bot_moves": 0, "adjudications": 0}
    assert Match.objects.get(pk=match.pk).version == 0


def test_a_bot_turn_whose_task_was_lost_is_taken_up_again(seeded, users, monkeypatch):
    lost = []
    with monkeypatch.context() as patched:
        patched.setattr(tasks.bot_move, "delay", lambda *args: lost.append(args))  # the task died with its worker
        patched.setattr(tasks.bot_move, "apply_async", lambda args, **kw: lost.append(tuple(args)))
        match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy")
    match.refresh_from_db()
    assert lost == [(match.pk, 0)] and match.version == 0 and match.to_act == "dark"  # IL 2.5: Dark first
    assert watchdog.scan(store=watchdog._LocalMemo())["bot_moves"] == 0  # not stalled yet: only just asked
    Match.objects.filter(pk=match.pk).update(moved_at=timezone.now() - timedelta(seconds=watchdog.RESEND_AFTER + 1))
    assert watchdog.scan(store=watchdog._LocalMemo())["bot_moves"] == 1
    match.refresh_from_db()
    assert match.version >= 1 and match.to_act == "silver"  # the bot moved until the user is to act


def test_a_human_turn_is_not_a_stalled_bot_turn(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="greedy")
    Match.objects.filter(pk=match.pk).update(moved_at=timezone.now() - timedelta(minutes=5))
    assert watchdog.scan(store=watchdog._LocalMemo())["bot_moves"] == 0


def test_a_pending_submission_whose_adjudication_was_lost_is_adjudicated(seeded, users, monkeypatch):
    match = _two_player_match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    with monkeypatch.context() as patched:
        patched.setattr(tasks.adjudicate, "delay", lambda *args: None)
        match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0, idempotency_key="a")
    assert Match.objects.get(pk=match.pk).version == 0
    Submission.objects.filter(match=match).update(created_at=timezone.now() - timedelta(seconds=10))
    assert watchdog.scan(store=watchdog._LocalMemo())["adjudications"] == 1
    assert Match.objects.get(pk=match.pk).version == 1


class FakeRedis:
    """The three Redis commands the roll uses."""

    def __init__(self):
        self.hashes: dict[str, dict] = {}

    def hset(self, key, field, value):
        self.hashes.setdefault(key, {})[field] = value

    def hgetall(self, key):
        return dict(self.hashes.get(key, {}))

    def hdel(self, key, field):
        self.hashes.get(key, {}).pop(field, None)


def test_the_roll_names_live_and_gone_workers_and_forgets_old_ones():
    store, now = FakeRedis(), 1_000_000.0
    key = watchdog._key(watchdog.ROLL_KEY)
    queues = queue_names(celery_app.conf.task_default_queue)
    store.hset(key, "w1@host", json.dumps({"seen": now - 1, "queues": queues}))
    store.hset(key, "w2@host", json.dumps({"seen": now - 12, "queues": queues}))
    store.hset(key, "w3@host", json.dumps({"seen": now - watchdog.FORGET_AFTER - 1, "queues": queues}))
    store.hset(key, "junk@host", "not json")
    report = watchdog.roll(store, now=now)
    assert [w["name"] for w in report["alive"]] == ["w1@host"]
    assert [(w["name"], w["seen_seconds_ago"]) for w in report["gone"]] == [("w2@host", 12.0)]
    assert set(store.hgetall(key)) == {"w1@host", "w2@host"}


def _healthz(client, monkeypatch, *, alive_queues: list[str], gone_seconds: float):
    """``/healthz`` with the broker answering and a roll of w1@host alive on ``alive_queues`` and w2@host, on
    every queue, silent for ``gone_seconds``."""
    from matches import health

    queue = celery_app.conf.task_default_queue
    celery_app.conf.task_always_eager = False  # the autouse eager_celery fixture puts it back
    monkeypatch.setattr(health, "_broker", lambda: "ok")
    monkeypatch.setattr(watchdog, "roll", lambda store=None: {
        "alive": [{"name": "w1@host", "queues": alive_queues, "seen_seconds_ago": 0.4}],
        "gone": [{"name": "w2@host", "queues": queue_names(queue), "seen_seconds_ago": gone_seconds}]})
    return client.get("/healthz")


def test_healthz_names_a_gone_worker_and_a_queue_nobody_takes(client, monkeypatch):
    queue = celery_app.conf.task_default_queue
    response = _healthz(client, monkeypatch, alive_queues=[queue, f"{queue}.clock"], gone_seconds=14.0)
    body = response.json()
    assert response.status_code == 503 and body["ok"] is False
    assert body["workers"]["gone"][0]["name"] == "w2@host"
    assert body["workers"]["problems"] == [f"no live worker takes the queue {queue}.bots"]
    assert body["workers"]["warnings"] == ["worker w2@host is gone: last heard 14 s ago"]


def test_bot_moves_and_the_clock_have_queues_of_their_own():
    queue = celery_app.conf.task_default_queue
    assert route_task(tasks.bot_move.name, (), {}, {}) == {"queue": f"{queue}.bots"}
    assert route_task(tasks.apply_deadline.name, (), {}, {}) == {"queue": f"{queue}.clock"}
    assert route_task(tasks.sweep_pending.name, (), {}, {}) == {"queue": f"{queue}.clock"}
    assert route_task(tasks.adjudicate.name, (), {}, {}) is None  # the players' queue: the default
    assert [q.name for q in celery_app.conf.task_queues] == queue_names(queue)


def test_a_worker_sweeps_and_starts_its_watchdog_once_ready_and_stops_it_on_shutdown():
    """Connected by matches (matches.apps imports the watchdog), not by config.celery, which imports no app;
    tests/matches/test_worker.py sees a real worker's heartbeat and start-up sweep."""
    from celery.signals import worker_ready, worker_shutdown

    assert watchdog.sweep_on_start in [ref() for _, ref in worker_ready.receivers]
    assert watchdog.stop_watchdog in [ref() for _, ref in worker_shutdown.receivers]


def test_a_submission_more_than_one_version_ahead_is_refused_and_stores_nothing(seeded, users):
    match = _two_player_match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    with pytest.raises(Conflict) as refused:
        match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=2,
                            idempotency_key="far")
    assert refused.value.code == "version_ahead" and refused.value.view["version"] == 0
    assert not Submission.objects.filter(match=match).exists()


def _fill(match, user, action, version: int, prefix: str) -> None:
    """``MAX_PENDING_PER_SEAT`` submissions of ``action`` for ``version``, keys ``<prefix>0``, ``<prefix>1``…"""
    for number in range(MAX_PENDING_PER_SEAT):
        match_submit_action(match_id=match.pk, user=user, action=action, expected_version=version,
                            idempotency_key=f"{prefix}{number}")


def test_a_flood_of_submissions_ahead_is_capped(seeded, users, monkeypatch):
    match = _two_player_match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    monkeypatch.setattr(tasks.adjudicate, "delay", lambda *args: None)  # nothing is refereed meanwhile
    _fill(match, users[0], action, 1, "k")
    with pytest.raises(TooMany):
        match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=1,
                            idempotency_key="one-more")
    client = APIClient()
    client.force_authenticate(users[0])
    response = client.post(f"/api/matches/{match.pk}/actions/",
                           {"action": action, "version": 1, "idempotency_key": "api"}, format="json")
    assert response.status_code == 429 and response.json()["error"]["code"] == "too_many_pending"
    assert Submission.objects.filter(match=match).count() == MAX_PENDING_PER_SEAT


def test_the_creator_and_the_joiner_each_add_entropy(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", entropy="creator's")
    assert match.entropy == ["creator's"]
    match_join(match_id=match.pk, user=users[1], entropy="joiner's")
    assert Match.objects.get(pk=match.pk).entropy == ["creator's", "joiner's"]


def test_the_api_takes_entropy_and_a_saved_deck_at_create(seeded, users):
    client = APIClient()
    client.force_authenticate(users[0])
    response = client.post("/api/matches/", {"game": "iron_leaguer", "seat": "dark", "opponent": "random",
                                             "entropy": "abc"}, format="json")
    assert response.status_code == 201, response.content
    assert Match.objects.get(pk=response.json()["id"]).entropy == ["abc"]
    response = client.post("/api/matches/", {"game": "iron_leaguer", "seat": "dark", "deck_id": 999999},
                           format="json")
    assert response.status_code in (404, 409, 400) and "error" in response.json()
    response = client.post("/api/matches/", {"game": "iron_leaguer", "seat": "dark", "deck_id": "x"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["field"] == "deck_id"


def test_bad_log_and_page_size_parameters_are_refused_in_the_callers_language(seeded, users):
    match = _two_player_match(users)
    client = APIClient()
    for query in ("since=abc", "since=-1"):
        response = client.get(f"/api/matches/{match.pk}/log/?{query}", HTTP_ACCEPT_LANGUAGE="ja")
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "bad_since" and error["field"] == "since" and "整数" in error["message"]
    for size in ("abc", "0", "201"):
        response = client.get(f"/api/cards/?game=legions&page_size={size}")
        assert response.status_code == 400 and response.json()["error"]["code"] == "bad_page_size", size
    client.force_authenticate(users[0])
    assert client.get("/api/matches/?page_size=x").status_code == 400
    assert client.get("/api/matches/?page_size=2").status_code == 200


def test_a_bots_answer_to_a_person_goes_on_the_players_queue_and_bot_matches_on_the_bots(seeded, users,
                                                                                          monkeypatch):
    sent = []
    monkeypatch.setattr(tasks.bot_move, "apply_async", lambda args, queue=None, **kw: sent.append(("person", queue)))
    monkeypatch.setattr(tasks.bot_move, "delay", lambda *args: sent.append(("bots", None)))
    match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy")  # Dark, the bot, first
    match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", autoplay="random")
    assert sent == [("person", celery_app.conf.task_default_queue), ("bots", None)]


def test_a_bot_chain_makes_the_next_bots_moves_in_one_task_each_its_own_submission(seeded, users, monkeypatch):
    from matches import services

    queued = []
    with monkeypatch.context() as patched:
        patched.setattr(tasks.bot_move, "delay", lambda *args: queued.append(args))
        match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                                autoplay="random")
        queued.clear()
        made = services.match_bot_chain(match_id=match.pk, version=0, seconds=60)
    match.refresh_from_db()
    assert made == match.version >= 20 or match.status == Match.Status.FINISHED
    keys = list(match.submissions.order_by("applied_version").values_list("idempotency_key", flat=True))
    assert keys == [f"bot:{v}" for v in range(match.version)]
    with monkeypatch.context() as patched:
        patched.setattr(tasks.bot_move, "delay", lambda *args: queued.append(args))
        match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                                autoplay="random")
        queued.clear()
        assert services.match_bot_chain(match_id=match.pk, version=0, seconds=0) == 1
    assert queued == [(match.pk, 1)]  # the budget spent: the next move goes back to the queue


def test_actions_sent_ahead_never_lock_a_player_out_of_the_move_they_must_make_now(seeded, users, monkeypatch):
    """Found by acceptance testing: four one-ahead submissions at the player's own turn filled the cap, and every
    real move after them was 429 for ever. The move for the current version is counted apart; current-version
    submissions have a cap of their own; resigning refuses what still waits."""
    match = _two_player_match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    monkeypatch.setattr(tasks.adjudicate, "delay", lambda *args: None)  # nothing is refereed meanwhile
    _fill(match, users[0], action, 1, "ahead")
    _fill(match, users[0], action, 0, "now")
    with pytest.raises(TooMany):
        match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0,
                            idempotency_key="now-one-more")
    match_resign(match_id=match.pk, user=users[0])
    waiting = Submission.objects.filter(match=match, status=Submission.Status.PENDING)
    assert not waiting.exists()
    refused = Submission.objects.filter(match=match, status=Submission.Status.REJECTED)
    assert refused.count() == 2 * MAX_PENDING_PER_SEAT
    assert {s.error["code"] for s in refused} == {"not_active"}


def test_healthz_is_200_with_a_gone_worker_whose_queues_others_take(client, monkeypatch):
    """A load balancer reads /healthz: a dead worker whose queues a live one takes is a warning, not a 503."""
    response = _healthz(client, monkeypatch, alive_queues=queue_names(celery_app.conf.task_default_queue),
                        gone_seconds=30.0)
    assert response.status_code == 200 and response.json()["ok"] is True
    assert response.json()["workers"]["warnings"] == ["worker w2@host is gone: last heard 30 s ago"]


def test_a_bot_turn_waiting_in_a_long_queue_is_queued_again_backing_off(seeded, users, monkeypatch):
    """Found by acceptance testing: under a bots' backlog every waiting turn was queued again every 3 s (41% of
    the bot moves did nothing). A turn open for t seconds is queued again at most once per t seconds."""
    sent = []
    monkeypatch.setattr(tasks.bot_move, "delay", lambda *args: sent.append(args))
    monkeypatch.setattr(tasks.bot_move, "apply_async", lambda args, **kw: sent.append(tuple(args)))
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy")
    sent.clear()

    class Memo(watchdog._LocalMemo):
        def __init__(self):
            super().__init__()
            self.expiries = []

        def set(self, key, value, nx=False, ex=None, px=None):
            self.expiries.append(ex)
            return super().set(key, value, nx=nx, ex=ex, px=px)

    memo = Memo()
    Match.objects.filter(pk=match.pk).update(moved_at=timezone.now() - timedelta(seconds=40))
    assert watchdog.scan(store=memo)["bot_moves"] == 1
    assert watchdog.scan(store=memo)["bot_moves"] == 0  # the same scan a second later: not again
    assert 40 <= memo.expiries[-1] <= 41 and sent == [(match.pk, 0)]


def test_parallel_submissions_ahead_cannot_pass_the_cap(seeded, users):
    """Found by acceptance testing: 8 parallel one-ahead requests were all stored (the count and the insert were
    not under one lock)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import close_old_connections, connection

    if connection.vendor != "postgresql":
        pytest.skip("parallel writers need PostgreSQL (SQLite serialises them)")

    match = _two_player_match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]

    def send(number):
        try:
            match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=1,
                                idempotency_key=f"race{number}")
            return "stored"
        except TooMany:
            return "refused"
        finally:
            close_old_connections()

    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = list(pool.map(send, range(8)))
    assert sorted(outcomes) == ["refused"] * 4 + ["stored"] * 4
    assert Submission.objects.filter(match=match, status=Submission.Status.PENDING).count() == MAX_PENDING_PER_SEAT


def test_a_persons_stalled_action_goes_to_a_live_queue_when_the_players_worker_is_gone(seeded, users, monkeypatch):
    """Found by acceptance testing: in the split layout, with the players' only worker dead, a person's action
    waited until it was restarted. The watchdog sends it to the clock's queue, which a live worker takes."""
    import json as json_module
    import time as time_module

    queue = celery_app.conf.task_default_queue
    sent = []
    monkeypatch.setattr(tasks.adjudicate, "delay", lambda *args: sent.append(("routed", args)))
    monkeypatch.setattr(tasks.adjudicate, "apply_async", lambda args, queue=None, **kw: sent.append((queue, args)))
    match = _two_player_match(users)
    action = match_view(match=match, seat="dark")["legal_actions"][0]
    match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0, idempotency_key="p")
    Submission.objects.filter(match=match).update(created_at=timezone.now() - timedelta(seconds=10))
    sent.clear()

    class Roll(watchdog._LocalMemo):
        def __init__(self, queues):
            super().__init__()
            self.entry = {b"bots@host": json_module.dumps({"seen": time_module.time(), "queues": queues})}

        def hgetall(self, key):
            return self.entry

    assert watchdog.scan(store=Roll([f"{queue}.bots", f"{queue}.clock"]))["adjudications"] == 1
    assert sent == [(f"{queue}.clock", (match.pk,))]
    sent.clear()
    assert watchdog.scan(store=Roll(queue_names(queue)))["adjudications"] == 1  # served: the usual route
    assert sent == [("routed", (match.pk,))]

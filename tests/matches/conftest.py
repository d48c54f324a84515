"""Fixtures for the online-match tests.

Unit tests run Celery tasks eagerly (in-process). Tests marked ``worker`` start a real Celery worker process on a
real Redis broker against the real (PostgreSQL) test database; they are skipped unless ``REDIS_URL`` and a
PostgreSQL ``DATABASE_URL`` are set (``.ci/run`` sets both) — with ``SHINPAN_REQUIRE_WORKER=1`` a missing service
is a failure instead.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection

from config.celery import app as celery_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def eager_celery(request):
    """Tasks run in-process unless the test is marked ``worker``."""
    eager = request.node.get_closest_marker("worker") is None
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture
def seeded(transactional_db):
    call_command("loadseeds", verbosity=0)


# Every decision a board setting could answer is asked of these players (each setting "ask"): the tests of the
# protocol, the board and the workers see each decision as its own action. The defaults are tested apart
# (test_autoplay.py); a decision with one legal action is still made for them.
ASK_EVERYTHING = {"iron_leaguer": ("growth", "assign", "release", "instruction", "attack", "defence", "action")}


@pytest.fixture
def users(transactional_db):
    from django.core.cache import cache

    from matches.models import PlaySettings

    User = get_user_model()
    made = [User.objects.create_user(f"player{i}", password="pw-Shinpan-123") for i in (1, 2, 3)]
    cache.clear()  # the settings of an earlier test's user of the same id
    for user in made:
        for game, kinds in ASK_EVERYTHING.items():
            PlaySettings.objects.create(user=user, game=game, data=dict.fromkeys(kinds, "ask"))
    return made


class Worker:
    """A Celery worker subprocess on the test's own queues (``CELERY_QUEUE`` and its ``.bots`` and ``.clock``,
    declared by the settings); ``kill()`` sends SIGKILL to its whole process group."""

    def __init__(self, env: dict[str, str], name: str | None = None):
        self.env = env
        self.name = name or f"w{uuid.uuid4().hex[:6]}"
        self.proc: subprocess.Popen | None = None
        self.log_path = ROOT / f".pytest_cache/worker-{uuid.uuid4().hex[:8]}.log"

    def start(self, *, queues: list[str] | None = None, pause: float | None = None) -> Worker:
        """Start the worker and wait until it is ready; ``queues``: the suffixes of the queues it takes (``""``
        the players', ``".bots"``, ``".clock"``), all three when None — as ``celery worker -Q``. ``pause``:
        seconds each adjudication waits inside its transaction, logging ``adjudication paused``
        (``tests/matches/paused_worker.py``), so a test can kill the worker while it holds one."""
        self.log_path.parent.mkdir(exist_ok=True)
        self.log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        only = ["-Q", ",".join(self.env["CELERY_QUEUE"] + suffix for suffix in queues)] if queues else []
        application, env = "config", dict(self.env)
        if pause is not None:
            application, env["SHINPAN_TEST_ADJUDICATION_PAUSE"] = "tests.matches.paused_worker", str(pause)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", application, "worker", "--pool=prefork", "--concurrency=2",
             "--without-gossip", "--without-mingle", "--loglevel=INFO", "-n", f"{self.name}@%h", *only],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if b"ready." in self.log_path.read_bytes():
                return self
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited: {self.log_path.read_text()[-2000:]}")
            time.sleep(0.1)
        raise RuntimeError("worker did not become ready in 30 s")

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


@pytest.fixture
def worker_env(transactional_db):
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url or connection.vendor != "postgresql":
        message = "worker tests need REDIS_URL and a PostgreSQL DATABASE_URL"
        if os.environ.get("SHINPAN_REQUIRE_WORKER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    settings_dict = connection.settings_dict
    db_url = (f"postgres://{settings_dict['USER'] or 'postgres'}@{settings_dict['HOST'] or '127.0.0.1'}:"
              f"{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}")
    queue = f"shinpan-test-{uuid.uuid4().hex[:10]}"
    previous = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    env = {**os.environ, "DATABASE_URL": db_url, "REDIS_URL": redis_url, "CELERY_QUEUE": queue, "DEBUG": "1"}
    yield env
    celery_app.conf.task_default_queue = previous


@pytest.fixture
def worker(worker_env):
    """A running worker (stopped after the test); ``worker.kill()`` / ``Worker(env).start()`` for crash tests."""
    running = Worker(worker_env).start()
    yield running
    running.stop()


def run_off_thread(coroutine, timeout: float = 30):
    """``asyncio.run(coroutine)`` on a thread of its own, returning its result: an earlier browser test may leave
    an event loop running in this one (Playwright's sync API), under which ``asyncio.run`` refuses to start."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=timeout)


def site_socket(path: str):
    """A WebSocket client of the site's ASGI application at ``path``, with an allowed origin and host."""
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    return WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost"),
                                                              (b"host", b"localhost")])


def wait_until(predicate, *, timeout: float = 60, interval: float = 0.1, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")

"""The embedded default's server (``make run``) answers a long query string 414 instead of dropping the connection
(``config.devserver``; issue 31, point 2: a helper found query strings over about 16 KB got no answer)."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from config.devserver import LIMIT, widen_request_limits

ROOT = Path(__file__).resolve().parents[1]


def test_only_the_development_server_reads_longer_requests():
    assert not widen_request_limits(["manage.py", "migrate"])
    assert not widen_request_limits(["celery"])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_make_run_s_server_answers_a_long_query_string_414(tmp_path):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # tasks in-process, as under make run
    env.update(DEBUG="1", SECRET_KEY="devserver-test", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):  # up to 30 s for the server to listen
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("runserver did not start")
        answers = {}
        for length in (20_000, 100_000, LIMIT // 2):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("GET", "/healthz?q=" + "a" * length)
            answers[length] = connection.getresponse().status  # a dropped connection raises here
            connection.close()
        assert set(answers.values()) == {414}, answers
    finally:
        server.terminate()
        server.wait(10)

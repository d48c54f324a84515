"""The production web command (scripts/serve.py, issue 31, point 1): uvicorn with ``WEB_CONCURRENCY`` worker
processes serving ``config.asgi:application``; a bad value stops it with the variable named."""

import os
from pathlib import Path

import pytest

from scripts import serve

ROOT = Path(__file__).resolve().parents[1]


def test_web_concurrency_sets_the_worker_count():
    line = serve.parse([], {"WEB_CONCURRENCY": " 3 "}, cpu_count=2)
    assert line[line.index("--workers") + 1] == "3"


@pytest.mark.parametrize("environ", [{}, {"WEB_CONCURRENCY": ""}])
def test_without_web_concurrency_the_workers_are_one_more_than_the_cores(environ):
    line = serve.parse([], environ, cpu_count=4)
    assert line[line.index("--workers") + 1] == "5"
    assert serve.default_workers(None) == 2  # cores unknown: counted as one


def test_the_workers_option_wins_over_the_variable():
    line = serve.parse(["--workers", "2"], {"WEB_CONCURRENCY": "7"}, cpu_count=2)
    assert line[line.index("--workers") + 1] == "2"


@pytest.mark.parametrize(("value", "said"), [("two", "WEB_CONCURRENCY='two' is not a whole number"),
                                             ("0", "WEB_CONCURRENCY=0 must be at least 1"),
                                             ("-3", "WEB_CONCURRENCY=-3 must be at least 1")])
def test_a_bad_web_concurrency_is_refused_naming_it(value, said):
    with pytest.raises(serve.ConfigurationError, match=said):
        serve.parse([], {"WEB_CONCURRENCY": value}, cpu_count=2)


def test_a_bad_web_concurrency_exits_2_with_the_message(monkeypatch, capsys):
    monkeypatch.setenv("WEB_CONCURRENCY", "many")
    monkeypatch.setattr(serve.os, "execv", lambda *args: pytest.fail("started despite a bad value"))
    assert serve.main([]) == 2
    assert "serve: WEB_CONCURRENCY='many' is not a whole number" in capsys.readouterr().err


def test_the_command_serves_the_asgi_application_behind_a_proxy_with_options_passed_on():
    line = serve.parse(["--host", "0.0.0.0", "--port", "9000", "--", "--access-log"], {}, cpu_count=1)
    assert line[1:4] == ["-m", "uvicorn", "config.asgi:application"]
    assert line[line.index("--host") + 1] == "0.0.0.0" and line[line.index("--port") + 1] == "9000"
    assert "--proxy-headers" in line and line[line.index("--lifespan") + 1] == "off"
    assert line[-1] == "--access-log"  # after ours: uvicorn takes the last of a pair of options


@pytest.mark.parametrize(("pool", "expected"), [("1", True), ("0", False), (None, False)])
def test_the_web_processes_pool_their_postgresql_connections_and_nothing_else_does(pool, expected):
    """scripts/serve.py turns DB_POOL on (config/settings.py): each web process keeps its connections, where each
    page opened one (issue 31, point 1); workers, tests and commands keep Django's default."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DB_POOL", "DEBUG")}
    env.update({"DATABASE_URL": "postgres://user@127.0.0.1:5432/any", "DEBUG": "1"})
    if pool is not None:
        env["DB_POOL"] = pool
    code = ("import django; django.setup(); from django.conf import settings; d = settings.DATABASES['default'];"
            "print(bool(d.get('OPTIONS', {}).get('pool')), d['CONN_MAX_AGE'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(expected), "0"]


def test_the_web_command_turns_the_pool_on_unless_told_otherwise(monkeypatch):
    started = []
    monkeypatch.setattr(serve.os, "execv", lambda path, line: started.append(line))
    monkeypatch.setattr(serve.os, "chdir", lambda path: None)
    monkeypatch.delenv("DB_POOL", raising=False)
    serve.main(["--workers", "2"])
    assert started and os.environ["DB_POOL"] == "1"
    monkeypatch.setenv("DB_POOL", "0")
    serve.main(["--workers", "2"])
    assert os.environ["DB_POOL"] == "0"

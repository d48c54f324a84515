"""The benches run on databases of their own (bench/_database.py): never on the application's ``DATABASE_URL``,
which search.py and matches.py would have emptied of cards and active matches (found in review); created when the
server lacks them (the ninth session's bench/import_cards.py migrated a database nobody had created); and, since
issue 31 point 5, one per run, dropped at its end: two runs of a bench at once used to share
``shinpan_bench_<name>`` and wipe each other's catalogue and matches.

The PostgreSQL tests run on the server of ``DATABASE_URL`` (CI sets it), skipped without one."""

import os
import signal
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import psycopg
import pytest

from bench import _database
from bench._database import bench_settings, ensure_database, new_database

ROOT = Path(__file__).resolve().parents[1]


def _server() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs DATABASE_URL on a PostgreSQL server (CI sets it)")
    return url.partition("?")[0].rpartition("/")[0]


def _exists(name: str) -> bool:
    with psycopg.connect(f"{_server()}/postgres", autocommit=True) as connection:
        return connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None


def _drop(*names: str) -> None:
    with psycopg.connect(f"{_server()}/postgres", autocommit=True) as connection:
        for name in names:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def probe_name():
    name = f"shinpan_bench_probe_{uuid.uuid4().hex[:8]}"
    yield name
    _drop(name, f"{name}-x")


@pytest.fixture
def environ(monkeypatch):
    """The bench settings write os.environ: the whole environment is put back afterwards."""
    saved = dict(os.environ)
    yield monkeypatch
    os.environ.clear()
    os.environ.update(saved)


def _run_env(**extra: str) -> dict[str, str]:
    """A bench process's environment: the server under test, none of this test run's own run markers."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BENCH_RUN_", "BENCH_DATABASE"))}
    return {**env, "BENCH_DATABASE_SERVER": _server(), "PYTHONPATH": str(ROOT), **extra}


# A bench in miniature: the signals' actions of a terminal, bench_settings, then what the argument says (exit,
# wait for a signal, start a child that calls bench_settings in turn, as bench/import_cards.py's importing
# processes do). Prints DATABASE_URL.
BENCH = textwrap.dedent("""
    import os, signal, subprocess, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as from a terminal, even if the caller ignores them
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    from bench._database import bench_settings
    bench_settings("shinpan_bench_probe")
    print("url", os.environ["DATABASE_URL"], flush=True)
    if sys.argv[1] == "wait":
        time.sleep(60)
    if sys.argv[1] == "child":
        subprocess.run([sys.executable, "-c", sys.argv[2]], check=True)
""")
CHILD = textwrap.dedent("""
    import os
    from bench._database import bench_settings
    bench_settings("shinpan_bench_probe")
    print("url", os.environ["DATABASE_URL"], flush=True)
""")


def _urls(out: str) -> list[str]:
    return [line.split()[1] for line in out.splitlines() if line.startswith("url ")]


@pytest.mark.parametrize("url", [None, "", "sqlite:///bench.sqlite3"])
def test_an_unset_or_sqlite_url_creates_nothing(url):
    assert ensure_database(url) is False


def test_a_missing_postgresql_database_is_created_once(probe_name):
    server = _server()
    assert ensure_database(f"{server}/{probe_name}") is True
    with psycopg.connect(f"{server}/{probe_name}") as connection:  # it exists and accepts connections
        assert connection.execute("SELECT current_database()").fetchone() == (probe_name,)
    assert ensure_database(f"{server}/{probe_name}?connect_timeout=5") is False


def test_the_name_is_read_as_django_reads_it(probe_name):
    """Percent-encoding decoded (dj-database-url's NAME), so the database made is the one Django connects to."""
    assert ensure_database(f"{_server()}/{probe_name}%2Dx") is True
    with psycopg.connect(f"{_server()}/{probe_name}-x") as connection:
        assert connection.execute("SELECT current_database()").fetchone() == (f"{probe_name}-x",)


def test_a_url_without_a_database_name_is_refused():
    with pytest.raises(ValueError, match="names no database"):
        ensure_database("postgres://postgres@127.0.0.1:5432")


def test_two_runs_databases_are_distinct_each_its_own_and_dropped_by_its_run():
    server = _server()
    first = new_database("shinpan_bench_probe", server)
    try:
        second = new_database("shinpan_bench_probe", server)
    except psycopg.errors.DuplicateDatabase:
        _drop(first.name)
        raise
    try:
        assert first.name != second.name and first.url != second.url
        assert first.name.startswith(f"shinpan_bench_probe_{os.getpid()}_")
        assert _exists(first.name) and _exists(second.name)
        with psycopg.connect(first.url, autocommit=True) as connection:  # what one run writes, the other never sees
            connection.execute("CREATE TABLE mine (n int)")
        with psycopg.connect(second.url) as connection:
            assert connection.execute("SELECT to_regclass('mine')").fetchone() == (None,)
        with psycopg.connect(first.url):  # a connection left open (a worker's) does not keep it
            assert first.drop() is True
        assert not _exists(first.name) and _exists(second.name)
        assert first.drop() is False  # once
    finally:
        _drop(first.name, second.name)


def test_a_run_starts_from_a_copy_of_its_template_when_there_is_one(probe_name):
    server = _server()
    ensure_database(f"{server}/{probe_name}")
    with psycopg.connect(f"{server}/{probe_name}", autocommit=True) as connection:
        connection.execute("CREATE TABLE cards AS SELECT 42 AS n")
    copy = new_database("shinpan_bench_probe", server, template=probe_name)
    empty = new_database("shinpan_bench_probe", server, template=f"{probe_name}_missing")
    try:
        with psycopg.connect(copy.url) as connection:
            assert connection.execute("SELECT n FROM cards").fetchone() == (42,)
        with psycopg.connect(empty.url) as connection:
            assert connection.execute("SELECT to_regclass('cards')").fetchone() == (None,)
    finally:
        _drop(copy.name, empty.name)


def test_a_bench_never_runs_on_the_applications_database_nor_its_redis(environ):
    """A run of its own: DATABASE_URL replaced, the application's REDIS_URL emptied, DEBUG off as served; the
    database is dropped when the process exits."""
    server = _server()
    done = subprocess.run(
        [sys.executable, "-c", BENCH + 'print("redis", repr(os.environ["REDIS_URL"]), os.environ["DEBUG"])', "exit"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
        env=_run_env(DATABASE_URL=f"{server}/shinpan", REDIS_URL="redis://127.0.0.1:6379/0", DEBUG=""),
    )
    assert done.returncode == 0, done.stderr
    (url,) = _urls(done.stdout)
    name = url.rpartition("/")[2]
    assert url.startswith(f"{server}/shinpan_bench_probe_") and name != "shinpan"
    assert "redis '' " in done.stdout  # settings read an empty REDIS_URL as unset: no Redis
    assert f"bench database: {name} dropped" in done.stdout
    assert not _exists(name)


def test_two_runs_at_once_have_two_databases_both_dropped():
    runs = [subprocess.Popen([sys.executable, "-c", BENCH, "wait"], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                             env=_run_env()) for _ in range(2)]
    try:
        urls = [_urls(next(line for line in run.stdout if line.startswith("url ")))[0] for run in runs]
        names = [url.rpartition("/")[2] for url in urls]
        assert names[0] != names[1] and all(_exists(name) for name in names)
    finally:
        for run in runs:
            run.send_signal(signal.SIGINT)  # Ctrl-C
            run.wait(30)
    assert [run.returncode for run in runs] != [0, 0]  # interrupted, not finished
    assert not any(_exists(name) for name in names)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_run_ended_by_a_signal_drops_its_database(signum):
    run = subprocess.Popen([sys.executable, "-c", BENCH, "wait"], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                           env=_run_env())
    try:
        name = _urls(next(line for line in run.stdout if line.startswith("url ")))[0].rpartition("/")[2]
        assert _exists(name)
    finally:
        run.send_signal(signum)
        out = run.communicate(timeout=30)[0]
    assert f"bench database: {name} dropped" in out
    assert not _exists(name)


def test_a_runs_child_is_handed_its_database_and_leaves_it_to_the_run():
    done = subprocess.run([sys.executable, "-c", BENCH, "child", CHILD], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, env=_run_env())
    assert done.returncode == 0, done.stderr
    parent, child = _urls(done.stdout)
    assert parent == child
    assert done.stdout.count(" dropped\n") == 1 and not _exists(parent.rpartition("/")[2])


def test_a_named_database_is_opted_into_and_kept(probe_name):
    done = subprocess.run([sys.executable, "-c", BENCH, "exit"], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env=_run_env(BENCH_DATABASE=probe_name))
    assert done.returncode == 0, done.stderr
    assert _urls(done.stdout) == [f"{_server()}/{probe_name}"]
    assert _exists(probe_name) and "dropped" not in done.stdout


def test_sqlite_runs_have_files_of_their_own_removed_at_the_end_and_are_refused_where_postgresql_is_needed(environ):
    environ.setenv("BENCH_DATABASE_SERVER", "sqlite")
    environ.setenv("DATABASE_URL", "postgres://nowhere.invalid/shinpan")
    first, second = new_database("shinpan_bench_probe", "sqlite"), new_database("shinpan_bench_probe", "sqlite")
    assert first.url != second.url and first.url == f"sqlite:///{first.name}"
    assert Path(first.name).exists() and Path(first.name).name.startswith(f"shinpan_bench_probe_{os.getpid()}_")
    assert first.drop() and second.drop()
    assert not Path(first.name).exists() and not Path(second.name).exists()
    with pytest.raises(SystemExit, match="needs PostgreSQL"):
        bench_settings("shinpan_bench_probe", sqlite_ok=False)
    assert _database.current() is None  # nothing made


def test_the_default_server_is_the_project_machines():
    assert _database.DEFAULT_SERVER == "postgres://postgres@127.0.0.1:5432"

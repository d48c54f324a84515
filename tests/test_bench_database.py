"""The benches run on databases of their own, created when the server lacks them (bench/_database.py): ``make
bench`` runs on a fresh server (the ninth session's bench/import_cards.py migrated a database nobody had
created), and never on the application's ``DATABASE_URL``, which search.py and matches.py would have emptied
of cards and active matches (found in review)."""

import os
import uuid

import psycopg
import pytest

from bench import _database
from bench._database import bench_settings, ensure_database


def _server() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs DATABASE_URL on a PostgreSQL server (CI sets it)")
    return url.partition("?")[0].rpartition("/")[0]


@pytest.fixture
def probe_name():
    name = f"shinpan_bench_probe_{uuid.uuid4().hex[:8]}"
    yield name
    with psycopg.connect(f"{_server()}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'DROP DATABASE IF EXISTS "{name}-x"')


@pytest.fixture
def environ(monkeypatch):
    """The bench settings write os.environ: the whole environment is put back afterwards."""
    saved = dict(os.environ)
    yield monkeypatch
    os.environ.clear()
    os.environ.update(saved)


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


def test_a_bench_never_runs_on_the_applications_database(environ, probe_name):
    server = _server()
    environ.setenv("DATABASE_URL", f"{server}/shinpan")
    environ.setenv("BENCH_DATABASE_SERVER", server)
    environ.delenv("DEBUG", raising=False)
    assert bench_settings(probe_name) == f"{server}/{probe_name}"
    assert os.environ["DATABASE_URL"] == f"{server}/{probe_name}"
    assert os.environ["DEBUG"] == "0"  # as served, unless the caller turned it on
    assert ensure_database(f"{server}/{probe_name}") is False  # created on the way


def test_sqlite_is_a_file_of_the_benchs_name_and_refused_where_postgresql_is_needed(environ):
    environ.setenv("BENCH_DATABASE_SERVER", "sqlite")
    environ.setenv("DATABASE_URL", "postgres://nowhere.invalid/shinpan")
    url = bench_settings("shinpan_bench_probe")
    assert url.startswith("sqlite:///") and url.endswith("shinpan_bench_probe.sqlite3")
    with pytest.raises(SystemExit, match="needs PostgreSQL"):
        bench_settings("shinpan_bench_probe", sqlite_ok=False)


def test_the_default_server_is_the_project_machines():
    assert _database.DEFAULT_SERVER == "postgres://postgres@127.0.0.1:5432"

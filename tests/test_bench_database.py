"""The benches create their PostgreSQL database when the server lacks it, so ``make bench`` runs on a fresh
server (the ninth session's bench/import_cards.py failed there: it migrated a database nobody had created)."""

import os
import uuid

import pytest

from bench._database import ensure_database


@pytest.mark.parametrize("url", [None, "", "sqlite:///bench.sqlite3"])
def test_an_unset_or_sqlite_url_creates_nothing(url):
    assert ensure_database(url) is False


def test_a_missing_postgresql_database_is_created_once():
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs DATABASE_URL on a PostgreSQL server (CI sets it)")
    import psycopg

    server = url.partition("?")[0].rpartition("/")[0]
    name = f"shinpan_bench_probe_{uuid.uuid4().hex[:8]}"
    try:
        assert ensure_database(f"{server}/{name}") is True
        with psycopg.connect(f"{server}/{name}") as connection:  # it exists and accepts connections
            assert connection.execute("SELECT current_database()").fetchone() == (name,)
        assert ensure_database(f"{server}/{name}?connect_timeout=5") is False
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}"')

"""The benches' databases and settings: each bench has a PostgreSQL database of its own, created on first use,
and never the application's ``DATABASE_URL``, because the benches delete what they generate (``search.py``
rebuilds its catalogue by deleting every card when the count is not its own; ``matches.py`` aborts every active
match when it ends).

``BENCH_DATABASE_SERVER`` names the server (default ``postgres://postgres@127.0.0.1:5432``, the project's
machine); ``BENCH_DATABASE_SERVER=sqlite`` runs the benches that can on SQLite instead.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432"


def bench_settings(database: str, *, sqlite_ok: bool = True) -> str:
    """Set the environment a bench runs Django with, before ``django.setup()``: its own database, and the
    settings as served (``DEBUG`` off unless the caller's environment turns it on; a throwaway ``SECRET_KEY``).

    ``database``: the bench's database name (``shinpan_bench_…``). Sets ``DATABASE_URL`` to it on
    ``BENCH_DATABASE_SERVER``, creating it there when missing (``ensure_database``), or, with
    ``BENCH_DATABASE_SERVER=sqlite``, to a SQLite file of that name in the temporary folder. Returns the URL.
    Raises SystemExit when the bench needs PostgreSQL (``sqlite_ok`` false) and SQLite was asked for.
    """
    server = os.environ.get("BENCH_DATABASE_SERVER", DEFAULT_SERVER).rstrip("/")
    if server == "sqlite":
        if not sqlite_ok:
            raise SystemExit(f"this bench needs PostgreSQL: set BENCH_DATABASE_SERVER to a postgres:// server "
                             f"(default {DEFAULT_SERVER}), not sqlite")
        url = f"sqlite:///{Path(tempfile.gettempdir()) / f'{database}.sqlite3'}"
    else:
        url = f"{server}/{database}"
        ensure_database(url)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DEBUG", "0")  # as served: DEBUG on records every statement and costs CPU per request
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    return url


def ensure_database(url: str | None) -> bool:
    """Create the PostgreSQL database ``url`` names if the server lacks it.

    ``url``: a ``DATABASE_URL`` as Django reads it (``dj_database_url.parse``: ``postgres://user:password@host:
    port/name``, percent-encoded parts decoded); ``None``, an empty string or a non-PostgreSQL URL does nothing.
    Connects to the server's ``postgres`` database with the same user, password, host and port. Returns True when
    the database was created. Raises ValueError for a PostgreSQL URL without a database name, and
    ``psycopg.OperationalError`` when the server cannot be reached.
    """
    if not url or not url.startswith(("postgres://", "postgresql://")):
        return False
    import dj_database_url
    import psycopg
    from psycopg import sql

    settings = dj_database_url.parse(url)
    name = settings["NAME"]
    if not name:
        raise ValueError(f"{url!r} names no database (postgres://user@host:port/name)")
    server = {key: settings[field] for key, field in
              (("host", "HOST"), ("port", "PORT"), ("user", "USER"), ("password", "PASSWORD")) if settings.get(field)}
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as connection:
        if connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return False
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return True

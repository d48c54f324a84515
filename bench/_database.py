"""The benches' PostgreSQL databases: created on first use, so ``make bench`` runs on a server where only the
``postgres`` database exists (the project's CI machine and a developer's fresh one)."""

from __future__ import annotations


def ensure_database(url: str | None) -> bool:
    """Create the PostgreSQL database ``url`` names if the server lacks it.

    ``url``: a ``DATABASE_URL`` (``postgres://user@host:port/name[?options]``); ``None``, an empty string or a
    SQLite URL does nothing (Django creates a SQLite file itself). Connects to the server's ``postgres``
    database with the same user, host and port to do so. Returns True when the database was created.
    Raises ``psycopg.OperationalError`` when the server cannot be reached, naming its address.
    """
    if not url or not url.startswith(("postgres://", "postgresql://")):
        return False
    import psycopg
    from psycopg import sql

    base, _, query = url.partition("?")
    server, _, name = base.rpartition("/")
    admin_url = f"{server}/postgres" + (f"?{query}" if query else "")
    with psycopg.connect(admin_url, autocommit=True) as connection:
        if connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return False
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return True

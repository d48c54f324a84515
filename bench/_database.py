"""The benches' databases and settings: each run of a bench has a database of its own, created when it starts and
dropped when it ends, and never the application's ``DATABASE_URL``, because the benches delete what they generate
(``search.py`` rebuilds its catalogue by deleting every card when the count is not its own; ``matches.py`` aborts
every active match when it ends). Two runs at once, of the same bench or not, never share one: a run's database is
``<bench's name>_<pid>_<4 random hex digits>`` (``shinpan_bench_search_4021_9f3a``).

``BENCH_DATABASE_SERVER`` names the server (default ``postgres://postgres@127.0.0.1:5432``, the project's
machine); ``BENCH_DATABASE_SERVER=sqlite`` runs the benches that can on SQLite instead, in a file of the run's own
in the temporary folder, removed at the end. ``BENCH_DATABASE=NAME`` opts out: the run uses the database (or the
SQLite file ``NAME.sqlite3`` in the temporary folder) of that name, created when missing and kept afterwards, and
two runs given the same name share it.

The database is dropped (``DROP DATABASE … WITH (FORCE)``: any connection left, a worker's, is closed) at the
interpreter's exit, after an exception, Ctrl-C (``KeyboardInterrupt``) or a ``SIGTERM``/``SIGHUP`` (turned into
``SystemExit`` here); only a ``SIGKILL`` leaves it behind (``DROP DATABASE`` it by hand: the pid in its name says
whose it was). A bench's child processes inherit ``DATABASE_URL``; one that calls ``bench_settings`` again (the
import bench's, a fresh interpreter per import) is handed its parent's database, not one of its own.

A catalogue slow to build is cached (``search.py``'s 100,000 cards): ``save_template`` copies the run's database,
once built, to a template database no one connects to, and a later run asking for that template
(``bench_settings(…, template=NAME)``) starts from a copy of it (``CREATE DATABASE … TEMPLATE``: a second or two,
where building takes a minute), still a database of its own.
"""

from __future__ import annotations

import atexit
import os
import secrets
import signal
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432"
_OWNER = "BENCH_RUN_DATABASE_OF"  # "<bench's name> <pid>" of the run whose database BENCH_RUN_DATABASE_URL is
_OWNED_URL = "BENCH_RUN_DATABASE_URL"


@dataclass
class BenchDatabase:
    """One run's database: ``url`` as Django reads it (``DATABASE_URL``), ``name`` the PostgreSQL database's name or
    the SQLite file's path, ``owned`` whether ``drop`` removes it (a ``BENCH_DATABASE`` or a parent's is kept)."""

    url: str
    name: str
    owned: bool
    dropped: bool = False

    @property
    def sqlite(self) -> bool:
        return self.url.startswith("sqlite:")

    def drop(self) -> bool:
        """Remove the database if this run owns it (once; Django's connections closed first, any other
        connection closed by ``WITH (FORCE)``, PostgreSQL 13 or later). Returns True when it was removed."""
        if not self.owned or self.dropped:
            return False
        self.dropped = True
        _close_django_connections()
        if self.sqlite:
            for suffix in ("", "-journal", "-wal", "-shm"):
                Path(self.name + suffix).unlink(missing_ok=True)
            return True
        from psycopg import sql

        with _server(self.url) as connection:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(self.name)))
        return True


_RUN: BenchDatabase | None = None


def run_id() -> str:
    """A new run's suffix: ``<pid>_<4 random hex digits>``: the pid tells runs on one machine apart and whose a
    leftover is, the random part runs on two machines sharing a server."""
    return f"{os.getpid()}_{secrets.token_hex(2)}"


def new_database(base: str, server: str, *, template: str | None = None) -> BenchDatabase:
    """Create a database of its own for one run of the bench ``base`` (``shinpan_bench_…``): on the PostgreSQL
    ``server`` (``postgres://user@host:port``), ``<base>_<run_id()>``, a copy of ``template`` when that database
    exists, else empty; with ``server`` ``"sqlite"``, an empty file ``<base>_<run_id()>_….sqlite3`` in the temporary
    folder. Owned: ``drop()`` removes it. Raises ``psycopg.OperationalError`` when the server cannot be reached."""
    suffix = run_id()
    if server == "sqlite":
        handle, path = tempfile.mkstemp(prefix=f"{base}_{suffix}_", suffix=".sqlite3")
        os.close(handle)
        return BenchDatabase(f"sqlite:///{path}", path, owned=True)
    from psycopg import sql

    name = f"{base}_{suffix}"
    url = f"{server}/{name}"
    with _server(url) as connection:
        if template is not None and _exists(connection, template):
            statement = sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template))
        else:
            statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        connection.execute(statement)
    return BenchDatabase(url, name, owned=True)


def bench_settings(database: str, *, sqlite_ok: bool = True, template: str | None = None,
                   redis: bool = False) -> str:
    """Set the environment a bench runs Django with, before ``django.setup()``: a database of the run's own, no
    Redis unless ``redis`` (``REDIS_URL`` emptied: the caller's is the application's; a bench that runs workers
    passes ``redis=True`` and then calls ``bench._redis.bench_redis``), and the settings as served (``DEBUG`` off
    unless the caller's environment turns it on; a throwaway ``SECRET_KEY``).

    ``database``: the bench's name (``shinpan_bench_…``). Sets ``DATABASE_URL`` to a new database of the run's own
    (``new_database``: on ``BENCH_DATABASE_SERVER``, a copy of ``template`` when it exists), dropped when the
    process ends (module docstring); to the database ``BENCH_DATABASE`` names, created when missing and kept; or,
    in a child of a run of the same bench, to its parent's. Returns the URL. Raises SystemExit when the bench needs
    PostgreSQL (``sqlite_ok`` false) and SQLite was asked for, and ``psycopg.OperationalError`` when the server
    cannot be reached.
    """
    global _RUN
    server = os.environ.get("BENCH_DATABASE_SERVER", DEFAULT_SERVER).rstrip("/")
    if server == "sqlite" and not sqlite_ok:
        raise SystemExit(f"this bench needs PostgreSQL: set BENCH_DATABASE_SERVER to a postgres:// server "
                         f"(default {DEFAULT_SERVER}), not sqlite")
    inherited = os.environ.get(_OWNED_URL)
    inherited_run = bool(inherited) and os.environ.get(_OWNER) == f"{database} {os.getppid()}"
    if inherited_run:
        run = BenchDatabase(inherited, inherited.rpartition("/")[2], owned=False)
    elif kept := os.environ.get("BENCH_DATABASE"):
        if server == "sqlite":
            path = str(Path(tempfile.gettempdir()) / f"{kept}.sqlite3")
            run = BenchDatabase(f"sqlite:///{path}", path, owned=False)
        else:
            run = BenchDatabase(f"{server}/{kept}", kept, owned=False)
            ensure_database(run.url)
    else:
        run = new_database(database, server, template=template)
        _RUN = run
        atexit.register(_release)
        _exit_on_signals()
        os.environ[_OWNED_URL], os.environ[_OWNER] = run.url, f"{database} {os.getpid()}"
    os.environ["DATABASE_URL"] = run.url
    if not redis:
        os.environ["REDIS_URL"] = ""  # the caller's (the application's) Redis is not the bench's: read as unset
    os.environ.setdefault("DEBUG", "0")  # as served: DEBUG on records every statement and costs CPU per request
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if not inherited_run:
        where = "dropped at the end" if run.owned else "kept afterwards: BENCH_DATABASE"
        print(f"bench database: {run.name} ({where})", flush=True)
    return run.url


def current() -> BenchDatabase | None:
    """The database this process created with ``bench_settings`` (None before, in a child, or with
    ``BENCH_DATABASE``)."""
    return _RUN


def save_template(template: str, *, replace: bool = False) -> bool:
    """Copy this run's PostgreSQL database, as it is now, to the database ``template`` (closing Django's
    connections to it first: Django opens a new one when next asked), for later runs to start from
    (``bench_settings(…, template=…)``); connections to the copy are then refused, so copying it never fails for
    one left open. An existing ``template`` is kept, unless ``replace``. Returns True when the copy was made; False
    without a database of the run's own (a child, ``BENCH_DATABASE``, SQLite) or when ``template`` existed (a
    run beside this one may have saved it first)."""
    if _RUN is None or _RUN.sqlite:
        return False
    import psycopg
    from psycopg import sql

    _close_django_connections()
    with _server(_RUN.url) as connection:
        if replace:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(template)))
        try:
            connection.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(template), sql.Identifier(_RUN.name)))
        except psycopg.errors.DuplicateDatabase:
            return False
        connection.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(sql.Identifier(template)))
    return True


def drop_templates(prefix: str, *, keep_ending: str) -> list[str]:
    """Drop the databases on this run's server whose names start with ``prefix`` and do not end with
    ``keep_ending``: superseded templates (``search.py``: catalogues generated by an earlier version of the bench,
    of any size). Returns their names; [] without a PostgreSQL database of the run's own."""
    if _RUN is None or _RUN.sqlite:
        return []
    from psycopg import sql

    with _server(_RUN.url) as connection:
        names = [name for (name,) in connection.execute("SELECT datname FROM pg_database")
                 if name.startswith(prefix) and not name.endswith(keep_ending)]
        for name in names:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    return names


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
    from psycopg import sql

    name = dj_database_url.parse(url)["NAME"]
    if not name:
        raise ValueError(f"{url!r} names no database (postgres://user@host:port/name)")
    with _server(url) as connection:
        if _exists(connection, name):
            return False
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return True


def _server(url: str):
    """An autocommit connection to the ``postgres`` database of the server ``url`` is on (same user, password,
    host and port; ``url`` as ``ensure_database`` reads it)."""
    import dj_database_url
    import psycopg

    settings = dj_database_url.parse(url)
    server = {key: settings[field] for key, field in
              (("host", "HOST"), ("port", "PORT"), ("user", "USER"), ("password", "PASSWORD")) if settings.get(field)}
    return psycopg.connect(dbname="postgres", autocommit=True, **server)


def _exists(connection, name: str) -> bool:
    return connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None


def _close_django_connections() -> None:
    if "django.db" in sys.modules:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # Django not set up, or a connection already broken: nothing of it to close
            pass


def _release() -> None:
    """At exit: drop the run's database, saying so (a failure is printed, never raised: the bench's own exit
    status stands)."""
    if _RUN is None:
        return
    try:
        if _RUN.drop():
            print(f"bench database: {_RUN.name} dropped", flush=True)
    except Exception as exc:  # the server gone: say what is left behind
        print(f"bench database: {_RUN.name} NOT dropped ({exc.__class__.__name__}: {exc})", file=sys.stderr)


def _exit_on_signals() -> None:
    """``SIGTERM`` and ``SIGHUP`` end the process as Ctrl-C does, through ``SystemExit`` (``finally`` blocks and
    ``atexit`` run: the database is dropped), where their default action would end it at once. Only in the main
    thread, and only where the default action is in place (a handler the caller installed stays)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, _raise_exit)


def _raise_exit(signum, frame) -> None:
    raise SystemExit(128 + signum)

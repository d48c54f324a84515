"""The production web command (issue 31, point 1): ``config.asgi:application`` (HTTP through Django, WebSocket
through Channels) served by uvicorn's own supervisor with several worker processes.

Usage: ``python scripts/serve.py [--host 127.0.0.1] [--port 8000] [--workers N] [-- UVICORN_OPTION ...]`` (README
"Production"; ``make serve``). ``--workers`` defaults to ``WEB_CONCURRENCY`` (uvicorn's and gunicorn's variable),
else ``default_workers()``. Options after ``--`` go to uvicorn as they are, after ours (``-- --access-log`` turns
the access log back on). Exits 2 with a message for a bad ``WEB_CONCURRENCY``; otherwise the process becomes
uvicorn (``exec``), so the supervisor receives the service manager's signals itself.

Why processes: under ASGI Django runs each request's synchronous view on a thread of its own
(``ThreadSensitiveContext`` in ``django.core.handlers.asgi``), and a process's threads run Python one at a time
(the GIL): a process renders one page at a time, whatever the server, and only waits for the database beside it.
One daphne process answered 50 visitors at p50 2.4 s against 23 ms unloaded (issue 31). uvicorn's supervisor starts
the workers, restarts one that dies or stops answering its health check, and passes ``SIGTERM`` on; its workers
close WebSockets with 1012 (service restart) when stopping, and the boards reconnect (``static/shinpan/board.js``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

APPLICATION = "config.asgi:application"
GRACEFUL_SHUTDOWN_SECONDS = 20  # a stopping worker waits this long for requests in flight, then closes the rest


class ConfigurationError(ValueError):
    """A variable the command reads has a value it cannot use; the message names it."""


def default_workers(cpu_count: int | None) -> int:
    """Worker processes when ``WEB_CONCURRENCY`` is unset: one more than the cores (``cpu_count`` as
    ``os.cpu_count()`` gives it, 1 when unknown). A page is mostly CPU (about 30 ms of server CPU of 40 ms alone,
    bench/web_load.py), so one more process covers the waits for PostgreSQL and Redis; more only share the cores:
    on 2 busy shared cores, 5 processes did worse than 3 in the same minutes (p99 2.4 s against 1.6 s, 39 against
    31 ms of CPU a page; README "Benchmarks"). Each process holds its own copy of Django, about 130 MB resident."""
    return max(1, cpu_count or 1) + 1


def workers_from(environ: Mapping[str, str], cpu_count: int | None) -> int:
    """The worker count: ``WEB_CONCURRENCY`` (a whole number ≥ 1) when set and not empty, else
    ``default_workers(cpu_count)``. Raises ConfigurationError naming the variable for any other value."""
    raw = (environ.get("WEB_CONCURRENCY") or "").strip()
    if not raw:
        return default_workers(cpu_count)
    try:
        value = int(raw)
    except ValueError:
        raise ConfigurationError(f"WEB_CONCURRENCY={raw!r} is not a whole number of processes") from None
    if value < 1:
        raise ConfigurationError(f"WEB_CONCURRENCY={value} must be at least 1")
    return value


def command(*, host: str, port: int, workers: int, extra: Sequence[str] = (),
            python: str = sys.executable) -> list[str]:
    """The uvicorn command line (``argv``, the interpreter first) serving ``APPLICATION`` on ``host:port`` with
    ``workers`` processes, ``extra`` options appended (a later option wins in uvicorn's parser).

    Fixed choices: no lifespan (Django's ASGI handler has none; ``auto`` only logs that at every start); proxy
    headers trusted from ``FORWARDED_ALLOW_IPS`` (uvicorn's variable, default 127.0.0.1: a proxy on the same
    machine), which sets the request's scheme from ``X-Forwarded-Proto``; no access log (the proxy writes one;
    each line costs a worker CPU per request); a bounded graceful shutdown (WebSockets would hold it forever)."""
    return [python, "-m", "uvicorn", APPLICATION, "--host", host, "--port", str(port), "--workers", str(workers),
            "--lifespan", "off", "--proxy-headers", "--no-access-log",
            "--timeout-graceful-shutdown", str(GRACEFUL_SHUTDOWN_SECONDS), *extra]


def parse(argv: Sequence[str], environ: Mapping[str, str], cpu_count: int | None) -> list[str]:
    """Read the command line and the environment into the uvicorn command (``command``). Raises
    ConfigurationError for a bad ``WEB_CONCURRENCY`` (only read when ``--workers`` is not given) and SystemExit
    for a bad option (argparse's message, exit 2)."""
    parser = argparse.ArgumentParser(prog="scripts/serve.py", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=int, help="processes (default WEB_CONCURRENCY, else cores + 1)")
    parser.add_argument("extra", nargs="*", help="uvicorn options, after --")
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    workers = args.workers if args.workers is not None else workers_from(environ, cpu_count)
    return command(host=args.host, port=args.port, workers=workers, extra=args.extra)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        line = parse(sys.argv[1:] if argv is None else argv, os.environ, os.cpu_count())
    except ConfigurationError as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    os.environ.setdefault("DB_POOL", "1")  # each process keeps its PostgreSQL connections (config/settings.py)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)  # uvicorn imports config.asgi from the working directory
    sys.stdout.flush()
    os.execv(line[0], line)
    return 0  # not reached: the process is uvicorn now


if __name__ == "__main__":
    sys.exit(main())

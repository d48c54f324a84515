"""Web load bench (issue 31, point 1): the production web command (``scripts/serve.py``) under N simulated
visitors, beside one visitor alone in the same run.

Usage (PostgreSQL on 127.0.0.1:5432, user postgres)::

    .venv/bin/python bench/web_load.py [--visitors 50] [--seconds 30] [--processes N] [--think 1.0]
        [--single-seconds 5] [--redis-url URL] [--keep-alive]

Uses a database of the run's own, ``shinpan_bench_web_<pid>_<hex>`` on ``BENCH_DATABASE_SERVER``
(``bench/_database.py``: dropped at the end), migrated and seeded (``manage.py loadseeds``), with ``DEBUG`` off as
served and the static files collected (compressed and fingerprinted, as in production) into a folder of the
temporary folder kept between runs (``static_outdated``: collecting takes minutes).
Makes a player ``bench-web`` with three decks (copies of sample
decks) and a live match of each game against a bot (the boards), and signs the visitors in as that player. Then
starts the production command itself (``scripts/serve.py`` with ``WEB_CONCURRENCY`` set to ``--processes``) on a
free port of 127.0.0.1, with ``REDIS_URL`` from ``--redis-url`` (default ``BENCH_REDIS_URL``; none: each process
caches in memory), and:

1. checks a WebSocket: the board's live channel (``/ws/matches/<id>/``) through the server answers with the view;
2. warms every process up (every page once per process, not counted);
3. one visitor alone for ``--single-seconds``, page after page with no pause: the unloaded figures;
4. ``--visitors`` visitors at once for ``--seconds``, each a thread looping over the pages (search 30%, card
   pages 35%, deck pages 20%, the board 15%) with a pause of ``--think`` seconds on average (uniform, 0.5-1.5x)
   between two pages, as people read a page before the next: 50 visitors at 1 s ask about 50 pages a second.
   Without a pause the figures measure a queue, not the server: on 2 cores, 50 visitors asking back to back wait
   about 25x a page's CPU time whatever the server does (Little's law).

Each request opens a connection of its own, as README's proxy configuration sends them (nginx's default upstream:
no keep-alive), so the kernel spreads them across the processes; ``--keep-alive`` keeps one connection a visitor
instead (a visitor then stays on one process). Pages are asked as a browser does (gzip, brotli accepted) and read
to the end; static files are not asked (fingerprinted, cached by the browser for good).

Prints p50/p95/p99 in milliseconds of the single visitor and of the loaded run, pages a second, 5xx answers and
dropped connections (refused, reset, closed before the answer, or no answer in 30 s), the server's CPU
milliseconds per page (the figure that holds on a shared machine), the interpreter and the machine's speed loop
(``bench/engine.py``), the load average; then the target (issue 31): at ``--visitors`` 50 or more, p99 loaded ≤
10x the single visitor's p50, no 5xx, no dropped connection. Exits 1 when it misses (a run with fewer visitors
is not compared on the ratio, but 5xx and drops still fail it).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("LOG_LEVEL", "WARNING")  # the eager bot tasks of the set-up log every move at INFO
os.environ.setdefault("STATIC_ROOT", str(Path(tempfile.gettempdir()) / "shinpan_bench_web_static"))

from bench._database import bench_settings  # noqa: E402
from bench._machine import print_header  # noqa: E402
from bench._processes import cpu_seconds  # noqa: E402

DATABASE = "shinpan_bench_web"
USERNAME = "bench-web"
RATIO_TARGET = 10.0  # issue 31: the loaded p99 at most 10x the single visitor's p50
VISITORS_TARGET = 50  # the ratio is set at 50 visitors
REQUEST_TIMEOUT = 30.0  # seconds without an answer: a dropped connection
MIX = (("search", 30), ("card", 35), ("deck", 20), ("board", 15))  # the visitors' pages, in percent


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile of ``samples`` (as the other benches); NaN when empty."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else float("nan")


@dataclass
class Tally:
    """What the visitors of one phase saw: milliseconds per answered page, 5xx answers, dropped connections by
    kind (exception name), other non-200 answers by status."""

    times: list[float] = field(default_factory=list)
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    server_errors: int = 0
    dropped: dict[str, int] = field(default_factory=dict)
    other: dict[int, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, milliseconds: float | None, status: int | None, error: str = "", kind: str = "") -> None:
        with self.lock:
            if error:
                self.dropped[error] = self.dropped.get(error, 0) + 1
                return
            assert milliseconds is not None and status is not None
            self.times.append(milliseconds)
            self.by_kind.setdefault(kind, []).append(milliseconds)
            if status >= 500:
                self.server_errors += 1
            elif status != 200:
                self.other[status] = self.other.get(status, 0) + 1

    def kinds_line(self) -> str:
        """``  by page: kind p50/p99 ms (count), …``."""
        return "  by page: " + ", ".join(f"{kind} {percentile(t, .5):.1f}/{percentile(t, .99):.1f} ms ({len(t)})"
                                         for kind, t in sorted(self.by_kind.items())) + " (p50/p99)"

    @property
    def drops(self) -> int:
        return sum(self.dropped.values())

    def line(self, label: str, seconds: float) -> str:
        """``label: N pages in S s (R/s): p50 … p95 … p99 … ms; 5xx N; dropped N (kinds)``."""
        t = self.times
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.dropped.items()))
        other = ", ".join(f"{k}: {v}" for k, v in sorted(self.other.items()))
        return (f"{label}: {len(t)} pages in {seconds:.1f} s ({len(t) / seconds:.1f}/s): p50 {percentile(t, .5):.1f} "
                f"ms, p95 {percentile(t, .95):.1f} ms, p99 {percentile(t, .99):.1f} ms, max "
                f"{max(t, default=float('nan')):.1f} ms; 5xx {self.server_errors}; dropped {self.drops}"
                + (f" ({kinds})" if kinds else "") + (f"; other answers {other}" if other else ""))


def verdict(visitors: int, single_p50: float, loaded_p99: float, server_errors: int, dropped: int) -> tuple[str, bool]:
    """Issue 31's target beside the figures: ``(line, met)``. Milliseconds in. The ratio is set at
    ``VISITORS_TARGET`` visitors: a smaller run prints it as not compared, and fails only on 5xx or drops."""
    ratio = loaded_p99 / single_p50 if single_p50 > 0 else float("inf")
    clean = server_errors == 0 and dropped == 0
    compared = visitors >= VISITORS_TARGET
    met = clean and (ratio <= RATIO_TARGET or not compared)
    head = (f"target at {VISITORS_TARGET} visitors: p99 <= {RATIO_TARGET:g}x the single visitor's p50, no 5xx, no "
            f"dropped connection: {ratio:.1f}x ({loaded_p99:.1f} / {single_p50:.1f} ms), {server_errors} 5xx, "
            f"{dropped} dropped")
    if not compared:
        head += f" ({visitors} visitors: the ratio not compared)"
    return f"{head} - {'met' if met else 'MISSED'}", met


class Visitor:
    """One simulated visitor: GETs ``pages`` picked by weight from ``MIX``, signed in with ``cookie``."""

    def __init__(self, port: int, pages: dict[str, list[str]], cookie: str, seed: int, keep_alive: bool):
        self.port, self.pages, self.cookie, self.keep_alive = port, pages, cookie, keep_alive
        self.rng = random.Random(seed)
        self.kinds = [kind for kind, _ in MIX]
        self.weights = [weight for _, weight in MIX]
        self.connection: http.client.HTTPConnection | None = None
        self.idle_since = 0.0

    def pick(self) -> tuple[str, str]:
        """A page kind by weight, and a page of that kind."""
        kind = self.rng.choices(self.kinds, self.weights)[0]
        return kind, self.rng.choice(self.pages[kind])

    def get(self, url: str, tally: Tally | None, kind: str = "") -> int | None:
        """One page, read to the end; recorded in ``tally`` (None: not counted). Returns the status, None
        when the connection dropped."""
        # The server closes a connection idle for 5 s (uvicorn's keep-alive): a browser opens a new one then
        if self.connection is None or not self.keep_alive or time.monotonic() - self.idle_since > 4:
            self.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        headers = {"Cookie": self.cookie, "Accept-Encoding": "br, gzip", "Accept": "text/html",
                   "Connection": "keep-alive" if self.keep_alive else "close"}
        started = time.perf_counter()
        try:
            self.connection.request("GET", url, headers=headers)
            response = self.connection.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as exc:  # refused, reset, timed out, closed: dropped
            self.close()
            if tally is not None:
                tally.add(None, None, type(exc).__name__)
            return None
        elapsed = (time.perf_counter() - started) * 1000
        self.idle_since = time.monotonic()
        if tally is not None:
            tally.add(elapsed, response.status, kind=kind)
        if not self.keep_alive:
            self.close()
        return response.status

    def run(self, until: float, think: float, tally: Tally) -> None:
        """Pages until ``until`` (``time.monotonic``), pausing ``think`` seconds on average between two."""
        try:
            while time.monotonic() < until:
                kind, url = self.pick()
                self.get(url, tally, kind)
                if think > 0:
                    time.sleep(min(max(0.0, until - time.monotonic()), think * self.rng.uniform(0.5, 1.5)))
        finally:
            self.close()

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def phase(port: int, pages: dict[str, list[str]], cookie: str, *, visitors: int, seconds: float, think: float,
          keep_alive: bool, seed: int) -> Tally:
    """``visitors`` threads browsing for ``seconds``, their arrivals spread over the first ``think`` seconds."""
    tally = Tally()
    until = time.monotonic() + seconds
    threads = []
    for index in range(visitors):
        visitor = Visitor(port, pages, cookie, seed + index, keep_alive)
        threads.append(threading.Thread(target=visitor.run, args=(until, think, tally), daemon=True))
    for thread in threads:
        thread.start()
        if think > 0:
            time.sleep(think / visitors)  # people do not all click at the same instant
    for thread in threads:
        thread.join(seconds + REQUEST_TIMEOUT + 5)
    return tally


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def static_outdated(static_root: Path) -> bool:
    """True when the collected static files (``static_root``, kept between runs in the temporary folder) lack
    their manifest or are older than a file of ``static/`` or ``templates/`` (the purged Bulma follows the
    templates): then ``collectstatic`` must run again, else a page naming a new file would answer 500."""
    manifest = static_root / "staticfiles.json"
    if not manifest.exists():
        return True
    collected = manifest.stat().st_mtime
    return any(path.stat().st_mtime > collected for folder in ("static", "templates")
               for path in (ROOT / folder).rglob("*") if path.is_file())


def prepare() -> tuple[dict[str, list[str]], str, int]:
    """The database as the visitors find it: migrated, seeded, static files collected, the player with three
    decks and a live match against a bot. Returns the pages by kind, the session cookie and the match id."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from cards.models import Card
    from decks.models import Deck
    from decks.services import deck_copy
    from matches.models import Match
    from matches.services import match_challenge
    from referee import registry
    from referee.engine.protocol import get_engine

    call_command("migrate", verbosity=0)
    if not Card.objects.exists():
        call_command("loadseeds", verbosity=0)
    if static_outdated(Path(settings.STATIC_ROOT)):
        call_command("collectstatic", "--noinput", verbosity=0)  # minutes: every file compressed twice
    user, _ = get_user_model().objects.get_or_create(username=USERNAME)
    public = list(Deck.objects.filter(visibility="public").order_by("pk")[:12])
    for deck in public[:3]:
        if not Deck.objects.filter(owner=user, copied_from=deck).exists():
            deck_copy(deck=deck, owner=user)
    own = list(Deck.objects.filter(owner=user).order_by("pk"))
    # A live match of each game at the player's turn, against a bot (its moves played in-process: this process
    # has no broker); the match pages of the last run are aborted (a board of a finished match is lighter)
    assert settings.CELERY_TASK_ALWAYS_EAGER, "the bench sets the matches up with tasks in-process"
    Match.objects.filter(created_by=user, status="active").update(status="aborted", to_act="")
    boards = [match_challenge(user=user, game=code, seat=get_engine(code).seats[0], opponent="greedy").pk
              for code in registry.codes()]
    rng = random.Random(31)
    pages: dict[str, list[str]] = {"search": [], "card": [], "deck": [], "board": [f"/matches/{pk}/" for pk in boards]}
    for code in registry.codes():
        cards = list(Card.objects.filter(game__code=code).values_list("pk", "name", "card_type"))
        pages["card"] += [f"/cards/{pk}/" for pk, _, _ in rng.sample(cards, min(20, len(cards)))]
        for _pk, name, card_type in rng.sample(cards, min(3, len(cards))):
            pages["search"].append(f"/games/{code}/?q={_quote(name[:3])}")
            pages["search"].append(f"/games/{code}/?q={_quote('t:' + card_type)}")
        pages["search"].append(f"/games/{code}/")
    pages["deck"] = [f"/decks/{deck.pk}/" for deck in public + own] + ["/decks/"]
    client = Client()
    client.force_login(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return pages, cookie, boards[0]


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


def check_websocket(port: int, match_id: int, cookie: str) -> str:
    """Connect to the board's live channel through the server and wait for the view it sends on connecting.
    Returns a line saying so with the milliseconds taken; raises RuntimeError when no view comes."""
    import json

    from websockets.sync.client import connect

    started = time.perf_counter()
    with connect(f"ws://127.0.0.1:{port}/ws/matches/{match_id}/", open_timeout=REQUEST_TIMEOUT,
                 additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}) as socket_:
        message = json.loads(socket_.recv(timeout=REQUEST_TIMEOUT))
    if message.get("type") != "view" or message.get("view", {}).get("id") != match_id:
        raise RuntimeError(f"the board's WebSocket sent {str(message)[:200]!r}, not the view of match {match_id}")
    return f"WebSocket /ws/matches/{match_id}/: the view arrived in {(time.perf_counter() - started) * 1000:.1f} ms"


def start_server(port: int, processes: int, redis_url: str, log_path: Path) -> subprocess.Popen:
    """The production command (``scripts/serve.py``) on 127.0.0.1:``port`` with ``processes`` workers, in a
    process group of its own, the settings of this bench (its database, ``DEBUG`` off) and ``redis_url`` (none:
    each process caches and pushes in memory). Waits until it answers ``/`` (RuntimeError with its log after
    60 s or when it exits). Up means any HTTP answer to ``/``: whether pages answer 200 is ``warm_up``'s
    to say."""
    env = {**os.environ, "REDIS_URL": redis_url, "WEB_CONCURRENCY": str(processes)}
    with open(log_path, "wb") as log:
        server = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "serve.py"), "--host", "127.0.0.1",
                                   "--port", str(port)], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited ({server.returncode}): {log_path.read_text()[-2000:]}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/")
            connection.getresponse().read()
            connection.close()
            return server
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    stop_server(server)
    raise RuntimeError(f"the server did not answer in 60 s: {log_path.read_text()[-2000:]}")


def stop_server(server: subprocess.Popen) -> int | None:
    """SIGTERM to the server's process group (the supervisor and its workers), then SIGKILL after 30 s; its exit
    status: 0, or -15 from a single process (uvicorn without its supervisor raises the SIGTERM again once it has
    shut down gracefully, so the caller sees what stopped it)."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            return server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            return server.wait(10)
    return server.returncode


def warm_up(port: int, pages: dict[str, list[str]], cookie: str, processes: int) -> list[str]:
    """Every page asked once per process (``processes`` visitors at once, each on new connections, so each
    process compiles its templates and fills its caches before the timing); returns the pages that did not
    answer 200, with their status."""
    failures: list[str] = []
    every = [url for urls in pages.values() for url in urls]

    def visit(seed: int) -> None:
        visitor = Visitor(port, pages, cookie, seed, keep_alive=False)
        for url in every:
            status = visitor.get(url, None)
            if status != 200:
                failures.append(f"{url}: {status or 'dropped'}")

    threads = [threading.Thread(target=visit, args=(index,)) for index in range(processes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(set(failures))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=VISITORS_TARGET, help="visitors at once (default 50)")
    parser.add_argument("--seconds", type=float, default=30, help="length of the loaded run (default 30)")
    parser.add_argument("--processes", type=int, default=None,
                        help="the server's processes (default WEB_CONCURRENCY, else scripts/serve.py's default)")
    parser.add_argument("--think", type=float, default=1.0, help="a visitor's mean pause between pages, s (1.0)")
    parser.add_argument("--single-seconds", type=float, default=5, help="length of the single visitor's run (5)")
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", ""),
                        help="the server's REDIS_URL (default BENCH_REDIS_URL, else none; never the application's "
                             "REDIS_URL, which two runs would share)")
    parser.add_argument("--keep-alive", action="store_true", help="one kept connection a visitor")
    args = parser.parse_args(argv)
    print_header()
    os.environ.pop("REDIS_URL", None)  # this process sets the matches up with tasks in-process (no worker runs)
    bench_settings(DATABASE, sqlite_ok=False)  # DEBUG off, as served; the server inherits the settings

    import django

    django.setup()
    from django.db import connection

    from scripts.serve import default_workers, workers_from

    processes = args.processes or workers_from(os.environ, os.cpu_count())
    pages, cookie, board = prepare()
    connection.close()
    port = free_port()
    log_path = Path(tempfile.gettempdir()) / f"{DATABASE}-{port}.log"
    print(f"server: scripts/serve.py with {processes} processes (default here {default_workers(os.cpu_count())}) "
          f"on 127.0.0.1:{port}, REDIS_URL {args.redis_url or 'none (caches and pushes in each process)'}; "
          f"log {log_path}")
    server = start_server(port, processes, args.redis_url, log_path)
    try:
        print(check_websocket(port, board, cookie))
        failures = warm_up(port, pages, cookie, processes)
        if failures:
            print(f"pages that did not answer 200: {'; '.join(failures)}", file=sys.stderr)
            return 1
        single = phase(port, pages, cookie, visitors=1, seconds=args.single_seconds, think=0,
                       keep_alive=args.keep_alive, seed=1)
        before, client_before = cpu_seconds([server.pid]), time.process_time()
        load_before = ", ".join(f"{v:.1f}" for v in os.getloadavg())
        started = time.monotonic()
        loaded = phase(port, pages, cookie, visitors=args.visitors, seconds=args.seconds, think=args.think,
                       keep_alive=args.keep_alive, seed=1000)
        elapsed = time.monotonic() - started
        cpu, client_cpu = cpu_seconds([server.pid]) - before, time.process_time() - client_before
    finally:
        status = stop_server(server)
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"pages: {', '.join(f'{kind} {len(urls)}' for kind, urls in pages.items())}; mix "
          f"{', '.join(f'{kind} {weight}%' for kind, weight in MIX)}; "
          f"{'kept connections' if args.keep_alive else 'a new connection a page'}")
    print(single.line("1 visitor, no pause", args.single_seconds))
    print(single.kinds_line())
    print(loaded.line(f"{args.visitors} visitors, {args.think:g} s pauses", elapsed))
    print(loaded.kinds_line())
    if loaded.times:
        print(f"server CPU {cpu * 1000 / len(loaded.times):.1f} ms a page under load ({cpu / elapsed:.2f} cores); "
              f"the visitors' own CPU {client_cpu / elapsed:.2f} cores; load average {load_before} before the loaded "
              f"run, {load} after; server exit status {status}")
    line, met = verdict(args.visitors, percentile(single.times, .5), percentile(loaded.times, .99),
                        single.server_errors + loaded.server_errors, single.drops + loaded.drops)
    print(line)
    return 0 if met else 1  # as the other benches: make bench names a script that misses


if __name__ == "__main__":
    sys.exit(main())

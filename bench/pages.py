"""Page weight bench (issue 27, point 8): each main page's bytes, DOM size and time to first byte, as served.

Usage::

    .venv/bin/python bench/pages.py [--repeat 5]

Each run has a database of its own, ``shinpan_bench_pages_<pid>_<hex>``, dropped at the end (``bench/_database.py``;
``BENCH_DATABASE_SERVER=sqlite`` runs it on SQLite), migrated and seeded, and no Redis (tasks run in-process; the
caller's ``REDIS_URL`` is the application's, not the bench's), with ``DEBUG`` off and the static files collected
into a temporary folder (compressed and fingerprinted by WhiteNoise, as in production). A finished and a live Iron
Leaguer match against bots are made. Pages are requested through Django's test client with ``Accept-Encoding: br, gzip``
(the middleware, the view, the template and the compression: what a server sends, without the network).

Prints, per page: the HTML as sent (bytes; compressed when the site compresses it) and unpacked, the DOM's element
count, the median time to the last byte of the HTML in milliseconds (``ttfb``: in-process, no network), and the
static files the page links (stylesheets, their ``@import``s, scripts) as sent; then the first load (HTML + its
static files) and the next page (HTML alone: the fingerprinted files are cached for good) beside the targets
(first load ≤ 150 KB, next page ≤ 20 KB, a board page; a finished Iron Leaguer replay ≤ 150 KB of HTML,
unpacked). Exits 1
when a target misses.
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if "STATIC_ROOT" not in os.environ:  # the collected static files: a folder of the run's own, removed at its end
    os.environ["STATIC_ROOT"] = tempfile.mkdtemp(prefix="shinpan-bench-static-")
    atexit.register(shutil.rmtree, os.environ["STATIC_ROOT"], ignore_errors=True)

from bench._database import bench_settings  # noqa: E402
from bench._machine import print_header  # noqa: E402

KB = 1024


class _Count(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements = 0
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.elements += 1
        found = dict(attrs)
        if tag == "link" and found.get("rel") == "stylesheet":
            self.links.append(found.get("href") or "")
        if tag == "script" and found.get("src"):
            self.links.append(found["src"])


def _sent(response) -> int:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return len(body)


def _static(client, url: str, seen: set[str]) -> int:
    """Bytes sent for ``url`` and the stylesheets it imports (each once per page)."""
    if url in seen or not url.startswith("/static/"):
        return 0
    seen.add(url)
    response = client.get(url, HTTP_ACCEPT_ENCODING="br, gzip")
    body = b"".join(response.streaming_content) if response.streaming else response.content
    total = len(body)
    if url.endswith(".css"):
        plain = client.get(url)
        text = (b"".join(plain.streaming_content) if plain.streaming else plain.content).decode("utf-8", "ignore")
        for imported in re.findall(r"@import url\([\"']?([^\"')]+)", text):
            total += _static(client, str(Path(url).parent / imported).replace("\\", "/"), seen)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="requests per page for the time (default 5)")
    args = parser.parse_args(argv)
    print_header()
    bench_settings("shinpan_bench_pages")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from cards.models import Card
    from matches.models import Match
    from matches.services import match_challenge

    call_command("migrate", verbosity=0)
    if not Card.objects.exists():
        call_command("loadseeds", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    user, _ = get_user_model().objects.get_or_create(username="bench-pages")
    finished = Match.objects.filter(game="iron_leaguer", status="finished").first()
    if finished is None:
        from config.celery import app

        app.conf.task_always_eager = True
        finished = match_challenge(user=user, game="iron_leaguer", seat="silver", opponent="greedy",
                                   autoplay="random")  # two bots, played to the end at once (eager tasks)
    live = match_challenge(user=user, game="iron_leaguer", seat="silver", opponent="greedy")
    card = Card.objects.filter(game__code="legions").first()
    from decks.models import Deck

    deck = Deck.objects.filter(visibility="public").first()
    pages = [
        ("home", "/"), ("catalogue search", "/games/legions/?q=t%3Aminion"),
        ("card page", f"/cards/{card.pk}/" if card else "/"), ("decks", "/decks/"),
        ("public deck", f"/decks/{deck.pk}/" if deck else "/decks/"), ("lobby", "/matches/"),
        ("board (Iron Leaguer)", f"/matches/{live.pk}/"),
        ("replay (Iron Leaguer)", f"/matches/{finished.pk}/replay/"),
    ]
    client = Client()
    client.force_login(user)
    failed = []
    print(f"{'page':24} {'html sent':>10} {'unpacked':>10} {'elements':>9} {'ttfb ms':>8} {'static sent':>12} "
          f"{'first load':>11} {'next page':>10}")
    for label, url in pages:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            response = client.get(url, HTTP_ACCEPT_ENCODING="br, gzip")
            body = response.content
            times.append((time.perf_counter() - start) * 1000)
        plain = client.get(url).content
        counter = _Count()
        counter.feed(plain.decode("utf-8", "ignore"))
        seen: set[str] = set()
        static = sum(_static(client, link, seen) for link in counter.links)
        first, following = len(body) + static, len(body)
        print(f"{label:24} {len(body) / KB:9.1f}K {len(plain) / KB:9.1f}K {counter.elements:9d} "
              f"{statistics.median(times):8.1f} {static / KB:11.1f}K {first / KB:10.1f}K {following / KB:9.1f}K")
        if label.startswith("board") and (first > 150 * KB or following > 20 * KB):
            failed.append(f"{label}: first load {first / KB:.1f} KB (≤ 150), next page {following / KB:.1f} KB (≤ 20)")
        if label.startswith("replay") and len(plain) > 150 * KB:
            failed.append(f"{label}: {len(plain) / KB:.1f} KB of HTML unpacked (≤ 150)")
    # The replay's board fetched step by step (board.js asks for ?step=N&partial=board): the first time a step is
    # asked (rebuilt from the log and drawn) and again (the cached board), over steps spread through the match.
    total = Match.objects.get(pk=finished.pk).version  # (the row: the match was played after it was created)
    spread = [total * i // 20 for i in range(1, 20)]
    for label, views in (("replay step, first", spread), ("replay step, again", spread)):
        times, sizes = [], []
        for step in views:
            start = time.perf_counter()
            response = client.get(f"/matches/{finished.pk}/replay/?step={step}&as=silver&partial=board")
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(response.content))
        print(f"{label:24} {statistics.median(sizes) / KB:9.1f}K (median of {len(views)} steps of {total}): "
              f"median {statistics.median(times):.1f} ms, most {max(times):.1f} ms")
    print(f"load average {os.getloadavg()[0]:.2f} (the machine: {os.cpu_count()} CPUs)")
    for miss in failed:
        print(f"target missed: {miss}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

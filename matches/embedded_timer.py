"""The embedded default's clock (issue 31, point 6). Under ``make run`` no worker runs: tasks are executed
in-process and nothing waits for a deadline, so a passed deadline was applied only when someone opened the match.
In that mode alone (the development server with tasks in-process) a daemon thread applies every passed deadline
every ``INTERVAL`` seconds (``tick``), with no page open. With workers the watchdog does it (``watchdog.py``)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence

from django.db import close_old_connections
from django.utils import timezone

INTERVAL = 2.0  # seconds between two looks for passed deadlines
logger = logging.getLogger(__name__)
_started = threading.Event()


def tick() -> int:
    """Apply every passed deadline of a match in play (``services.match_apply_overdue_deadline``); how many."""
    from .models import Match
    from .services import match_apply_overdue_deadline

    applied = 0
    for match in Match.objects.live().filter(status=Match.Status.ACTIVE, deadline_at__lte=timezone.now()):
        applied += bool(match_apply_overdue_deadline(match=match))
    return applied


def should_start(argv: Sequence[str], environ: Mapping[str, str], eager: bool | None = None) -> bool:
    """In the development server's serving process (the autoreloader's child, or ``--noreload``) with tasks
    in-process: the embedded default. Never in a worker, a test or another command.

    ``eager`` defaults to ``settings.CELERY_TASK_ALWAYS_EAGER`` (no ``REDIS_URL``), read only once the command line
    is the development server's, so no other process touches the settings here."""
    if len(argv) < 2 or argv[1] != "runserver":
        return False
    if not (environ.get("RUN_MAIN") == "true" or "--noreload" in argv):
        return False
    if eager is None:
        from django.conf import settings

        eager = bool(getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False))
    return eager


def _loop() -> None:
    while True:
        time.sleep(INTERVAL)
        try:
            tick()
        except Exception:  # a database busy for a moment: the next tick tries again
            logger.exception("the embedded clock could not apply a deadline")
        finally:
            close_old_connections()


def start() -> bool:
    """Start the clock's thread once per process; False when it already runs."""
    if _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_loop, name="shinpan-embedded-clock", daemon=True).start()
    return True

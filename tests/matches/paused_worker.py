"""A Celery application for the crash tests: the project's own (``config.celery``), whose worker processes pause
every adjudication inside its transaction, so a test can kill the worker while it holds one.

``celery -A tests.matches.paused_worker worker`` (``conftest.Worker.start(pause=...)``) with
``SHINPAN_TEST_ADJUDICATION_PAUSE`` seconds in the worker's environment. Each worker process, once set up, wraps
``matches.rows.write_step`` and ``update_row``: writing a ``Match`` row — where an adjudication or a bot's move
stores the new state and version with its actions' submissions and events, nothing committed yet — first logs
``adjudication paused`` (what the tests wait for) and sleeps. Only the tests' worker processes are changed; the
production code has no hook for it.
"""

from __future__ import annotations

import logging
import os
import time

from celery.signals import worker_process_init

from config.celery import app

__all__ = ["app"]

log = logging.getLogger(__name__)


@worker_process_init.connect
def pause_before_the_match_row_is_written(**kwargs) -> None:
    """In each worker process (Django is set up by then): every ``Match`` row write pauses first."""
    from matches import rows
    from matches.models import Match

    seconds = float(os.environ["SHINPAN_TEST_ADJUDICATION_PAUSE"])
    update_row = rows.update_row

    def paused(model, pk, values):
        if model is Match:
            log.warning("adjudication paused for %s s before writing match %s", seconds, pk)
            time.sleep(seconds)
        return update_row(model, pk, values)

    write_step = rows.write_step

    def paused_step(**kwargs):  # a step's writes, the match row among them, in one statement (issue 31, point 4)
        log.warning("adjudication paused for %s s before writing match %s", seconds, kwargs["match_pk"])
        time.sleep(seconds)
        return write_step(**kwargs)

    rows.update_row = paused
    rows.write_step = paused_step

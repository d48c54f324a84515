"""The names of the match tasks, and how the match services queue them.

The tasks (``matches.tasks``) call the services, and the services queue tasks: after a commit (the next
adjudication, a bot's move) and when a worker starts (``services.recovery``). So that neither module imports the
other back, the services take a task from the Celery app's registry by its name, here. ``matches.tasks`` gives
each task its name from here too: the name is what travels in the broker's messages and what
``config.celery.QUEUE_SUFFIXES`` routes by, so it changes only on purpose, never because a module moved.
``matches.apps`` imports ``matches.tasks`` in every process (web, worker, ``manage.py``), so the registry has
them wherever a service runs.
"""

from __future__ import annotations

from celery import Task

from config.celery import app

ADJUDICATE = "matches.tasks.adjudicate"
BOT_MOVE = "matches.tasks.bot_move"
APPLY_DEADLINE = "matches.tasks.apply_deadline"
SWEEP_PENDING = "matches.tasks.sweep_pending"
NOOP = "matches.tasks.noop"
ANALYSE = "matches.tasks.analyse"


def task(name: str) -> Task:
    """The registered task ``name`` (one of the names above), to queue: ``task(BOT_MOVE).delay(match_id,
    version)``; with ``task_always_eager`` on (the embedded default, the unit tests) it runs in-process. Raises
    KeyError for a name no task has."""
    return app.tasks[name]

"""The Celery application.

With ``REDIS_URL`` set, Redis is the broker and tasks run in worker processes; without it (the embedded default)
``CELERY_TASK_ALWAYS_EAGER`` makes every task run in-process, so the site works with nothing but Python.

This module imports nothing of the apps: the tasks are ``matches.tasks`` (found by ``autodiscover_tasks``), and what
a worker does once it is ready and when it stops (the start-up sweep, the watchdog) is connected by
``matches.watchdog``, which ``matches.apps`` imports in every process.
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_init, worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("shinpan")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["matches"])


# The queues (issue 14 "Humans first"): a human's action never waits behind bot moves or the clock. Their names
# follow the default queue (``CELERY_QUEUE``, "shinpan"): "<q>" for adjudicating what players sent, "<q>.bots"
# for bot moves, "<q>.clock" for deadlines and sweeps. A worker started without -Q consumes all three.
QUEUE_SUFFIXES = {"matches.tasks.bot_move": ".bots", "matches.tasks.apply_deadline": ".clock",
                  "matches.tasks.sweep_pending": ".clock", "matches.tasks.analyse": ".bots"}


def queue_names(default: str) -> list[str]:
    """The three queue names for the default queue ``default``: players', bots', clock's."""
    return [default, f"{default}.bots", f"{default}.clock"]


def route_task(name, args, kwargs, options, task=None, **kw):
    """Celery router: bot moves and the clock to their own queues, everything else to the default one. Read at
    each call, so a process that changes ``task_default_queue`` (the worker tests do) routes along with it."""
    suffix = QUEUE_SUFFIXES.get(name)
    return {"queue": app.conf.task_default_queue + suffix} if suffix else None


app.conf.task_routes = (route_task,)

@worker_init.connect
@worker_process_init.connect
def keep_database_connections(**kwargs):
    """A worker process runs one task at a time on one thread, so it keeps its database connection for
    ``CELERY_WORKER_DB_CONN_MAX_AGE`` seconds (the web's ``CONN_MAX_AGE`` stays as configured): without it every
    task opens a new PostgreSQL connection."""
    from django.conf import settings
    from django.db import connections

    max_age = getattr(settings, "CELERY_WORKER_DB_CONN_MAX_AGE", None)
    if max_age is None:
        return
    for alias in connections:
        connections[alias].settings_dict["CONN_MAX_AGE"] = max_age


@worker_init.connect
@worker_process_init.connect
def freeze_start_up_objects(**kwargs):
    """The worker's start-up objects frozen for the garbage collector (``config.gcpolicy``): in the parent before
    the prefork pool forks (its children then share those pages) and in each child once it is set up. Connected
    after ``keep_database_connections``, so it runs after it."""
    from config.gcpolicy import freeze_worker_process

    freeze_worker_process()


@task_prerun.connect
@task_postrun.connect
def recycle_database_connections(sender=None, task=None, **kwargs):
    """Django's rule for a worker's connections, as for a request: close one past its age or broken (Celery's
    own Django fixup would close it around every task; ``CELERY_DB_REUSE_MAX`` in the settings stops that).
    Never for an eager task: it runs inside the caller's transaction."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()

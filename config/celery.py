"""The Celery application.

With ``REDIS_URL`` set, Redis is the broker and tasks run in worker processes; without it (the embedded default)
``CELERY_TASK_ALWAYS_EAGER`` makes every task run in-process, so the site works with nothing but Python.
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_init, worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("shinpan")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["referee"])


@worker_ready.connect
def sweep_on_start(sender, **kwargs):
    """A worker that starts (or restarts after a crash) adjudicates whatever was left pending."""
    sender.app.send_task("referee.tasks.sweep_pending")


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

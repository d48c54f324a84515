"""The Celery application.

With ``REDIS_URL`` set, Redis is the broker and tasks run in worker processes; without it (the embedded default)
``CELERY_TASK_ALWAYS_EAGER`` makes every task run in-process, so the site works with nothing but Python.
"""

import os

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("shinpan")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["referee"])


@worker_ready.connect
def sweep_on_start(sender, **kwargs):
    """A worker that starts (or restarts after a crash) adjudicates whatever was left pending."""
    sender.app.send_task("referee.tasks.sweep_pending")

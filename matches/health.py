"""``/healthz``: is the database answering, is the broker reachable, and are workers alive?

Answers JSON ``{"ok", "database", "broker", "workers": {"alive": [...], "gone": [...], "problems": [...],
"warnings": [...]}}`` with 200 when the site can serve (database, broker, every queue taken by a live worker) and
503 otherwise. In the embedded default (no ``REDIS_URL``) tasks run in-process, so broker
and workers report ``"in-process"``.
"""

from __future__ import annotations

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app as celery_app


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as exc:  # report, never raise: this is the page that says what is broken
        return f"error: {exc.__class__.__name__}: {exc}"


def _broker() -> str:
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return "ok"
    except Exception as exc:
        return f"error: {exc.__class__.__name__}: {exc}"


def _workers() -> dict:
    """The workers' roll (``matches.watchdog.roll``): who is alive, who is gone (a worker that stopped its
    heartbeat without leaving: killed, or its machine lost), and which queue no live worker takes."""
    from config.celery import queue_names
    from matches.watchdog import roll

    try:
        workers = roll()
    except Exception as exc:
        return {"error": f"{exc.__class__.__name__}: {exc}"}
    served = {queue for worker in workers["alive"] for queue in worker["queues"]}
    problems = [f"no live worker takes the queue {queue}"
                for queue in queue_names(celery_app.conf.task_default_queue) if queue not in served]
    warnings = [f"worker {w['name']} is gone: last heard {w['seen_seconds_ago']:.0f} s ago"
                for w in workers["gone"]]
    return {**workers, "problems": problems, "warnings": warnings}


@never_cache
def healthz(request):
    """200 ``{"ok": true, ...}`` when the database and broker answer and every queue has a live worker; 503
    otherwise (``workers.problems`` says why). A gone worker is named under ``workers.gone`` and
    ``workers.warnings`` for a monitor, but while the others take its queues (and carry its matches on:
    ``matches.watchdog``) the site serves, so ``ok`` stays true: a load balancer reading this page must not
    drop a web server because a worker died (found by acceptance testing: 503 for an hour after any death)."""
    if celery_app.conf.task_always_eager:
        report = {"database": _database(), "broker": "in-process", "workers": "in-process"}
        ok = report["database"] == "ok"
    else:
        report = {"database": _database(), "broker": _broker()}
        report["workers"] = _workers() if report["broker"] == "ok" else "unknown: no broker"
        workers = report["workers"]
        ok = (report["database"] == "ok" and report["broker"] == "ok" and isinstance(workers, dict)
              and "error" not in workers and not workers["problems"])
    return JsonResponse({"ok": ok, **report}, status=200 if ok else 503)

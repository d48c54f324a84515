"""``/healthz``: is the database answering, is the broker reachable, and are workers alive?

Answers JSON ``{"ok", "database", "broker", "workers"}`` with 200 when all is well and 503 otherwise. In the
embedded default (no ``REDIS_URL``) tasks run in-process, so broker and workers report ``"in-process"``.
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


def _workers() -> str | list[str]:
    try:
        replies = celery_app.control.inspect(timeout=1.0).ping() or {}
    except Exception as exc:
        return f"error: {exc.__class__.__name__}: {exc}"
    return sorted(replies) or "error: no worker answered"


@never_cache
def healthz(request):
    if celery_app.conf.task_always_eager:
        report = {"database": _database(), "broker": "in-process", "workers": "in-process"}
    else:
        report = {"database": _database(), "broker": _broker()}
        report["workers"] = _workers() if report["broker"] == "ok" else "unknown: no broker"
    ok = report["database"] == "ok" and not any(
        isinstance(v, str) and v.startswith(("error", "unknown")) for v in report.values()
    )
    return JsonResponse({"ok": ok, **report}, status=200 if ok else 503)

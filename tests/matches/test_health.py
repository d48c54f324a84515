"""/healthz in the embedded default (tasks in-process) and with an unreachable broker."""

import pytest

from config.celery import app as celery_app

pytestmark = pytest.mark.django_db


def test_healthz_is_ok_in_the_embedded_default(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"ok": True, "database": "ok", "broker": "in-process", "workers": "in-process"}


def test_healthz_answers_503_naming_an_unreachable_broker(client):
    previous = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = "redis://127.0.0.1:1/0", False
    try:
        response = client.get("/healthz")
    finally:
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = previous
    body = response.json()
    assert response.status_code == 503 and body["ok"] is False
    assert body["broker"].startswith("error") and body["database"] == "ok"

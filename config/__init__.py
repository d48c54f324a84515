"""Shinpan project configuration: settings, URLs, the Celery app, ASGI and WSGI entry points."""

from .celery import app as celery_app

__all__ = ["celery_app"]

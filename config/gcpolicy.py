"""The cyclic garbage collector's policy for the long-lived processes: what a process made while it set itself up is
frozen (``gc.freeze``), so later collections walk only what it makes afterwards.

Why (issue 14, "A faster engine core"): a set-up Django process holds about 140,000 objects the collector tracks
(modules, classes, URL patterns, templates, the engines' card tables), none of which ever becomes garbage, and a
full collection walks every one of them. A worker's matches make and drop objects all the time (the engines'
action caches fill and clear), so full collections come every few games. Measured with valgrind (instructions,
repeatable on a shared machine; docs/rules/iron_leaguer.md, "Performance"): a new-seed random Iron Leaguer game in
a process with Django set up costs 148 M instructions with the default collector and 127 M with the start-up
objects frozen (-14%); with the collector off altogether, 134 M. The thresholds (``gc.set_threshold``) changed
nothing measurable on top, so they stay Python's own.

Safe because start-up objects live as long as the process: a frozen object is still freed by reference counting
when the last reference goes; only a frozen object caught in a reference cycle would stay until the process ends.
Python's documentation recommends the same for pre-fork servers (Celery's prefork pool forks after ``worker_init``,
so its children share the frozen pages instead of copying them when the collector would have written to them).

Importable without Django (``freeze_worker_process`` and ``freeze_web_process`` import it when called);
``bench/engine.py --heap worker`` sets a process up as a worker is and then calls ``freeze_start_up``.
"""

from __future__ import annotations

import gc


def freeze_start_up() -> int:
    """Collect once (the start-up's own cyclic garbage is freed, not frozen), then move every object the
    collector tracks now into its permanent generation; returns how many objects are frozen in all. Called once
    a process is set up, through ``freeze_worker_process`` and ``freeze_web_process`` (which follow
    ``settings.GC_FREEZE``), and by ``bench/engine.py --heap worker``. Calling it again freezes what was made
    since."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def _wanted() -> bool:
    """``settings.GC_FREEZE`` (``GC_FREEZE``, default on; checked by the settings)."""
    from django.conf import settings  # imported here: this module stays importable without Django

    return settings.GC_FREEZE


def freeze_worker_process() -> int:
    """``freeze_start_up`` for a Celery worker (``config/celery.py``: ``worker_init`` in the parent before the
    prefork pool forks, ``worker_process_init`` in each child), unless ``GC_FREEZE`` is off (then 0)."""
    return freeze_start_up() if _wanted() else 0


def freeze_web_process() -> int:
    """``freeze_start_up`` for a web process (``config/asgi.py``, ``config/wsgi.py``) once its URL patterns, and
    with them every view module, are imported (Django imports them at the first request otherwise, after the
    freeze); 0, doing nothing, when ``GC_FREEZE`` is off."""
    if not _wanted():
        return 0
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - the attribute imports ROOT_URLCONF and every view it names
    return freeze_start_up()

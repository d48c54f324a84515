"""A bench script imported by a test: the bench sets its settings' defaults in ``os.environ`` at import (its
database, queue, settings module), so the environment is put back as it was afterwards."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType


@contextmanager
def bench_module(name: str) -> Iterator[ModuleType]:
    """``importlib.import_module(name)`` (``"bench.matches"``), the environment restored on leaving."""
    saved = dict(os.environ)
    try:
        yield importlib.import_module(name)
    finally:
        os.environ.clear()
        os.environ.update(saved)

"""Typed readers for settings that come from the environment.

Each reader fails loudly (``ImproperlyConfigured``) on a value it cannot understand, naming the variable,
so a typo in a deployment never silently falls back to a default.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    """Return the variable as text, or ``default`` when it is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """Return the variable as a boolean (1/0, true/false, yes/no, on/off; case-insensitive).

    Raises ImproperlyConfigured for any other value.
    """
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no or on/off)")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    """Return the variable as an integer, at least ``minimum`` when given; raise ImproperlyConfigured otherwise."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw.strip())
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} must be at least {minimum}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """Return a comma-separated variable as a list of non-empty, stripped items."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_redis_url(name: str) -> str | None:
    """Return a redis:// or rediss:// URL, None when unset or empty; raise ImproperlyConfigured otherwise."""
    raw = (os.environ.get(name) or "").strip()
    if not raw:
        return None
    if not raw.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a redis://, rediss:// or unix:// URL")
    return raw


def load_env_file(path) -> list[str]:
    """Read ``NAME=value`` lines of the file at ``path`` (if it exists) into the environment, never overriding a
    variable that is already set (the real environment wins). Blank lines and ``#`` comments are skipped; quotes
    around a value are removed. Returns the names it set.

    ``make run`` writes ``.env`` with ``DEBUG=1`` (the embedded default), so ``manage.py`` commands pasted after it
    run in the same mode. Raises ImproperlyConfigured naming the file and line for a line that is not
    ``NAME=value``.
    """
    try:
        text = open(path, encoding="utf-8").read()
    except FileNotFoundError:
        return []
    set_names = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        name = name.strip().removeprefix("export ").strip()
        if not sep or not name.isidentifier():
            raise ImproperlyConfigured(f"{path}, line {number}: expected NAME=value, got {line!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if name not in os.environ:
            os.environ[name] = value
            set_names.append(name)
    return set_names

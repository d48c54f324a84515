"""The Iron Leaguer rules engine (rules: ../shared/rules/iron_leaguer.ja.txt, readings:
docs/rules/iron_leaguer.md).

Modules by concept: setup (IL 2), scenes (3, 4, 22), techniques (5), match (6–8), rough_play (9),
interval (10–13), interval_steps (14–21), rules (every formula and table), view, bot, engine (the protocol).
"""

from typing import Any


def __getattr__(name: str) -> Any:
    """``ENGINE`` and ``IronLeaguerEngine`` from ``engine``, imported when first asked for (the game's
    registry spec, in this package, is read without importing the engine: ``referee.registry``)."""
    if name in ("ENGINE", "IronLeaguerEngine"):
        from . import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENGINE", "IronLeaguerEngine"]

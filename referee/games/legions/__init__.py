"""The Legions! (レギオンズ!) rules engine (rules: ../shared/rules/legions.ja.txt and spec part A; our readings:
docs/rules/legions.md and readings.py).

Modules by concept: readings (our rule options), cores (cores and MP), timeline (wait zones and standby), field
(lanes and keywords), combat (attacks and blocks), damage (damage and breaks), abilities (the vocabulary),
effects (its interpretation), triggers (the effect queue), main (the main phase's actions), flow (the turn's
phases as data), setup, view, actions, bot, engine (the protocol).
"""

from typing import Any


def __getattr__(name: str) -> Any:
    """``ENGINE`` and ``LegionsEngine`` from ``engine``, imported when first asked for (the game's
    registry spec, in this package, is read without importing the engine: ``referee.registry``)."""
    if name in ("ENGINE", "LegionsEngine"):
        from . import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENGINE", "LegionsEngine"]

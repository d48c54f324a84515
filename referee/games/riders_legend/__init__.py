"""The Riders' Legend (仮面ライダー トレーディングカードゲーム, advanced rules) rules engine (rules:
../shared/rules/riders_legend.ja.txt and spec part B; our readings: docs/rules/riders_legend.md and
readings.py).

Modules by concept: readings (our rule options), deck (the deck, its halves, the eyecatch and 捨山), missions
(laying, revealing, damage, execution), field (positions, adjacency, type limits, uniqueness), characters
(stats, placement conditions, transformation, damage and destruction), combat (attacks and blocks),
investigation (捜査), abilities (the vocabulary), effects (its interpretation), triggers (the effect queue),
placement, movement and action_phase (the actions of those phases), flow (the turn's phases as data), wins,
setup, view, actions, bot, engine (the protocol).
"""

from typing import Any


def __getattr__(name: str) -> Any:
    """``ENGINE`` and ``RidersLegendEngine`` from ``engine``, imported when first asked for (the game's
    registry spec, in this package, is read without importing the engine: ``referee.registry``)."""
    if name in ("ENGINE", "RidersLegendEngine"):
        from . import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ENGINE", "RidersLegendEngine"]

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

from .engine import ENGINE, RidersLegendEngine

__all__ = ["ENGINE", "RidersLegendEngine"]

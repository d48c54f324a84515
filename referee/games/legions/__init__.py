"""The Legions! (レギオンズ!) rules engine (rules: ../shared/rules/legions.ja.txt and spec part A; our readings:
docs/rules/legions.md and readings.py).

Modules by concept: readings (our rule options), cores (cores and MP), timeline (wait zones and standby), field
(lanes and keywords), combat (attacks and blocks), damage (damage and breaks), abilities (the vocabulary),
effects (its interpretation), triggers (the effect queue), main (the main phase's actions), flow (the turn's
phases as data), setup, view, actions, bot, engine (the protocol).
"""

from .engine import ENGINE, LegionsEngine

__all__ = ["ENGINE", "LegionsEngine"]

"""The Iron Leaguer rules engine (rules: ../shared/rules/iron_leaguer.ja.txt, readings:
docs/rules/iron_leaguer.md).

Modules by concept: setup (IL 2), scenes (3, 4, 22), techniques (5), match (6–8), rough_play (9),
interval (10–13), interval_steps (14–21), rules (every formula and table), view, bot, engine (the protocol).
"""

from .engine import ENGINE, IronLeaguerEngine

__all__ = ["ENGINE", "IronLeaguerEngine"]

"""Card abilities as data, game-neutral: a vocabulary (keywords, triggers, effects, statics with typed
parameters and Japanese/English text), validation naming the field and the problem, rendering to readable text,
and the hooks an engine registers to interpret effects. Pure Python (no Django).

Each game defines its own vocabulary (``referee.games.legions.abilities.VOCABULARY``); Riders' Legend
(``referee.games.riders_legend.abilities``) defines another on the same mechanism; ``declarations`` holds the
game-neutral handling of effects that depend on the real players (a declaration accepted or disputed).
"""

from . import declarations
from .vocabulary import BASE_KINDS, Kind, Param, Problem, Term, Vocabulary

__all__ = ["BASE_KINDS", "Kind", "Param", "Problem", "Term", "Vocabulary", "declarations"]

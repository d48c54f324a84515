"""Per-game card attribute schemas, declared as data.

Each game module declares ``GAME`` (a ``GameSchema``): its card types and the typed attributes each type carries.
One declaration drives validation (an impossible card is refused with the field named), the admin's per-game
fields, the CSV columns of import and export, and the search language's keys. Pure Python: no Django import.
"""

from __future__ import annotations

from .iron_leaguer import GAME as IRON_LEAGUER
from .legions import GAME as LEGIONS
from .riders_legend import GAME as RIDERS_LEGEND
from .schema import Attr, AttributeError_, GameSchema

SCHEMAS: dict[str, GameSchema] = {s.code: s for s in (LEGIONS, RIDERS_LEGEND, IRON_LEAGUER)}


def schema_for(game_code: str) -> GameSchema:
    """Return the schema of ``game_code`` ("legions", "riders_legend", "iron_leaguer"); KeyError if unknown."""
    return SCHEMAS[game_code]


__all__ = ["SCHEMAS", "Attr", "AttributeError_", "GameSchema", "schema_for"]

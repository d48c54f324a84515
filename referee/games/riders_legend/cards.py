"""The bridge from catalogue cards to the engine until the catalogue stores abilities: the abilities data of
every seed Riders' Legend card (``card_abilities.json``, keyed by card name) and ``with_abilities``, which
attaches them to a plain card dict that carries none.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("card_abilities.json")


@cache
def table() -> dict[str, dict]:
    """Card name -> its abilities (``card_abilities.json``)."""
    return json.loads(DATA.read_text(encoding="utf-8"))["cards"]


def with_abilities(card: dict) -> dict:
    """``card`` (``{"name", "card_type", "attributes", "abilities"?}``) as the engine takes it: its own
    ``abilities`` when present, else those of ``card_abilities.json`` for its name (none for a name not there)."""
    if card.get("abilities") is not None:
        return card
    found = table().get(card["name"])
    return card if found is None else {**card, "abilities": found}

"""The bridge from catalogue cards to the engine: a catalogue card carries its own ``abilities`` (the
catalogue's ``Card.abilities``, entered in the admin or loaded from the seed files), and ``with_abilities``
keeps them; a card dict without any (``{}`` or no key: a card file or a caller that does not give them) gets the
seed data of ``card_abilities.json`` for its name — the one source of the Legions seed cards' abilities, which
``seeds/tools/make_legions.py`` copies into ``seeds/catalogue/legions.json``.
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
    ``abilities`` when it has some (an admin-entered card is refereed by its data), else those of
    ``card_abilities.json`` for its name, else without an ``abilities`` key (an empty ``{}`` is dropped, so a
    card with rules text and no data stays "not yet refereed")."""
    if card.get("abilities"):
        return card
    bare = {k: v for k, v in card.items() if k != "abilities"}  # {} is "none": the card's text decides
    found = None if card.get("card_type") == "master" else table().get(card["name"])
    return bare if found is None else {**bare, "abilities": found}

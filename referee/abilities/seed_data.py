"""A game's seed abilities (``card_abilities.json`` beside its engine) and the bridge from catalogue cards to the
engine, the same for every game that has abilities as data.

A catalogue card carries its own ``abilities`` (``Card.abilities``, entered in the admin or loaded from the seed
files); a card dict without any (``{}`` or no key: a card file or a caller that does not give them) gets the seed
data for its name — the one source of the seed cards' abilities, which ``seeds/tools/make_<game>.py`` copies into
``seeds/catalogue/<game>.json``.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any


class SeedAbilities:
    """The abilities file at ``path`` (``{"cards": {name: abilities}}``); cards of ``skip_types`` never take seed
    data (a Legions master has none)."""

    def __init__(self, path: Path, *, skip_types: frozenset[str] = frozenset()):
        self.path = path
        self.skip_types = skip_types

    @cached_property
    def cards(self) -> dict[str, dict[str, Any]]:
        """Card name -> its abilities, read once."""
        cards: dict[str, dict[str, Any]] = json.loads(self.path.read_text(encoding="utf-8"))["cards"]
        return cards

    def table(self) -> dict[str, dict[str, Any]]:
        return self.cards

    def with_abilities(self, card: dict[str, Any]) -> dict[str, Any]:
        """``card`` (``{"name", "card_type", "attributes", "abilities"?}``) as the engine takes it: its own
        ``abilities`` when it has some (an admin-entered card is refereed by its data), else the seed data for its
        name, else without an ``abilities`` key (an empty ``{}`` is dropped, so a card with rules text and no data
        stays "not yet refereed")."""
        if card.get("abilities"):
            return card
        bare = {k: v for k, v in card.items() if k != "abilities"}  # {} is "none": the card's text decides
        found = None if card.get("card_type") in self.skip_types else self.cards.get(card["name"])
        return bare if found is None else {**bare, "abilities": found}

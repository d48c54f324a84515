"""The bridge from catalogue cards to the Riders' Legend engine (``referee.abilities.seed_data``): a card's own
abilities, else the seed data of ``card_abilities.json`` for its name (``seeds/tools/make_riders_legend.py`` copies
it into ``seeds/catalogue/riders_legend.json``).
"""

from __future__ import annotations

from pathlib import Path

from referee.abilities.seed_data import SeedAbilities

DATA = Path(__file__).with_name("card_abilities.json")
SEED = SeedAbilities(DATA)

table = SEED.table  # card name -> its abilities
with_abilities = SEED.with_abilities  # a card dict as the engine takes it

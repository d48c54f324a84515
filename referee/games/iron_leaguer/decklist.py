"""The Iron Leaguer decklist wiring (the game's ``decklist`` part in ``referee.registry``): what a seat keeps of a
checked roster and the ``decks`` the engine's ``new_game`` takes (IL 2.2–2.4). Pure Python.

A team is not a deck of its own: the whole pool (both line-ups, the IL deck of Dark and stray leaguers, the
technique cards) is played, and a seat that brought a roster fields it instead of its side's starting line-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engine.protocol import Data

CARD_KEYS = ("set", "number", "name", "card_type", "attributes")
"""What the engine reads of a catalogue card (its text and abilities: none, the cards' effects are the rules)."""


def keep(entries: list[Mapping[str, Any]]) -> Data:
    """A checked roster's IL names, in order, each repeated by its count: ``{"roster": [names]}``. ``entries``:
    ``[{"section", "name", "count"}]`` in the list's order."""
    return {"roster": [e["name"] for e in entries for _ in range(e["count"])]}


def engine_decks(kept: Mapping[str, Mapping[str, Any]], cards: list[Mapping[str, Any]],
                 sample: Callable[[str], Data]) -> Data:
    """IL 2.2–2.4: ``{"cards": [card], "rosters"?: {seat: [IL names]}}``: the whole pool (``cards``: the game's
    catalogue cards in the catalogue's order), plus each side's roster names when a seat brought a roster. A seat
    without one fields its starting line-up (no sample deck: ``sample`` is not used)."""
    pool = [{key: card[key] for key in CARD_KEYS} for card in cards]
    rosters = {seat: list(deck["roster"]) for seat, deck in kept.items() if deck and deck.get("roster")}
    return {"cards": pool, **({"rosters": rosters} if rosters else {})}


def sample_decks(catalogue: Mapping[str, Any], texts: list[str]) -> list[Data]:
    """The ``decks`` of offline games (benches, golden games) from a catalogue document: one seating, the whole
    pool with both starting line-ups (``texts``, the sample rosters, are not used)."""
    return [{"cards": [{"name": c["name"], "card_type": c["card_type"], "attributes": c["attributes"]}
                       for c in catalogue["cards"]]}]

"""What each game's engine receives as ``decks`` at ``new_game``, built from the catalogue.

This is the one game-aware corner of the matches layer: it copies card data out of the catalogue into plain dicts
(so editing the catalogue never changes a running match). A game without an entry here cannot be played online.
"""

from __future__ import annotations

from collections.abc import Callable

from cards.models import Card


def card_dict(card: Card) -> dict:
    """A catalogue card as the engines read it (the seed JSON shape)."""
    return {"set": card.card_set.code, "number": card.collector_number, "name": card.name,
            "card_type": card.card_type, "attributes": card.attributes}


def iron_leaguer_decks(seat_decks: dict[str, dict]) -> dict:
    """IL 2.2–2.4: the whole Iron Leaguer pool (line-ups, IL deck, technique cards), plus each side's roster
    names when a seat brought a custom roster (``{"roster": [names]}``)."""
    cards = [card_dict(c) for c in Card.objects.filter(game__code="iron_leaguer").select_related("card_set")
             .order_by("card_set__code", "collector_number")]
    rosters = {seat: deck["roster"] for seat, deck in seat_decks.items() if deck and deck.get("roster")}
    return {"cards": cards, **({"rosters": rosters} if rosters else {})}


ADAPTERS: dict[str, Callable[[dict[str, dict]], dict]] = {"iron_leaguer": iron_leaguer_decks}


def engine_decks(game: str, seat_decks: dict[str, dict]) -> dict:
    """``decks`` for ``new_game`` of ``game``; KeyError names the games playable online."""
    if game not in ADAPTERS:
        raise KeyError(f"{game!r} cannot be played online yet; playable: {', '.join(sorted(ADAPTERS))}")
    return ADAPTERS[game](seat_decks)

"""Exporting one game's catalogue as a card file (JSON or CSV, formats in docs/formats.md).

Import of an export changes nothing: every value is written as stored, in the spelling the reader takes back.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from cards.games import SCHEMAS
from cards.models import Card, CardSet, Game

from .csv_columns import attributes_to_cells, csv_header, list_cell
from .records import FILE_FORMAT, FILE_VERSION

EXPORT_FORMATS = ("json", "csv")


def cards_export(*, game: str, fmt: str) -> str:
    """Return the whole catalogue of ``game`` (a code in ``cards.games``) as ``fmt`` ("json" or "csv") text.

    Sets are ordered by release date then code, cards by set then collector number. A game with no Game row
    yet exports as an empty file. Raises ValueError for an unknown game or format, or for a list value holding
    ``|`` (which CSV could not give back).
    """
    if game not in SCHEMAS:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(SCHEMAS)})")
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(EXPORT_FORMATS)})")
    sets = list(CardSet.objects.filter(game__code=game).order_by("release_date", "code"))
    order = {card_set.id: index for index, card_set in enumerate(sets)}
    cards = sorted(
        Card.objects.filter(game__code=game).defer("image", "thumbnail"),
        key=lambda card: (order[card.card_set_id], card.collector_number),
    )
    if fmt == "json":
        return _as_json(game, sets, cards)
    return _as_csv(game, sets, cards)


def cards_document(*, game: str, sets: Iterable[CardSet], cards: Iterable[Card]) -> dict[str, Any]:
    """A ``shinpan.cards`` document (the importer's JSON format, docs/formats.md) of ``cards`` of ``game``.

    ``sets`` must hold every set the cards belong to; cards are written in the order given. The one place the
    document is built: the export command, the bulk files and the admin's export action all call it.
    """
    row = Game.objects.filter(code=game).first()
    schema = SCHEMAS[game]
    sets = list(sets)
    codes = {card_set.id: card_set.code for card_set in sets}
    return {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "game": {
            "code": game,
            "name": row.name if row else schema.name,
            "name_ja": row.name_ja if row else schema.name_ja,
        },
        "sets": [_set_json(card_set) for card_set in sets],
        "cards": [_card_json(card, codes[card.card_set_id]) for card in cards],
    }


def _as_json(game: str, sets: list[CardSet], cards: list[Card]) -> str:
    return json.dumps(cards_document(game=game, sets=sets, cards=cards), ensure_ascii=False, indent=2) + "\n"


def _set_json(card_set: CardSet) -> dict[str, Any]:
    return {
        "code": card_set.code,
        "name": card_set.name,
        "name_ja": card_set.name_ja,
        "release_date": card_set.release_date.isoformat() if card_set.release_date else None,
        "sample_data": card_set.sample_data,
        "notes": card_set.notes,
    }


def _card_json(card: Card, set_code: str) -> dict[str, Any]:
    return {
        "set": set_code,
        "number": card.collector_number,
        "name": card.name,
        "reading": card.reading,
        "card_type": card.card_type,
        "rarity": card.rarity,
        "rules_text": card.rules_text,
        "flavour_text": card.flavour_text,
        "attributes": card.attributes,
        "sample_fields": card.sample_fields,
    }


def _as_csv(game: str, sets: list[CardSet], cards: list[Card]) -> str:
    by_id = {card_set.id: card_set for card_set in sets}
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=csv_header(game), lineterminator="\n")
    writer.writeheader()
    for card in cards:
        card_set = by_id[card.card_set_id]
        writer.writerow(
            {
                "game": game,
                "set": card_set.code,
                "set_name": card_set.name,
                "set_name_ja": card_set.name_ja,
                "set_release_date": card_set.release_date.isoformat() if card_set.release_date else "",
                "number": card.collector_number,
                "name": card.name,
                "reading": card.reading,
                "card_type": card.card_type,
                "rarity": card.rarity,
                "rules_text": card.rules_text,
                "flavour_text": card.flavour_text,
                "sample_fields": list_cell(card.sample_fields),
                **attributes_to_cells(game, card.attributes),
            }
        )
    return out.getvalue()

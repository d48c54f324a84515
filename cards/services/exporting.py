"""Exporting one game's catalogue as a card file (JSON or CSV), or as a zip archive with its images.

Import of an export changes nothing: every value is written as stored, in the spelling the reader takes back.
Each card's ``image`` and ``thumbnail`` are written as references (the SHA-256 of the stored file, see
``image_files``); ``cards_export_archive`` writes the files themselves beside the JSON document, so importing
the archive into an empty catalogue restores them byte for byte. Formats: docs/formats.md.
"""

from __future__ import annotations

import csv
import io
import json
import os
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cards.games import SCHEMAS
from cards.models import Card, CardSet, Game
from referee import registry

from .csv_columns import attributes_to_cells, csv_header, list_cell
from .image_files import ARCHIVE_DOCUMENT, ARCHIVE_FOLDER, reference_of
from .records import FILE_FORMAT, FILE_VERSION, IMAGE_FIELDS

EXPORT_FORMATS = ("json", "csv")  # text formats; the archive (zip) is written by cards_export_archive
ARCHIVE_FORMAT = "zip"


def _catalogue(game: str) -> tuple[list[CardSet], list[Card]]:
    if game not in SCHEMAS:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(SCHEMAS)})")
    sets = list(CardSet.objects.filter(game__code=game).order_by("release_date", "code"))
    order = {card_set.id: index for index, card_set in enumerate(sets)}
    cards = sorted(
        Card.objects.filter(game__code=game).select_related("card_set"),
        key=lambda card: (order[card.card_set_id], card.collector_number),
    )
    return sets, cards


def cards_export(*, game: str, fmt: str) -> str:
    """Return the whole catalogue of ``game`` (a code in ``cards.games``) as ``fmt`` ("json" or "csv") text.

    Sets are ordered by release date then code, cards by set then collector number. A game with no Game row
    yet exports as an empty file. Raises ValueError for an unknown game or format, for a list value holding
    ``|`` (which CSV could not give back), and ``MissingImageFile`` (a ValueError) for a card whose stored
    image file is gone.
    """
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown format {fmt!r} (known: {', '.join(EXPORT_FORMATS)})")
    sets, cards = _catalogue(game)
    if fmt == "json":
        return _as_json(game, sets, cards)
    return _as_csv(game, sets, cards)


def cards_export_archive(*, game: str, path: str | Path) -> int:
    """Write ``game``'s catalogue to ``path`` as a card archive; return the number of image files in it.

    The archive holds ``cards.json`` (the JSON export) and ``images/<reference>`` for every file a card
    names, each once. Written to a temporary file renamed into place, so ``path`` is never half an archive.
    Raises as ``cards_export``.
    """
    sets, cards = _catalogue(game)
    write_archive(cards_document(game=game, sets=sets, cards=cards), cards, Path(path))
    return len({ref for card in cards for ref in _references(card).values() if ref})


def write_archive(document: dict[str, Any], cards: Iterable[Card], path: Path) -> None:
    """Write ``document`` and the image files of ``cards`` (the cards it lists) as a card archive at ``path``.

    Images are stored uncompressed (WebP is compressed already); the document is deflated.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with zipfile.ZipFile(temporary, "w") as archive:
            archive.writestr(
                ARCHIVE_DOCUMENT,
                json.dumps(document, ensure_ascii=False, indent=2) + "\n",
                compress_type=zipfile.ZIP_DEFLATED,
            )
            written: set[str] = set()
            for card in cards:
                for name, ref in _references(card).items():
                    if ref and ref not in written:
                        field_file = getattr(card, name)
                        with field_file.storage.open(field_file.name, "rb") as stored:
                            archive.writestr(ARCHIVE_FOLDER + ref, stored.read(), compress_type=zipfile.ZIP_STORED)
                        written.add(ref)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _references(card: Card) -> dict[str, str]:
    """{"image": reference, "thumbnail": reference} of ``card``, computed once per card object."""
    cached = getattr(card, "_export_references", None)
    if cached is None:
        cached = {name: reference_of(getattr(card, name)) for name in IMAGE_FIELDS}
        card._export_references = cached  # type: ignore[attr-defined]
    return cached


def cards_document(*, game: str, sets: Iterable[CardSet], cards: Iterable[Card]) -> dict[str, Any]:
    """A ``shinpan.cards`` document (the importer's JSON format, docs/formats.md) of ``cards`` of ``game``.

    ``sets`` must hold every set the cards belong to; cards are written in the order given. The one place the
    document is built: the export command, the bulk files and the admin's export action all call it.
    """
    row = Game.objects.filter(code=game).first()
    title = registry.spec(game).title
    sets = list(sets)
    codes = {card_set.id: card_set.code for card_set in sets}
    return {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "game": {
            "code": game,
            "name": row.name if row else title[0],
            "name_ja": row.name_ja if row else title[1],
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
        "kinds": card_set.kinds,
        "sold_as": card_set.sold_as,
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
        "abilities": card.abilities,
        **_references(card),
    }


def abilities_cell(abilities: dict) -> str:
    """The CSV cell of a card's abilities: compact JSON text (keys in stored order), empty for none."""
    return json.dumps(abilities, ensure_ascii=False, separators=(",", ":")) if abilities else ""


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
                "abilities": abilities_cell(card.abilities),
                **_references(card),
                **attributes_to_cells(game, card.attributes),
            }
        )
    return out.getvalue()

"""Bulk files: each game's whole catalogue as one JSON file, like Scryfall's bulk data.

The file is written to ``MEDIA_ROOT/bulk/<game>-<version>.json`` the first time it is asked for after the
catalogue changed. ``version`` is derived from the catalogue itself (card count, latest ``Card.updated_at``,
and a digest of the game's sets), so no signal or hook has to remember to regenerate it: any import, admin
save
or deletion gives a new version, and the next request writes the new file and removes the old ones.
Format: ``shinpan.cards`` version 1, the same format ``importcards`` reads.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db.models import Count, Max

from .models import Card, CardSet, Game


@dataclass(frozen=True)
class CatalogueVersion:
    """``key`` names one state of a game's catalogue; ``card_count`` is its number of cards."""

    key: str
    card_count: int


def catalogue_version(game: Game) -> CatalogueVersion:
    """The current version of ``game``'s catalogue (two small aggregate queries)."""
    stats = Card.objects.filter(game=game).aggregate(count=Count("id"), latest=Max("updated_at"))
    sets = list(
        CardSet.objects.filter(game=game)
        .order_by("id")
        .values_list("id", "code", "name", "name_ja", "release_date", "sample_data", "notes")
    )
    digest = hashlib.sha256(repr((game.name, game.name_ja, sets)).encode()).hexdigest()[:12]
    latest = stats["latest"].strftime("%Y%m%dT%H%M%S%f") if stats["latest"] else "empty"
    return CatalogueVersion(key=f"{stats['count']}-{latest}-{digest}", card_count=stats["count"])


def catalogue_document(game: Game) -> dict:
    """``game``'s whole catalogue as a ``shinpan.cards`` document (dict ready for ``json.dumps``)."""
    from .services.exporting import cards_document

    sets = CardSet.objects.filter(game=game).order_by("release_date", "code")
    cards = (
        Card.objects.filter(game=game)
        .defer("image", "thumbnail")
        .order_by("card_set__release_date", "card_set__code", "collector_number")
    )
    return cards_document(game=game.code, sets=sets, cards=cards.iterator(chunk_size=2000))


def bulk_folder() -> Path:
    return Path(settings.MEDIA_ROOT) / "bulk"


def bulk_file(game: Game) -> tuple[Path, CatalogueVersion]:
    """The path of ``game``'s current bulk file, written now if the catalogue changed since the last one.

    Writing is atomic (a temporary file renamed into place), so a concurrent reader never sees half a file.
    """
    version = catalogue_version(game)
    folder = bulk_folder()
    path = folder / f"{game.code}-{version.key}.json"
    if path.exists():
        return path, version
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{path.name}.{os.getpid()}.tmp"
    with temporary.open("w", encoding="utf-8") as out:
        json.dump(catalogue_document(game), out, ensure_ascii=False)
    os.replace(temporary, path)
    for old in folder.glob(f"{game.code}-*.json"):
        if old != path:
            old.unlink(missing_ok=True)
    return path, version

"""Bulk files: each game's whole catalogue as one JSON file, like Scryfall's bulk data.

The file is written to ``MEDIA_ROOT/bulk/<game>-<version>.json`` the first time it is asked for after the
catalogue changed. ``version`` is derived from the catalogue itself (card count, latest ``Card.updated_at``,
and a digest of the game's sets), so no signal or hook has to remember to regenerate it: any import, admin
save
or deletion gives a new version, and the next request writes the new file and removes the old ones.
Format: ``shinpan.cards`` version 1, the same format ``importcards`` reads; each card names its image and
thumbnail by the SHA-256 of the stored file. ``bulk_archive`` writes ``<game>-<version>.zip`` the same way: the
card archive of ``exportcards --format zip`` (the document and the image files), so ``importcards`` of a
downloaded archive restores the catalogue with its images.
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
        .values_list("id", "code", "name", "name_ja", "release_date", "sample_data", "notes", "kinds", "sold_as")
    )
    digest = hashlib.sha256(repr((game.name, game.name_ja, sets)).encode()).hexdigest()[:12]
    latest = stats["latest"].strftime("%Y%m%dT%H%M%S%f") if stats["latest"] else "empty"
    return CatalogueVersion(key=f"{stats['count']}-{latest}-{digest}", card_count=stats["count"])


def catalogue_document(game: Game) -> dict:
    """``game``'s whole catalogue as a ``shinpan.cards`` document (dict ready for ``json.dumps``)."""
    from .services.exporting import cards_document

    sets = CardSet.objects.filter(game=game).order_by("release_date", "code")
    return cards_document(game=game.code, sets=sets, cards=_cards(game).iterator(chunk_size=2000))


def _cards(game: Game):
    return Card.objects.filter(game=game).order_by("card_set__release_date", "card_set__code", "collector_number")


def bulk_folder() -> Path:
    return Path(settings.MEDIA_ROOT) / "bulk"


def bulk_file(game: Game) -> tuple[Path, CatalogueVersion]:
    """The path of ``game``'s current bulk file, written now if the catalogue changed since the last one.

    Writing is atomic (a temporary file renamed into place), so a concurrent reader never sees half a file.
    Raises ``MissingImageFile`` when a card's stored image is gone (the file would lose it silently).
    """
    version = catalogue_version(game)
    path = bulk_folder() / f"{game.code}-{version.key}.json"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with temporary.open("w", encoding="utf-8") as out:
            json.dump(catalogue_document(game), out, ensure_ascii=False)
        os.replace(temporary, path)
        _remove_older(game, path)
    return path, version


def bulk_archive(game: Game) -> tuple[Path, CatalogueVersion]:
    """The path of ``game``'s current bulk archive (the card archive: document and image files), written now
    if the catalogue changed since the last one; atomic like ``bulk_file``, and raises as it does."""
    from .services.exporting import cards_document, write_archive

    version = catalogue_version(game)
    path = bulk_folder() / f"{game.code}-{version.key}.zip"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        cards = list(_cards(game).select_related("card_set"))
        sets = CardSet.objects.filter(game=game).order_by("release_date", "code")
        write_archive(cards_document(game=game.code, sets=sets, cards=cards), cards, path)
        _remove_older(game, path)
    return path, version


BULK_FORMATS = {"json": "application/json", "zip": "application/zip"}


def bulk_download(game: Game, fmt: str) -> tuple[Path, CatalogueVersion, str]:
    """(path, version, content type) of ``game``'s current bulk file in ``fmt``: "json" (the document) or
    "zip" (the card archive, with the images). ValueError for another format; raises as ``bulk_file``."""
    if fmt not in BULK_FORMATS:
        raise ValueError(f"unknown bulk format {fmt!r} (known: {', '.join(BULK_FORMATS)})")
    path, version = bulk_file(game) if fmt == "json" else bulk_archive(game)
    return path, version, BULK_FORMATS[fmt]


def _remove_older(game: Game, current: Path) -> None:
    for old in current.parent.glob(f"{game.code}-*{current.suffix}"):
        if old != current:
            old.unlink(missing_ok=True)

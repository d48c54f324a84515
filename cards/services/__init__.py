"""Card catalogue use cases that write or move many cards: import and export of card files.

``read_card_file(path, partial=…, images=…)`` → ``CardFile`` (raises ``CardFileError`` when unreadable);
``cards_import(card_file=…, dry_run=…)`` → ``ImportReport``; ``cards_export(game=…, fmt=…)`` → text;
``cards_export_archive(game=…, path=…)`` writes a zip with the images. File formats: docs/formats.md.
"""

from .exporting import ARCHIVE_FORMAT, EXPORT_FORMATS, cards_export, cards_export_archive
from .image_files import MissingImageFile
from .importing import ImportReport, cards_import, ensure_games
from .reading import parse_card_bytes, read_card_file
from .records import CardFile, CardFileError, Problem

__all__ = [
    "ARCHIVE_FORMAT",
    "EXPORT_FORMATS",
    "MissingImageFile",
    "CardFile",
    "CardFileError",
    "ImportReport",
    "Problem",
    "cards_export",
    "cards_export_archive",
    "cards_import",
    "ensure_games",
    "parse_card_bytes",
    "read_card_file",
]

"""Card catalogue use cases that write or move many cards: import and export of card files.

``read_card_file(path)`` → ``CardFile`` (raises ``CardFileError`` when unreadable);
``cards_import(card_file=…, dry_run=…)`` → ``ImportReport``; ``cards_export(game=…, fmt=…)`` → text.
File formats: docs/formats.md.
"""

from .exporting import EXPORT_FORMATS, cards_export
from .importing import ImportReport, cards_import, ensure_games
from .reading import parse_card_bytes, read_card_file
from .records import CardFile, CardFileError, Problem

__all__ = [
    "EXPORT_FORMATS",
    "CardFile",
    "CardFileError",
    "ImportReport",
    "Problem",
    "cards_export",
    "cards_import",
    "ensure_games",
    "parse_card_bytes",
    "read_card_file",
]

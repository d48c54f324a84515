"""``manage.py loadseeds [--dir DIR]``: load the seed catalogues, idempotently.

Creates the Game row of every game in ``cards.games`` (even one with no seed file yet), then imports every
``seeds/catalogue/*.json`` through the card import service (upsert by set and number), and creates the missing
formats of ``seeds/formats`` (an existing format keeps its admin edits unless ``--reset-formats``), all in one
transaction:
a bad seed file stops the command with every problem listed and nothing written. Running it twice changes
nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.services import CardFileError, cards_import, ensure_games, read_card_file
from decks.services import formats_load_seed


def catalogue_dir() -> Path:
    return Path(settings.BASE_DIR) / "seeds" / "catalogue"


class Command(BaseCommand):
    help = "Create the games and load the seed catalogues (seeds/catalogue/*.json); safe to run again."

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir", type=Path, help="folder of catalogue JSON files (default: seeds/catalogue)"
        )
        parser.add_argument(
            "--reset-formats",
            action="store_true",
            help="overwrite existing formats (and their admin edits) from seeds/formats; default: create only",
        )

    def handle(self, *args, **options):
        folder = options["dir"] or catalogue_dir()
        with transaction.atomic():
            ensure_games()
            for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
                self._load(path)
            formats = formats_load_seed(reset=options.get("reset_formats", False))  # decks: seeds/formats
            self.stdout.write(f"formats: {len(formats)} loaded")

    def _load(self, path: Path) -> None:
        try:
            report = cards_import(card_file=read_card_file(path))
        except CardFileError as exc:
            raise CommandError(f"seed catalogue {exc}", returncode=2) from exc
        if not report.ok:
            for problem in report.problems:
                self.stderr.write(f"{path.name}: {problem}")
            raise CommandError(f"seed catalogue {path.name} has bad rows; nothing loaded", returncode=1)
        self.stdout.write(f"{path.name}: {report.summary()}")

"""``manage.py exportcards --game G --format csv|json|zip [--output FILE]``: one game's catalogue as a card file.

``csv`` and ``json`` write to standard output unless ``--output`` is given; each card's image and thumbnail
are named by the SHA-256 of their files. ``zip`` (``--output`` required) writes the archive: ``cards.json``
and those files, which ``importcards FILE.zip`` restores byte for byte. Importing the result changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.games import SCHEMAS
from cards.services import ARCHIVE_FORMAT, EXPORT_FORMATS, cards_export, cards_export_archive

ZIP_NEEDS_OUTPUT = "--format zip writes a binary archive: give --output FILE.zip"


class Command(BaseCommand):
    help = (
        "Export one game's sets and cards as a JSON or CSV card file, or as a zip archive with the card "
        "images (docs/formats.md)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=list(SCHEMAS), help="game code")
        parser.add_argument("--format", required=True, choices=[*EXPORT_FORMATS, ARCHIVE_FORMAT], help="file format")
        parser.add_argument("--output", "-o", help="file to write (default: standard output; zip: required)")

    def handle(self, *args, **options):
        game, fmt, output = options["game"], options["format"], options["output"]
        try:
            if fmt == ARCHIVE_FORMAT:
                if not output:
                    raise CommandError(ZIP_NEEDS_OUTPUT)
                count = cards_export_archive(game=game, path=output)
                self.stderr.write(f"wrote {output} with {count} image file(s)")
                return
            text = cards_export(game=game, fmt=fmt)
        except ValueError as exc:  # MissingImageFile included: an export never leaves an image out silently
            raise CommandError(str(exc)) from exc
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")

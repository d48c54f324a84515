"""``manage.py exportcards --game G --format csv|json [--output FILE]``: one game's catalogue as a card file.

Writes to standard output unless ``--output`` is given. Importing the result changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.games import SCHEMAS
from cards.services import EXPORT_FORMATS, cards_export


class Command(BaseCommand):
    help = "Export one game's sets and cards as a JSON or CSV card file (docs/formats.md)."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=list(SCHEMAS), help="game code")
        parser.add_argument("--format", required=True, choices=list(EXPORT_FORMATS), help="file format")
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        try:
            text = cards_export(game=options["game"], fmt=options["format"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")

"""``manage.py importcards FILE [--dry-run] [--partial] [--images DIR] [--format json|csv|zip]``.

Imports a card file, all or nothing. FILE is a ``.json`` or ``.csv`` card file or a ``.zip`` card archive
(``exportcards --format zip``: the card file and its images). A file names every field of every card; with
``--partial`` it may leave columns or keys out, and those keep their stored values (only cards already in the
catalogue can be updated that way). ``--images DIR``: the folder holding the image files a ``.json`` or
``.csv`` names. Exit status: 0 imported (or dry run) with "created N, updated N, unchanged N"; 1 bad rows,
each listed as ``row N: field: reason`` and nothing written; 2 the file cannot be read (not UTF-8, bad JSON,
unknown extension, a missing header column, not a card archive).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from cards.services import CardFileError, cards_import, read_card_file

EXIT_BAD_ROWS = 1
EXIT_UNREADABLE = 2


class Command(BaseCommand):
    help = (
        "Import a JSON or CSV card file or a zip card archive (docs/formats.md): all or nothing, upserting "
        "by set and number."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of a .json or .csv card file, or a .zip card archive")
        parser.add_argument("--dry-run", action="store_true", help="check and count, write nothing")
        parser.add_argument(
            "--partial",
            action="store_true",
            help="the file may leave out columns/keys: they keep their stored values (existing cards only)",
        )
        parser.add_argument("--images", metavar="DIR", help="folder of the image files the file names")
        parser.add_argument(
            "--format", choices=["json", "csv", "zip"], help="file format (default: from the extension)"
        )

    def handle(self, *args, **options):
        try:
            card_file = read_card_file(
                options["file"], options["format"], partial=options["partial"], images=options["images"]
            )
        except CardFileError as exc:
            raise CommandError(str(exc), returncode=EXIT_UNREADABLE) from exc
        report = cards_import(card_file=card_file, dry_run=options["dry_run"])
        if not report.ok:
            for problem in report.problems:
                self.stderr.write(str(problem))
            count = len({problem.where for problem in report.problems})
            raise CommandError(f"{count} bad row(s) in {options['file']}; nothing written", returncode=EXIT_BAD_ROWS)
        self.stdout.write(report.summary())

"""``manage.py importcards FILE [--dry-run] [--format json|csv]``: import a card file, all or nothing.

Exit status: 0 imported (or dry run) with "created N, updated N, unchanged N"; 1 bad rows, each listed as
``row N: field: reason`` and nothing written; 2 the file cannot be read (not UTF-8, bad JSON, unknown
extension, missing header columns).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from cards.services import CardFileError, cards_import, read_card_file

EXIT_BAD_ROWS = 1
EXIT_UNREADABLE = 2


class Command(BaseCommand):
    help = "Import a JSON or CSV card file (docs/formats.md): all or nothing, upserting by set and number."

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of a .json or .csv card file")
        parser.add_argument("--dry-run", action="store_true", help="check and count, write nothing")
        parser.add_argument(
            "--format", choices=["json", "csv"], help="file format (default: from the extension)"
        )

    def handle(self, *args, **options):
        try:
            card_file = read_card_file(options["file"], options["format"])
        except CardFileError as exc:
            raise CommandError(str(exc), returncode=EXIT_UNREADABLE) from exc
        report = cards_import(card_file=card_file, dry_run=options["dry_run"])
        if not report.ok:
            for problem in report.problems:
                self.stderr.write(str(problem))
            count = len({problem.where for problem in report.problems})
            raise CommandError(
                f"{count} bad row(s) in {options['file']}; nothing written", returncode=EXIT_BAD_ROWS
            )
        self.stdout.write(report.summary())

"""``manage.py validatedeck FILE [--format CODE] [--json] [--as-of YYYY-MM-DD]``.

Exit status: 0 the deck is legal, 1 it is illegal (or a line could not be read), 2 the file cannot be read at
all (missing, not text in UTF-8, UTF-16 or Shift_JIS, no game can be told, unknown format). The file's encoding
is found as ``decks.decoding`` says (a byte order mark, UTF-8, UTF-16, Shift_JIS).
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand

from decks.decoding import UndecodableText, decode
from decks.services import deck_check_text
from decks.textcheck import Unreadable


class Command(BaseCommand):
    help = (
        "Validate a decklist text file against a format; prints every problem "
        "(exit 0 legal, 1 illegal, 2 unreadable)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="decklist text file ('-' for standard input)")
        parser.add_argument(
            "--format", dest="format_code", help="format code (overrides the file's Format: line)"
        )
        parser.add_argument(
            "--json", action="store_true", help='print {"legal", "errors", "warnings"} as JSON'
        )
        parser.add_argument("--as-of", type=date.fromisoformat, help="date for banned/restricted lists")

    def handle(self, *args, file, format_code, json: bool, as_of, **options):  # noqa: A002
        try:
            data = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
            result = deck_check_text(text=decode(data), format_code=format_code, as_of=as_of)
        except OSError as exc:  # "[Errno 2] No such file…": say it without the errno
            self._fail(f"{file}: cannot be read ({exc.strerror or exc}).", as_json=json)
        except (UndecodableText, Unreadable) as exc:
            self._fail(f"{file}: {exc}", as_json=json)
        if json:
            self.stdout.write(_dumps(result.report.as_dict()))
        else:
            self.stdout.write(result.report.as_text())
        sys.exit(0 if result.report.legal else 1)

    def _fail(self, message: str, *, as_json: bool):
        if as_json:
            self.stdout.write(_dumps({"legal": False, "unreadable": message, "errors": [], "warnings": []}))
        self.stderr.write(message)
        sys.exit(2)


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)

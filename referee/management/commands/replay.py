"""``manage.py replay FILE``: verify a saved game log (commitment, every action, every die); exit status 1 and
the first difference when it does not replay."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from referee.engine.replay import digest, replay


class Command(BaseCommand):
    help = "Verify a game log written by playmatch --log (or by a finished online match)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON log")

    def handle(self, *args, **options):
        try:
            log = json.loads(Path(options["file"]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from exc
        if log.get("format") != "shinpan.log":
            raise CommandError(f"{options['file']} is not a shinpan.log file")
        report = replay(log)
        if not report.ok:
            raise CommandError(f"log does not replay at {report.where}: {report.difference}")
        if log.get("digest") and digest(log["entries"], log["setup_events"]) != log["digest"]:
            raise CommandError("the entries replay but the recorded digest is not theirs")
        self.stdout.write(f"ok: {len(log['entries'])} actions replay exactly; "
                          f"digest {digest(log['entries'], log['setup_events'])}")

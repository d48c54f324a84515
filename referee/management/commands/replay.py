"""``manage.py replay FILE``: verify a saved game log (its shape and version, the commitment, every action, every
die, then the digest, which covers every field of the log); exit status 1 and a one-line reason when it does not
verify.

A log without a digest still replays event by event, and the output says so instead of a plain "ok"; a digest
that is present but empty, null or not 64 hex digits is an error.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from referee.engine.replay import LOG_FORMAT, json_type, replay


class Command(BaseCommand):
    help = "Verify a game log written by playmatch --log (or by a finished online match)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the JSON log")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            log = json.loads(Path(name).read_text(encoding="utf-8"))
        except RecursionError as exc:
            raise CommandError(f"cannot read {name}: its JSON is nested too deeply to be a game log") from exc
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {name}: {' '.join(str(exc).split())}") from exc
        if not isinstance(log, dict):
            raise CommandError(f"{name} holds {json_type(log)}, not an object: it is not a {LOG_FORMAT} file")
        if log.get("format") != LOG_FORMAT:
            raise CommandError(f"{name} is not a {LOG_FORMAT} file")
        report = replay(log)
        if not report.ok:
            difference = " ".join(report.difference.split())
            if report.where == "log":
                raise CommandError(f"{name}: {difference}")
            raise CommandError(f"log does not replay at {report.where}: {difference}")
        verdict = "ok" if report.digest_checked else "ok (no digest in the log: every event was checked one by one)"
        self.stdout.write(f"{verdict}: {len(log['entries'])} actions replay exactly; digest {report.digest}")

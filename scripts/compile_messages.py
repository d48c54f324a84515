"""Compile every ``locale/*/LC_MESSAGES/django.po`` (the project's and each app's, ``<app>/locale/``) to
``django.mo`` with polib (no GNU gettext needed).

Usage: ``python scripts/compile_messages.py`` (from anywhere). ``.mo`` files are generated: never commit them.
Exit status 1, with the file named, if a ``.po`` file cannot be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def compile_all(root: Path = ROOT) -> list[Path]:
    """Write a ``.mo`` beside each ``.po`` under ``root/locale`` and ``root/<app>/locale``; return the paths written."""
    written = []
    po_paths = [*(root / "locale").glob("*/LC_MESSAGES/*.po"), *root.glob("*/locale/*/LC_MESSAGES/*.po")]
    for po_path in sorted(po_paths):
        mo_path = po_path.with_suffix(".mo")
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        written.append(mo_path)
    return written


def main() -> int:
    try:
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
    except (OSError, ValueError) as exc:
        print(f"compile_messages: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

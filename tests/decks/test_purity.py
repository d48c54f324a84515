"""The legality check and the decklist codec are pure Python: importing them loads no Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_legality_codec_and_textcheck_import_without_django():
    code = (
        "import sys, decks.legality, decks.codec, decks.textcheck, decks.builder; "
        "print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

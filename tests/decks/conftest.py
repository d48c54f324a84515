"""Decks fixtures: the seed formats and catalogues as plain data (no database), and a seeded database."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from decks import codec
from decks.textcheck import check_text

ROOT = Path(__file__).resolve().parents[2]
SEED_DECKS = sorted((ROOT / "seeds" / "decks").glob("*.txt"))


def _formats() -> dict[str, dict]:
    return {
        data["code"]: data
        for data in (
            json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "seeds" / "formats").glob("*.json")
        )
    }


def _index(game: str) -> codec.CardIndex:
    path = ROOT / "seeds" / "catalogue" / f"{game}.json"
    return codec.index_from_document(json.loads(path.read_text(encoding="utf-8")))


FORMATS = _formats()
INDEXES = {game: _index(game) for game in ("legions", "riders_legend", "iron_leaguer")}


@pytest.fixture(autouse=True)
def _fresh_throttles():
    """API throttles count in the cache: each test starts with none used."""
    from tests.cache import clear_cache

    clear_cache()


@pytest.fixture
def formats() -> dict[str, dict]:
    return json.loads(json.dumps(FORMATS))  # a fresh copy a test may change


def read(text: str, format_code: str | None = None, **kwargs):
    """Judge a decklist text against the seed catalogue and formats, without a database."""
    return check_text(
        text,
        formats=kwargs.pop("formats", FORMATS),
        index_for=INDEXES.__getitem__,
        format_code=format_code,
        **kwargs,
    )


@pytest.fixture
def seeded(db):
    """A database holding the seed catalogues and formats (``manage.py loadseeds``)."""
    from django.core.management import call_command

    call_command("loadseeds", stdout=io.StringIO())
    from decks.models import Format

    assert Format.objects.count() == len(FORMATS)


def sample(name: str):
    """The judged sample deck ``seeds/decks/<name>.txt``."""
    return read((ROOT / "seeds" / "decks" / f"{name}.txt").read_text(encoding="utf-8"))


def rejudge(result, *, entries=None, side="keep", fmt=None, as_of=None):
    """Judge a changed copy of a read deck: other ``entries``, ``side`` or format data."""
    from decks.legality import check

    deck = {
        "game": result.game,
        "side": result.meta["side"] if side == "keep" else side,
        "entries": result.entries if entries is None else entries,
    }
    return check(deck, result.index.cards, fmt or result.format, as_of=as_of)


def key_of(game: str, name: str):
    return INDEXES[game].default_key(name)


def change(entries, name_key, delta, section=None):
    """A copy of ``entries`` with ``delta`` copies of the card added (new line in ``section`` if absent)."""
    out = [dict(e) for e in entries]
    for entry in out:
        if entry["card"] == name_key and (section is None or entry["section"] == section):
            entry["count"] += delta
            return [e for e in out if e["count"] > 0]
    out.append({"card": name_key, "count": delta, "section": section, "line": None})
    return out

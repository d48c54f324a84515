"""What a card file holds once read, before it is checked: plain records that know where they came from.

A ``CardFile`` is the same whatever its format (JSON or CSV): sets, cards and the problems found while
reading. Every record carries ``where`` (``row 4`` for CSV, counted as a spreadsheet shows it with the header
as row 1; ``card 3`` or ``set 1`` for JSON, counted from 1 in the file's lists) so a problem names the row a
person can find.

A field the file does not have at all (a CSV column not in the header, a JSON key left out) is ``ABSENT``,
never an empty value: a normal import refuses it, a partial import (``CardFile.partial``) keeps the stored
value (docs/formats.md, "One rule: a file says every field").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

FILE_FORMAT = "shinpan.cards"
FILE_VERSION = 1

# The CSV columns every file has, in order; the attribute columns of the game follow (see csv_columns).
COMMON_COLUMNS = (
    "game",
    "set",
    "set_name",
    "set_name_ja",
    "set_release_date",
    "number",
    "name",
    "reading",
    "card_type",
    "rarity",
    "rules_text",
    "flavour_text",
    "sample_fields",
    "abilities",
    "image",
    "thumbnail",
)
# The columns (and JSON keys) that say which card a row is: required even in a partial file.
IDENTITY_COLUMNS = ("game", "set", "number")
# The card's two files, named in a card file by the SHA-256 of their bytes (see image_files).
IMAGE_FIELDS = ("image", "thumbnail")
# The problem of a field the file does not have (a JSON key left out; a CSV column is refused whole).
MISSING = 'is missing (an empty value is written as such: "", [] or {}; --partial keeps stored values)'
# The card fields compared to decide "unchanged", and written by both exports.
CARD_FIELDS = (
    "name",
    "reading",
    "card_type",
    "rarity",
    "rules_text",
    "flavour_text",
    "attributes",
    "sample_fields",
    "abilities",
)


class _Absent:
    """The type of ``ABSENT``: a field the file does not have (not a value, not even an empty one)."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()


class CardFileError(Exception):
    """The file cannot be read at all (not UTF-8, not JSON, unknown extension, missing columns)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one row: ``str()`` gives ``row 4: hp: must be at least 1, not -1``."""

    where: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


class ImageSource(Protocol):
    """Where the files of a card file's image references are: read them by reference (the kinds of source,
    an archive or a folder, are in ``image_files``)."""

    description: str  # "archive x.zip", "folder imgs/": how messages name it

    def opened(self) -> Any:
        """A context manager whose value has ``read(ref) -> bytes | None`` (None: no such file)."""
        ...


@dataclass(frozen=True)
class SetRecord:
    """A set as a file describes it. ``ABSENT`` means "not given": an existing set keeps its value (a CSV's
    empty set cell, a key of a partial JSON file; a strict JSON file must give every key). JSON ``null`` is
    a value (``release_date: null``: no date).

    ``prefix`` is how the file names the set's fields (``set_`` in CSV: ``set_name``; empty in JSON:
    ``name``).
    """

    where: str
    game: str
    code: Any
    name: Any = ABSENT
    name_ja: Any = ABSENT
    release_date: Any = ABSENT
    sample_data: Any = ABSENT
    notes: Any = ABSENT
    kinds: Any = ABSENT
    sold_as: Any = ABSENT
    prefix: str = ""


@dataclass(frozen=True)
class CardRecord:
    """A card as a file gives it; values are unchecked (a JSON file may hold a number where text belongs).

    A field the file lacks is ``ABSENT``. ``attribute_columns``: None when ``attributes`` is the card's whole
    attribute set (JSON, or a CSV with every column of the game); else the attribute columns the (partial)
    CSV has, the only attributes the row says anything about.
    """

    where: str
    game: str
    set: Any = ABSENT
    number: Any = ABSENT
    name: Any = ABSENT
    reading: Any = ABSENT
    card_type: Any = ABSENT
    rarity: Any = ABSENT
    rules_text: Any = ABSENT
    flavour_text: Any = ABSENT
    attributes: Mapping[str, Any] | Any = ABSENT
    sample_fields: Any = ABSENT
    abilities: Any = ABSENT
    image: Any = ABSENT
    thumbnail: Any = ABSENT
    attribute_columns: frozenset[str] | None = None


@dataclass
class CardFile:
    """Everything read from one file; ``game_names``: game code → (name, name_ja) when the file says them.

    ``partial``: read with ``importcards --partial`` (absent fields keep their stored values; no new cards).
    ``images``: where the files its image references name are (a zip archive, an ``--images`` folder), or
    None.
    """

    fmt: str
    sets: list[SetRecord] = field(default_factory=list)
    cards: list[CardRecord] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    game_names: dict[str, tuple[str, str]] = field(default_factory=dict)
    partial: bool = False
    images: ImageSource | None = None

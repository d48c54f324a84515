"""What a card file holds once read, before it is checked: plain records that know where they came from.

A ``CardFile`` is the same whatever its format (JSON or CSV): sets, cards and the problems found while
reading. Every record carries ``where`` (``row 4`` for CSV, counted as a spreadsheet shows it with the header
as row 1; ``card 3`` or ``set 1`` for JSON, counted from 1 in the file's lists) so a problem names the row a
person can find.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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
)
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
)


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


@dataclass(frozen=True)
class SetRecord:
    """A set as a file describes it. ``None`` means "not given": an existing set keeps its value.

    ``prefix`` is how the file names the set's fields (``set_`` in CSV: ``set_name``; empty in JSON:
    ``name``).
    """

    where: str
    game: str
    code: Any
    name: Any = None
    name_ja: Any = None
    release_date: Any = None
    sample_data: Any = None
    notes: Any = None
    prefix: str = ""


@dataclass(frozen=True)
class CardRecord:
    """A card as a file gives it; values are unchecked (a JSON file may hold a number where text belongs)."""

    where: str
    game: str
    set: Any
    number: Any
    name: Any = ""
    reading: Any = ""
    card_type: Any = ""
    rarity: Any = ""
    rules_text: Any = ""
    flavour_text: Any = ""
    attributes: Mapping[str, Any] | Any = field(default_factory=dict)
    sample_fields: Any = field(default_factory=list)


@dataclass
class CardFile:
    """Everything read from one file; ``game_names``: game code → (name, name_ja) when the file says them."""

    fmt: str
    sets: list[SetRecord] = field(default_factory=list)
    cards: list[CardRecord] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    game_names: dict[str, tuple[str, str]] = field(default_factory=dict)

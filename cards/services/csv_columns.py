"""The attribute columns of a game's CSV, derived from its schema in ``cards.games`` (never listed by hand).

One column per attribute, in schema order; a nested attribute (an Iron Leaguer technique's ``upper``/``lower``
half) becomes one column per field, ``upper.name``, ``upper.kind``, … Cell spellings:

- whole numbers as digits; a "none" value (IL growth, technique persons) as ``−`` (U+2212);
- true/false as ``true`` / ``false``;
- lists (colours, keywords, kinds, named ILs, sample_fields) joined with ``|``;
- an empty cell: the attribute is absent (the schema then fills its default, if it has one).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from cards.games import SCHEMAS, GameSchema
from cards.games.schema import BOOL, CHOICES, NAMES, NESTED, NONE_MARK, OPT_INT, Attr

from .records import COMMON_COLUMNS

LIST_SEPARATOR = "|"
LIST_KINDS = (CHOICES, NAMES)


def _columns(schema: GameSchema) -> Iterator[tuple[str, Attr]]:
    for attr in schema.attrs:
        if attr.kind == NESTED:
            for sub in attr.fields:
                yield f"{attr.name}.{sub.name}", sub
        else:
            yield attr.name, attr


@cache
def attribute_columns(game_code: str) -> dict[str, Attr]:
    """Column name → Attr for ``game_code``, in schema order (``upper.persons`` → the half's persons Attr)."""
    return dict(_columns(SCHEMAS[game_code]))


@cache
def all_attribute_columns() -> frozenset[str]:
    """Every attribute column of every game: a CSV header may hold any of them (a file may mix games)."""
    return frozenset(column for code in SCHEMAS for column in attribute_columns(code))


def csv_header(game_code: str) -> list[str]:
    """The full header of ``game_code``'s CSV: the common columns, then its attribute columns."""
    return [*COMMON_COLUMNS, *attribute_columns(game_code)]


def list_cell(values: list[str]) -> str:
    """A list as one cell: ``["red", "blue"]`` → ``red|blue``; refuses an item holding the separator."""
    for value in values:
        if LIST_SEPARATOR in value:
            raise ValueError(f"list item {value!r} contains {LIST_SEPARATOR!r} and cannot be written to CSV")
    return LIST_SEPARATOR.join(values)


def split_list_cell(cell: str) -> list[str]:
    """``red| blue`` → ``["red", "blue"]``; an empty cell → ``[]``."""
    return [part.strip() for part in cell.split(LIST_SEPARATOR) if part.strip()]


def cell_from_value(attr: Attr, value: Any) -> str:
    """The CSV spelling of one stored attribute value (see the module docstring)."""
    if value is None:
        return NONE_MARK if attr.kind == OPT_INT else ""
    if attr.kind == BOOL:
        return "true" if value else "false"
    if attr.kind in LIST_KINDS:
        return list_cell(list(value))
    return str(value)


def attributes_to_cells(game_code: str, attributes: Mapping[str, Any]) -> dict[str, str]:
    """Stored attributes → {column: cell} for every attribute column of the game (absent: empty cell)."""
    cells: dict[str, str] = {}
    for column, attr in attribute_columns(game_code).items():
        root, _, sub = column.partition(".")
        holder = attributes.get(root) if sub else attributes
        key = sub or root
        present = isinstance(holder, Mapping) and key in holder
        cells[column] = cell_from_value(attr, holder[key]) if present else ""
    return cells


def cells_to_attributes(game_code: str, cells: Mapping[str, str]) -> tuple[dict[str, Any], list[str]]:
    """{column: cell} → (attributes for the schema to check, non-empty columns that are not this game's).

    Empty cells are left out (absent). List cells are split on ``|`` only, so a name holding ``/`` stays
    whole; every other cell is passed as stripped text and the schema converts it (``"3"`` → 3, ``"−"`` →
    None).
    """
    columns = attribute_columns(game_code)
    attributes: dict[str, Any] = {}
    foreign: list[str] = []
    for column, cell in cells.items():
        text = cell.strip()
        if not text:
            continue
        attr = columns.get(column)
        if attr is None:
            foreign.append(column)
            continue
        value: Any = split_list_cell(text) if attr.kind in LIST_KINDS else text
        root, _, sub = column.partition(".")
        if sub:
            attributes.setdefault(root, {})[sub] = value
        else:
            attributes[root] = value
    return attributes, foreign

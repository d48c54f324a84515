"""Reading card files (JSON and CSV, formats in docs/formats.md) into a ``CardFile`` of unchecked records.

A file that cannot be read at all raises ``CardFileError`` (the command exits 2); a row that is malformed in a
way only that row shows (a card that is not an object, a cell too many) becomes a ``Problem`` and reading goes
on, so the person fixing the file sees every bad row at once.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from cards.games import SCHEMAS

from .csv_columns import all_attribute_columns, cells_to_attributes, split_list_cell
from .records import (
    CARD_FIELDS,
    COMMON_COLUMNS,
    FILE_FORMAT,
    FILE_VERSION,
    CardFile,
    CardFileError,
    CardRecord,
    Problem,
    SetRecord,
)

FORMATS = {".json": "json", ".csv": "csv"}
JSON_CARD_KEYS = frozenset({"set", "number", *CARD_FIELDS})
JSON_SET_KEYS = frozenset({"code", "name", "name_ja", "release_date", "sample_data", "notes"})


def read_card_file(path: str | Path, fmt: str | None = None) -> CardFile:
    """Read ``path`` as ``fmt`` ("json" or "csv"; default: from the extension).

    Raises CardFileError for an unknown extension, a missing file, bytes that are not UTF-8, JSON that does
    not parse or is not a Shinpan card file, and a CSV header lacking common columns or naming unknown ones.
    """
    path = Path(path)
    fmt = fmt or FORMATS.get(path.suffix.lower())
    if fmt not in ("json", "csv"):
        raise CardFileError(f"{path.name}: unknown file type {path.suffix or '(none)'!r}; use .json or .csv")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardFileError(f"{path}: cannot read: {exc.strerror}") from exc
    return parse_card_bytes(data, fmt, name=path.name)


def parse_card_bytes(data: bytes, fmt: str, *, name: str = "file") -> CardFile:
    """Decode ``data`` (UTF-8, with or without a byte-order mark) and parse it as ``fmt``."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardFileError(f"{name}: not UTF-8 text (bad byte at offset {exc.start})") from exc
    return parse_json(text, name=name) if fmt == "json" else parse_csv(text, name=name)


# -- JSON ----------------------------------------------------------------------------------------------------


def parse_json(text: str, *, name: str = "file") -> CardFile:
    """Parse a ``shinpan.cards`` JSON document (one game, its sets, its cards)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardFileError(
            f"{name}: not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
        raise CardFileError(f'{name}: not a Shinpan card file (expected "format": "{FILE_FORMAT}")')
    if doc.get("version") != FILE_VERSION:
        raise CardFileError(
            f"{name}: unsupported version {doc.get('version')!r} (this Shinpan reads {FILE_VERSION})"
        )
    game = doc.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("code"), str):
        raise CardFileError(f'{name}: "game" must be an object with a "code"')
    for key in ("sets", "cards"):
        if not isinstance(doc.get(key, []), list):
            raise CardFileError(f'{name}: "{key}" must be a list')
    code = game["code"]
    result = CardFile(fmt="json")
    if code not in SCHEMAS:
        known = ", ".join(SCHEMAS)
        result.problems.append(Problem("game", "code", f"unknown game {code!r} (known: {known})"))
        return result
    result.game_names[code] = (str(game.get("name") or ""), str(game.get("name_ja") or ""))
    for index, item in enumerate(doc.get("sets", []), start=1):
        _read_json_set(result, code, f"set {index}", item)
    for index, item in enumerate(doc.get("cards", []), start=1):
        _read_json_card(result, code, f"card {index}", item)
    return result


def _unknown_keys(
    result: CardFile, where: str, item: dict[str, Any], known: frozenset[str], what: str
) -> None:
    for key in item:
        if key not in known:
            result.problems.append(Problem(where, key, f"is not a {what} field"))


def _read_json_set(result: CardFile, game: str, where: str, item: Any) -> None:
    if not isinstance(item, dict):
        result.problems.append(Problem(where, "set", "must be an object"))
        return
    _unknown_keys(result, where, item, JSON_SET_KEYS, "set")
    result.sets.append(SetRecord(where=where, game=game, **{k: item.get(k) for k in JSON_SET_KEYS}))


def _read_json_card(result: CardFile, game: str, where: str, item: Any) -> None:
    if not isinstance(item, dict):
        result.problems.append(Problem(where, "card", "must be an object"))
        return
    _unknown_keys(result, where, item, JSON_CARD_KEYS, "card")
    values = {k: item[k] for k in JSON_CARD_KEYS if k in item and item[k] is not None}
    result.cards.append(CardRecord(where=where, game=game, **{"set": None, "number": None, **values}))


# -- CSV -----------------------------------------------------------------------------------------------------


def parse_csv(text: str, *, name: str = "file") -> CardFile:
    """Parse a card CSV: a header row, then one card per row; rows may mix games (``game`` column)."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise CardFileError(f"{name}: not readable as CSV: {exc}") from exc
    if not rows:
        raise CardFileError(f"{name}: empty file (a CSV needs a header row)")
    header = [column.strip() for column in rows[0]]
    _check_header(header, name)
    result = CardFile(fmt="csv")
    for index, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # spreadsheets leave empty rows at the end
        where = f"row {index}"
        if len(row) > len(header):
            result.problems.append(
                Problem(where, "row", f"has {len(row)} cells, the header has {len(header)}")
            )
            continue
        _read_csv_row(result, where, dict(zip(header, row + [""] * (len(header) - len(row)), strict=True)))
    return result


def _check_header(header: list[str], name: str) -> None:
    missing = [column for column in COMMON_COLUMNS if column not in header]
    if missing:
        raise CardFileError(f"{name}: header row lacks the column(s) {', '.join(missing)}")
    known = set(COMMON_COLUMNS) | all_attribute_columns()
    unknown = [column for column in header if column not in known]
    if unknown:
        raise CardFileError(f"{name}: header row has unknown column(s) {', '.join(map(repr, unknown))}")
    repeated = sorted({column for column in header if header.count(column) > 1})
    if repeated:
        raise CardFileError(f"{name}: header row repeats the column(s) {', '.join(repeated)}")


def _read_csv_row(result: CardFile, where: str, cells: dict[str, str]) -> None:
    game = cells["game"].strip()
    set_code = cells["set"].strip()
    result.sets.append(
        SetRecord(
            where=where,
            game=game,
            code=set_code,
            prefix="set_",
            name=cells["set_name"].strip() or None,
            name_ja=cells["set_name_ja"].strip() or None,
            release_date=cells["set_release_date"].strip() or None,
        )
    )
    attribute_cells = {column: cell for column, cell in cells.items() if column not in COMMON_COLUMNS}
    attributes: dict[str, Any] = {}
    if game in SCHEMAS:
        attributes, foreign = cells_to_attributes(game, attribute_cells)
        for column in foreign:
            result.problems.append(Problem(where, column, f"is not an attribute of {game} cards"))
    result.cards.append(
        CardRecord(
            where=where,
            game=game,
            set=set_code,
            number=cells["number"].strip(),
            name=cells["name"].strip(),
            reading=cells["reading"].strip(),
            card_type=cells["card_type"].strip(),
            rarity=cells["rarity"].strip(),
            rules_text=cells["rules_text"],
            flavour_text=cells["flavour_text"],
            attributes=attributes,
            sample_fields=split_list_cell(cells["sample_fields"]),
        )
    )

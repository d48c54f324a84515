"""Reading card files (JSON and CSV, formats in docs/formats.md) into a ``CardFile`` of unchecked records.

A file that cannot be read at all raises ``CardFileError`` (the command exits 2), and so does a CSV whose
header lacks a column of one of its games (unless read as ``partial``); a row that is malformed in a way only
that row shows (a card that is not an object, a cell too many or too few) becomes a ``Problem`` and reading
goes on, so the person fixing the file sees every bad row at once. A field the file does not have is recorded
as ``ABSENT`` (never as an empty value); the import refuses it, or keeps the stored value when partial.
A ``.zip`` is a card archive: ``cards.json`` and the image files it names (``image_files``).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from cards.games import SCHEMAS

from .csv_columns import all_attribute_columns, attribute_columns, cells_to_attributes, split_list_cell
from .image_files import ARCHIVE_DOCUMENT, ARCHIVE_FOLDER, ArchiveImages, FolderImages, references_in
from .records import (
    ABSENT,
    CARD_FIELDS,
    COMMON_COLUMNS,
    FILE_FORMAT,
    FILE_VERSION,
    IDENTITY_COLUMNS,
    IMAGE_FIELDS,
    MISSING,
    CardFile,
    CardFileError,
    CardRecord,
    Problem,
    SetRecord,
)

FORMATS = {".json": "json", ".csv": "csv", ".zip": "zip"}
JSON_CARD_KEYS = frozenset({"set", "number", *CARD_FIELDS, *IMAGE_FIELDS})
JSON_SET_KEYS = frozenset({"code", "name", "name_ja", "release_date", "sample_data", "notes", "kinds", "sold_as"})
# keys a strict (whole) file may still leave out: added after version 1 was published, so older files stay valid
OPTIONAL_SET_KEYS = frozenset({"kinds", "sold_as"})
MAX_DOCUMENT_BYTES = 512 * 1024 * 1024  # the cards.json of an archive, uncompressed

# Messages of unreadable files (exit 2); tests reuse them.
MISSING_COLUMNS = "{name}: header row lacks the column(s) {columns}"
MISSING_GAME_COLUMNS = "{name}: header row lacks the {game} column(s) {columns}"
EVERY_COLUMN = (
    "; a file names every column of its games (an empty cell is an empty value), or is imported with "
    "--partial to update only the columns it has"
)
SHORT_ROW = "has {count} cells, the header has {total} (missing: {missing}){line}"
LONG_ROW = "has {count} cells, the header has {total}{line}"


def read_card_file(
    path: str | Path, fmt: str | None = None, *, partial: bool = False, images: str | Path | None = None
) -> CardFile:
    """Read ``path`` as ``fmt`` ("json", "csv" or "zip"; default: from the extension).

    ``partial``: the file may leave out columns and keys (the import keeps their stored values); by default a
    missing one is refused. ``images``: the folder holding the files the file's image references name (not
    with a zip archive, which holds them). Raises CardFileError for an unknown extension, a missing file,
    bytes that are not UTF-8, JSON that does not parse or is not a Shinpan card file, a CSV header lacking a
    column (or naming an unknown one), and a zip that is not a card archive.
    """
    path = Path(path)
    fmt = fmt or FORMATS.get(path.suffix.lower())
    if fmt not in ("json", "csv", "zip"):
        raise CardFileError(f"{path.name}: unknown file type {path.suffix or '(none)'!r}; use .json, .csv or .zip")
    if fmt == "zip":
        if images is not None:
            raise CardFileError(f"{path.name}: an archive holds its images; --images is for .json and .csv")
        return read_archive(path, partial=partial)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardFileError(f"{path}: cannot read: {exc.strerror}") from exc
    card_file = parse_card_bytes(data, fmt, name=path.name, partial=partial)
    if images is not None:
        if not Path(images).is_dir():
            raise CardFileError(f"{images}: --images must name a folder")
        card_file.images = FolderImages(Path(images))
    return card_file


def parse_card_bytes(data: bytes, fmt: str, *, name: str = "file", partial: bool = False) -> CardFile:
    """Decode ``data`` (UTF-8, with or without a byte-order mark) and parse it as ``fmt`` ("json", "csv")."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardFileError(f"{name}: not UTF-8 text (bad byte at offset {exc.start})") from exc
    if fmt == "json":
        return parse_json(text, name=name, partial=partial)
    return parse_csv(text, name=name, partial=partial)


# -- zip archive ---------------------------------------------------------------------------------------------


def read_archive(path: Path, *, partial: bool = False) -> CardFile:
    """Read a card archive: ``cards.json`` (a ``shinpan.cards`` document) and ``images/<reference>`` files.

    The images are only listed here (checked by the import). A member that is neither the document nor an
    image some card names is a problem (``archive: images/x.webp: is named by no card``).
    """
    try:
        with zipfile.ZipFile(path) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            try:
                document = archive.getinfo(ARCHIVE_DOCUMENT)
            except KeyError:
                raise CardFileError(f"{path.name}: the archive has no {ARCHIVE_DOCUMENT}") from None
            if document.file_size > MAX_DOCUMENT_BYTES:
                raise CardFileError(f"{path.name}: {ARCHIVE_DOCUMENT} is over {MAX_DOCUMENT_BYTES} bytes")
            data = archive.read(document)
    except FileNotFoundError as exc:
        raise CardFileError(f"{path}: cannot read: {exc.strerror}") from exc
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise CardFileError(f"{path.name}: not a zip archive, or a damaged one ({exc})") from exc
    card_file = parse_card_bytes(data, "json", name=f"{path.name}: {ARCHIVE_DOCUMENT}", partial=partial)
    card_file.images = ArchiveImages(path)
    named = {ARCHIVE_FOLDER + ref for ref in references_in(card_file.cards)}
    for info in members:
        if info.filename != ARCHIVE_DOCUMENT and info.filename not in named:
            card_file.problems.append(Problem("archive", info.filename, "is named by no card"))
    return card_file


# -- JSON ----------------------------------------------------------------------------------------------------


def parse_json(text: str, *, name: str = "file", partial: bool = False) -> CardFile:
    """Parse a ``shinpan.cards`` JSON document (one game, its sets, its cards); keys left out are ABSENT."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardFileError(f"{name}: not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
        raise CardFileError(f'{name}: not a Shinpan card file (expected "format": "{FILE_FORMAT}")')
    if doc.get("version") != FILE_VERSION:
        raise CardFileError(f"{name}: unsupported version {doc.get('version')!r} (this Shinpan reads {FILE_VERSION})")
    game = doc.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("code"), str):
        raise CardFileError(f'{name}: "game" must be an object with a "code"')
    code = game["code"]
    result = CardFile(fmt="json", partial=partial)
    if code not in SCHEMAS:
        known = ", ".join(SCHEMAS)
        result.problems.append(Problem("game", "code", f"unknown game {code!r} (known: {known})"))
        return result
    for key in ("sets", "cards"):
        if key not in doc:
            raise CardFileError(f'{name}: lacks the key "{key}" (a list; [] for none)')
        if not isinstance(doc[key], list):
            raise CardFileError(f'{name}: "{key}" must be a list')
    result.game_names[code] = (str(game.get("name") or ""), str(game.get("name_ja") or ""))
    for index, item in enumerate(doc.get("sets", []), start=1):
        _read_json_set(result, code, f"set {index}", item)
    for index, item in enumerate(doc.get("cards", []), start=1):
        _read_json_card(result, code, f"card {index}", item)
    return result


def _unknown_keys(result: CardFile, where: str, item: dict[str, Any], known: frozenset[str], what: str) -> None:
    for key in item:
        if key not in known:
            result.problems.append(Problem(where, key, f"is not a {what} field"))


def _read_json_set(result: CardFile, game: str, where: str, item: Any) -> None:
    if not isinstance(item, dict):
        result.problems.append(Problem(where, "set", "must be an object"))
        return
    _unknown_keys(result, where, item, JSON_SET_KEYS, "set")
    if not result.partial:
        result.problems.extend(
            Problem(where, key, MISSING)
            for key in sorted(JSON_SET_KEYS - {"code"} - OPTIONAL_SET_KEYS)
            if key not in item
        )
    values = {k: item[k] for k in JSON_SET_KEYS if k in item}
    result.sets.append(SetRecord(where=where, game=game, **{"code": None, **values}))


def _read_json_card(result: CardFile, game: str, where: str, item: Any) -> None:
    if not isinstance(item, dict):
        result.problems.append(Problem(where, "card", "must be an object"))
        return
    _unknown_keys(result, where, item, JSON_CARD_KEYS, "card")
    values = {k: item[k] for k in JSON_CARD_KEYS if k in item}  # null stays None: a value, refused as such
    result.cards.append(CardRecord(where=where, game=game, **values))


# -- CSV -----------------------------------------------------------------------------------------------------


def _csv_rows(text: str, name: str) -> list[tuple[int, list[str]]]:
    """[(the file line the row starts on, its cells)]: a quoted cell may span lines, so rows ≠ lines."""
    reader = csv.reader(io.StringIO(text, newline=""))
    rows, line = [], 1
    try:
        for row in reader:
            rows.append((line, row))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise CardFileError(f"{name}: not readable as CSV: {exc}") from exc
    return rows


def parse_csv(text: str, *, name: str = "file", partial: bool = False) -> CardFile:
    """Parse a card CSV: a header row, then one card per row; rows may mix games (``game`` column).

    The header must name every common column and every attribute column of each game its rows hold
    (CardFileError naming the missing ones), unless ``partial``: then only ``game``, ``set`` and ``number``
    are required and the columns left out are ABSENT on every row. A row with fewer or more cells than the
    header is a problem (named by its row and, when a multi-line cell makes them differ, its line).
    """
    rows = _csv_rows(text, name)
    if not rows:
        raise CardFileError(f"{name}: empty file (a CSV needs a header row)")
    header = [column.strip() for column in rows[0][1]]
    _check_header(header, name, partial)
    result = CardFile(fmt="csv", partial=partial)
    for index, (line, row) in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # spreadsheets leave empty rows at the end
        where = f"row {index}"
        if len(row) != len(header):
            at = f" (line {line} of the file)" if line != index else ""
            message = (
                SHORT_ROW.format(count=len(row), total=len(header), missing=", ".join(header[len(row) :]), line=at)
                if len(row) < len(header)
                else LONG_ROW.format(count=len(row), total=len(header), line=at)
            )
            result.problems.append(Problem(where, "row", message))
            continue
        _read_csv_row(result, where, dict(zip(header, row, strict=True)))
    if not partial:
        _check_game_columns(result, header, name)
    return result


def _check_game_columns(result: CardFile, header: list[str], name: str) -> None:
    """Refuse (CardFileError) a header lacking an attribute column of a game its rows hold."""
    games = sorted({card.game for card in result.cards if card.game in SCHEMAS})
    missing = {game: [c for c in attribute_columns(game) if c not in header] for game in games}
    lacking = [
        MISSING_GAME_COLUMNS.format(name=name, game=game, columns=", ".join(columns))
        for game, columns in missing.items()
        if columns
    ]
    if lacking:
        raise CardFileError("; ".join(lacking) + EVERY_COLUMN)


def _check_header(header: list[str], name: str, partial: bool) -> None:
    required = IDENTITY_COLUMNS if partial else COMMON_COLUMNS
    missing = [column for column in required if column not in header]
    if missing:
        raise CardFileError(
            MISSING_COLUMNS.format(name=name, columns=", ".join(missing)) + ("" if partial else EVERY_COLUMN)
        )
    known = set(COMMON_COLUMNS) | all_attribute_columns()
    unknown = [column for column in header if column not in known]
    if unknown:
        raise CardFileError(f"{name}: header row has unknown column(s) {', '.join(map(repr, unknown))}")
    repeated = sorted({column for column in header if header.count(column) > 1})
    if repeated:
        raise CardFileError(f"{name}: header row repeats the column(s) {', '.join(repeated)}")


COMMON_COLUMN_SET = frozenset(COMMON_COLUMNS)  # asked of every cell of every row: a set, not the tuple
STRIPPED_COLUMNS = ("game", "set", "number", "name", "reading", "card_type", "rarity", "image", "thumbnail")
SET_COLUMNS = {"set_name": "name", "set_name_ja": "name_ja", "set_release_date": "release_date"}


def _abilities_cell(result: CardFile, where: str, cell: str) -> Any:
    """An ``abilities`` cell: JSON text of the abilities object, an empty cell for none (``{}``). Text that is
    not JSON is a problem of the row."""
    text = cell.strip()
    if not text:
        return {}
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        result.problems.append(Problem(where, "abilities", ABILITIES_NOT_JSON.format(error=exc.msg, column=exc.colno)))
        return {}  # the row's problem is recorded: the import refuses the file


ABILITIES_NOT_JSON = "not valid JSON: {error} at character {column} (an abilities cell holds a JSON object)"


def _read_csv_row(result: CardFile, where: str, cells: dict[str, str]) -> None:
    """One row → a SetRecord (empty set cells: ABSENT, said on another row or kept) and a CardRecord."""
    game = cells["game"].strip()
    set_code = cells["set"].strip()
    set_values = {field: cells[column].strip() or ABSENT for column, field in SET_COLUMNS.items() if column in cells}
    result.sets.append(SetRecord(where=where, game=game, code=set_code, prefix="set_", **set_values))
    values: dict[str, Any] = {
        column: cells[column].strip() if column in STRIPPED_COLUMNS else cells[column]
        for column in COMMON_COLUMNS
        if column in cells and column not in SET_COLUMNS
    }
    if "sample_fields" in values:
        values["sample_fields"] = split_list_cell(values["sample_fields"])
    if "abilities" in values:
        values["abilities"] = _abilities_cell(result, where, values["abilities"])
    attribute_cells = {column: cell for column, cell in cells.items() if column not in COMMON_COLUMN_SET}
    given: frozenset[str] | None = None
    if game in SCHEMAS:
        values["attributes"], foreign = cells_to_attributes(game, attribute_cells)
        for column in foreign:
            result.problems.append(Problem(where, column, f"is not an attribute of {game} cards"))
        own = attribute_columns(game).keys()
        if not own <= attribute_cells.keys():  # a partial file: the row says only its own columns
            given = frozenset(own & attribute_cells.keys())
    result.cards.append(CardRecord(where=where, **values, attribute_columns=given))

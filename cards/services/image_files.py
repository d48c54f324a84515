"""The images of a card file: references by content hash, where their files are, checking and storing them.

A card file names each card's ``image`` and ``thumbnail`` by the SHA-256 of the stored file's bytes and its
extension (``3f0c…e1.webp``), or ``""`` for none. The files themselves travel beside the card file: in a zip
archive (``images/<reference>``, written by ``exportcards --format zip`` and the bulk archive) or in a folder
given with ``importcards --images DIR``. Import checks every file it needs before anything is written (present,
bytes matching the hash its name says, a whole image without metadata: ``cards.images.check_stored_image``)
and stores it byte for byte, so export → import into an empty catalogue restores the images exactly.

A reference equal to the hash of the card's stored file needs no file at all: re-importing an export changes
nothing even without its images.
"""

from __future__ import annotations

import hashlib
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db.models.fields.files import FieldFile

from cards.images import ImageRejected, check_stored_image
from cards.models import Card

from .records import ABSENT, IMAGE_FIELDS, ImageSource, Problem

ARCHIVE_DOCUMENT = "cards.json"
ARCHIVE_FOLDER = "images/"
REFERENCE = re.compile(r"^(?P<digest>[0-9a-f]{64})(?P<suffix>\.(?:webp|png|jpg|jpeg))$")
SUFFIXES = {"WEBP": (".webp",), "PNG": (".png",), "JPEG": (".jpg", ".jpeg")}

# Problem messages (tests reuse them); ``{ref}`` is the reference, so each names its file.
NOT_A_REFERENCE = "{ref!r} is not an image reference (the SHA-256 of the file and its extension: <64 hex>.webp)"
NO_SOURCE = "{ref}: no image folder or archive was given (import the .zip export, or give --images DIR)"
NOT_IN_SOURCE = "{ref}: is not in the {source}"
UNREADABLE = "{ref}: cannot be read from the {source}: {detail}"
WRONG_HASH = "{ref}: its SHA-256 is {actual}, not the one its name says: the file was changed or damaged"
WRONG_SUFFIX = "{ref}: is a {format} file, not what its extension says"
REJECTED = "{ref}: {message}"
MISSING_STORED_FILE = "{set} {number}: the stored file {name} is missing"


class MissingImageFile(ValueError):
    """A card's stored image file is gone from storage: an export cannot name it (``str()`` says which)."""


@dataclass(frozen=True)
class FolderImages:
    """``--images DIR``: the file of reference ``r`` is ``DIR/r``."""

    folder: Path

    @property
    def description(self) -> str:
        return f"folder {self.folder}"

    @contextmanager
    def opened(self) -> Iterator[FolderImages]:
        yield self

    def read(self, ref: str) -> bytes | None:
        path = self.folder / ref
        if not path.is_file():
            return None
        size = path.stat().st_size
        if size > settings.IMAGE_MAX_BYTES:
            raise OSError(f"{size} bytes, over the {settings.IMAGE_MAX_BYTES} an image may have")
        return path.read_bytes()


@dataclass(frozen=True)
class ArchiveImages:
    """A card archive: the file of reference ``r`` is its member ``images/r``."""

    path: Path

    @property
    def description(self) -> str:
        return f"archive {self.path.name}"

    @contextmanager
    def opened(self) -> Iterator[_OpenArchive]:
        with zipfile.ZipFile(self.path) as archive:
            yield _OpenArchive(archive)


@dataclass
class _OpenArchive:
    archive: zipfile.ZipFile

    def read(self, ref: str) -> bytes | None:
        try:
            info = self.archive.getinfo(ARCHIVE_FOLDER + ref)
        except KeyError:
            return None
        if info.file_size > settings.IMAGE_MAX_BYTES:
            raise OSError(f"{info.file_size} bytes, over the {settings.IMAGE_MAX_BYTES} an image may have")
        with self.archive.open(info) as member:
            return member.read(settings.IMAGE_MAX_BYTES + 1)


def references_in(records: Iterable[Any]) -> set[str]:
    """Every non-empty image reference that ``records`` (card records) name."""
    return {
        value
        for record in records
        for value in (getattr(record, name) for name in IMAGE_FIELDS)
        if isinstance(value, str) and value
    }


# -- export: references of stored files ----------------------------------------------------------------------


def stored_digest(field_file: FieldFile) -> str:
    """The hex SHA-256 of a stored file's bytes. Raises ``FileNotFoundError`` when storage lacks the file."""
    digest = hashlib.sha256()
    with field_file.storage.open(field_file.name, "rb") as stored:
        for chunk in iter(lambda: stored.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def reference_of(field_file: FieldFile) -> str:
    """The card file's reference to a stored file (``<sha256>.webp``), ``""`` for none.

    Raises ``MissingImageFile`` when the card names a file storage does not have: an export never drops an
    image silently.
    """
    if not field_file:
        return ""
    try:
        digest = stored_digest(field_file)
    except FileNotFoundError as exc:
        card = field_file.instance
        raise MissingImageFile(
            MISSING_STORED_FILE.format(
                set=getattr(card.card_set, "code", "?"), number=card.collector_number, name=field_file.name
            )
        ) from exc
    return digest + Path(field_file.name).suffix.lower()


# -- import: which files to check and store ------------------------------------------------------------------


@dataclass
class ImagePlan:
    """What an import does to each card's two files, by (card key, field): store the file of a reference,
    clear the field, or leave it as it is."""

    to_store: dict[tuple[Any, str], str] = field(default_factory=dict)  # → reference of the file to store
    cleared: set[tuple[Any, str]] = field(default_factory=set)
    unchanged: set[tuple[Any, str]] = field(default_factory=set)

    def changes(self, key: Any) -> bool:
        return any((key, name) in self.to_store or (key, name) in self.cleared for name in IMAGE_FIELDS)


def plan_images(
    checked: dict[Any, dict[str, Any]],
    existing: dict[Any, Card],
    source: ImageSource | None,
    problems: list[Problem],
) -> ImagePlan:
    """Decide, for each checked card and each of its two files, keep / clear / store; check every file to store.

    ``checked``: {card key: values}, values holding ``where`` and the references ``image``/``thumbnail``
    (``ABSENT`` in a partial file: keep). A reference the stored file already matches is kept without reading
    anything; every other one must be in ``source`` and pass ``_check_file``. Problems name the card and the
    file (``card 3: image: 3f0c….webp: is not in the archive x.zip``).
    """
    plan = ImagePlan()
    wanted: dict[str, list[tuple[str, str]]] = {}  # reference → [(where, field)] of the cards that need it
    for key, values in checked.items():
        card = existing.get(key)
        for name in IMAGE_FIELDS:
            ref = values[name]
            stored: FieldFile | None = getattr(card, name) if card is not None else None
            if ref is ABSENT or (not ref and not stored):
                plan.unchanged.add((key, name))
            elif not ref:
                plan.cleared.add((key, name))
            elif not REFERENCE.match(ref):
                problems.append(Problem(values["where"], name, NOT_A_REFERENCE.format(ref=ref)))
            elif stored and _matches(stored, ref):
                plan.unchanged.add((key, name))
            else:
                plan.to_store[(key, name)] = ref
                wanted.setdefault(ref, []).append((values["where"], name))
    if not wanted:
        return plan
    if source is None:
        for ref, users in wanted.items():
            problems.extend(Problem(where, name, NO_SOURCE.format(ref=ref)) for where, name in users)
        return plan
    with source.opened() as files:
        for ref, users in wanted.items():
            message = _check_file(files, ref, source.description)
            if message:
                problems.extend(Problem(where, name, message) for where, name in users)
    return plan


def _matches(stored: FieldFile, ref: str) -> bool:
    try:
        return stored_digest(stored) + Path(stored.name).suffix.lower() == ref
    except FileNotFoundError:
        return False  # the file went missing: the reference must bring it back


def _read(files: Any, ref: str, description: str) -> tuple[bytes | None, str | None]:
    try:
        data = files.read(ref)
    except (OSError, EOFError, zipfile.BadZipFile, zlib.error) as exc:  # a damaged member, an unreadable file
        return None, UNREADABLE.format(ref=ref, source=description, detail=exc)
    if data is None:
        return None, NOT_IN_SOURCE.format(ref=ref, source=description)
    return data, None


def _check_file(files: Any, ref: str, description: str) -> str | None:
    """None when the file of ``ref`` is there, hashes to its name and is a clean image; else why not."""
    data, message = _read(files, ref, description)
    if message:
        return message
    match = REFERENCE.match(ref)
    actual = hashlib.sha256(data).hexdigest()
    if actual != match["digest"]:
        return WRONG_HASH.format(ref=ref, actual=actual)
    try:
        image_format = check_stored_image(data)
    except ImageRejected as exc:
        return REJECTED.format(ref=ref, message=exc.message)
    if match["suffix"] not in SUFFIXES.get(image_format, ()):
        return WRONG_SUFFIX.format(ref=ref, format=image_format)
    return None


def store_images(plan: ImagePlan, source: ImageSource | None, saved: list[str]) -> dict[tuple[Any, str], str]:
    """Save every planned file to storage, byte for byte; return {(key, field): stored name}.

    Each name saved is appended to ``saved`` at once, so the caller can delete them all if anything fails.

    Each card gets its own file, even when two cards show the same picture: replacing one card's image in the
    admin deletes its old file, which must not be another card's. Each reference is read and hashed again
    (the source could have changed since the plan): ``ValueError`` if it no longer matches. The caller
    deletes the saved names if its transaction fails.
    """
    names: dict[tuple[Any, str], str] = {}
    if not plan.to_store:
        return names
    assert source is not None  # plan_images refused references without a source
    with source.opened() as files:
        for (key, name), ref in plan.to_store.items():
            data = files.read(ref)
            if data is None or hashlib.sha256(data).hexdigest() != REFERENCE.match(ref)["digest"]:
                raise ValueError(f"{ref}: changed in the {source.description} while importing")
            model_field = Card._meta.get_field(name)
            stored_name = model_field.storage.save(
                model_field.generate_filename(None, ref), ContentFile(data), max_length=model_field.max_length
            )
            saved.append(stored_name)
            names[(key, name)] = stored_name
    return names


__all__ = [
    "ARCHIVE_DOCUMENT",
    "ARCHIVE_FOLDER",
    "ArchiveImages",
    "FolderImages",
    "ImagePlan",
    "ImageSource",
    "MissingImageFile",
    "plan_images",
    "reference_of",
    "references_in",
    "store_images",
]

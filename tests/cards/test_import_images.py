"""A catalogue moves with its images: export → import restores each card's image and thumbnail byte for byte.

Design (docs/formats.md, "Images"): every card file names each card's ``image`` and ``thumbnail`` by the
SHA-256 of the stored file (``<hex>.webp``); ``exportcards --format zip`` writes ``cards.json`` and the files
under ``images/``; ``importcards`` reads the archive (or ``--images DIR``) and checks every file before
anything is written.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from PIL import Image

from cards import bulk
from cards.images import process_card_image
from cards.models import Card, CardSet, Game
from cards.services import cards_export

from .test_import_export import catalogue, load_mini, run, write

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def png(colour=(200, 30, 30), size=(120, 168)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


def give_image(card: Card, colour=(200, 30, 30)) -> None:
    processed = process_card_image(io.BytesIO(png(colour)))
    card.image, card.thumbnail = processed.image, processed.thumbnail
    card.save()


def stored_bytes() -> dict[str, tuple[bytes, bytes]]:
    """collector number → (image bytes, thumbnail bytes) of every card that has an image."""
    result = {}
    for card in Card.objects.exclude(image=""):
        with card.image.open("rb") as image, card.thumbnail.open("rb") as thumb:
            result[card.collector_number] = (image.read(), thumb.read())
    return result


def empty_catalogue() -> None:
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    Game.objects.all().delete()


@pytest.fixture
def pictured(db):
    """The mini Legions catalogue, two of whose four cards have an image."""
    load_mini("legions")
    give_image(Card.objects.get(collector_number="001"), (200, 30, 30))
    give_image(Card.objects.get(collector_number="002"), (30, 30, 200))
    return stored_bytes()


def export_zip(tmp_path: Path) -> Path:
    path = tmp_path / "legions.zip"
    status, _, err = run("exportcards", "--game", "legions", "--format", "zip", "--output", str(path))
    assert status == 0, err
    return path


def rewrite_zip(source: Path, target: Path, change) -> Path:
    """A copy of archive ``source`` whose members pass through ``change(name, data) -> data | None``."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for name in old.namelist():
            data = change(name, old.read(name))
            if data is not None:
                new.writestr(name, data)
    return target


def first_image_member(path: Path) -> str:
    with zipfile.ZipFile(path) as archive:
        return next(name for name in archive.namelist() if name.startswith("images/"))


# -- references in every export ------------------------------------------------------------------------------


def test_the_json_export_names_each_image_by_the_sha256_of_its_file(pictured):
    doc = json.loads(cards_export(game="legions", fmt="json"))
    first = doc["cards"][0]
    image, thumb = pictured["001"]
    assert first["image"] == hashlib.sha256(image).hexdigest() + ".webp"
    assert first["thumbnail"] == hashlib.sha256(thumb).hexdigest() + ".webp"
    assert (doc["cards"][2]["image"], doc["cards"][2]["thumbnail"]) == ("", "")


def test_the_csv_export_has_image_and_thumbnail_columns(pictured):
    text = cards_export(game="legions", fmt="csv")
    assert hashlib.sha256(pictured["002"][0]).hexdigest() + ".webp" in text


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_reimporting_an_export_with_images_changes_nothing(pictured, tmp_path, fmt):
    path = write(tmp_path, f"e.{fmt}", cards_export(game="legions", fmt=fmt))
    status, out, _ = run("importcards", path)
    assert (status, out.strip()) == (0, "created 0, updated 0, unchanged 4")
    assert stored_bytes() == pictured


def test_the_bulk_file_carries_the_image_references(pictured):
    path, _ = bulk.bulk_file(Game.objects.get(code="legions"))
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    assert cards[1]["image"] == hashlib.sha256(pictured["002"][0]).hexdigest() + ".webp"


# -- the archive: export → import into an empty database -----------------------------------------------------


def test_a_zip_export_imported_into_an_empty_database_restores_the_images_byte_for_byte(pictured, tmp_path):
    before = catalogue()
    path = export_zip(tmp_path)
    empty_catalogue()
    status, out, err = run("importcards", str(path))
    assert (status, out.strip()) == (0, "created 4, updated 0, unchanged 0; sets created 1, updated 0"), err
    assert catalogue() == before
    assert stored_bytes() == pictured


def test_the_archive_holds_the_card_file_and_each_image_once(pictured, tmp_path):
    with zipfile.ZipFile(export_zip(tmp_path)) as archive:
        names = sorted(archive.namelist())
        doc = json.loads(archive.read("cards.json"))
    refs = {c[key] for c in doc["cards"] for key in ("image", "thumbnail") if c[key]}
    assert names == sorted(["cards.json", *(f"images/{ref}" for ref in refs)])
    assert len(refs) == 4


def test_the_bulk_archive_imports_into_an_empty_database_with_its_images(pictured, tmp_path):
    path, _ = bulk.bulk_archive(Game.objects.get(code="legions"))
    copy = tmp_path / "bulk.zip"
    copy.write_bytes(path.read_bytes())
    empty_catalogue()
    assert run("importcards", str(copy))[0] == 0
    assert stored_bytes() == pictured


def test_the_bulk_download_gives_the_document_or_the_archive_of_the_same_version(pictured):
    game = Game.objects.get(code="legions")
    json_path, json_version, json_type = bulk.bulk_download(game, "json")
    zip_path, zip_version, zip_type = bulk.bulk_download(game, "zip")
    assert (json_type, zip_type, json_version, json_path.suffix) == (
        "application/json",
        "application/zip",
        zip_version,
        ".json",
    )
    with zipfile.ZipFile(zip_path) as archive:
        assert json.loads(archive.read("cards.json"))["cards"] == json.loads(json_path.read_text())["cards"]


def test_a_json_export_imports_into_an_empty_database_with_images_from_a_folder(pictured, tmp_path):
    with zipfile.ZipFile(export_zip(tmp_path)) as archive:
        archive.extractall(tmp_path / "unzipped")
    empty_catalogue()
    status, _, err = run(
        "importcards", str(tmp_path / "unzipped" / "cards.json"), "--images", str(tmp_path / "unzipped" / "images")
    )
    assert status == 0, err
    assert stored_bytes() == pictured


def test_a_reference_without_its_file_refuses_the_import_naming_card_and_file(pictured, tmp_path):
    path = write(tmp_path, "e.json", cards_export(game="legions", fmt="json"))
    empty_catalogue()
    status, _, err = run("importcards", path)
    assert status == 1
    ref = hashlib.sha256(pictured["001"][0]).hexdigest() + ".webp"
    assert f"card 1: image: {ref}: no image folder or archive was given" in err
    assert not Card.objects.exists()


# -- a bad archive refuses the whole import ------------------------------------------------------------------


def test_a_corrupt_image_in_the_archive_refuses_the_whole_import_naming_card_and_file(pictured, tmp_path):
    source = export_zip(tmp_path)
    member = first_image_member(source)

    def damage(name, data):
        return data[:40] + bytes(len(data) - 40) if name == member else data

    broken = rewrite_zip(source, tmp_path / "broken.zip", damage)
    empty_catalogue()
    files_before = sorted(Path(default_storage.location).rglob("*.webp"))
    status, _, err = run("importcards", str(broken))
    assert status == 1
    ref = member.removeprefix("images/")
    assert f": {ref}: its SHA-256 is " in err  # the content no longer matches its name
    assert "card " in err.split(ref)[0].splitlines()[-1]
    assert not Card.objects.exists()
    assert sorted(Path(default_storage.location).rglob("*.webp")) == files_before


def test_an_undecodable_image_whose_name_matches_is_refused_as_corrupt(pictured, tmp_path):
    source = export_zip(tmp_path)
    member = first_image_member(source)
    with zipfile.ZipFile(source) as archive:
        data = archive.read(member)
    damaged = data[:60] + b"\xff" * 40 + data[100:]
    new_ref = hashlib.sha256(damaged).hexdigest() + ".webp"
    old_ref = member.removeprefix("images/")

    def swap(name, content):
        if name == member:
            return None
        if name == "cards.json":
            return content.replace(old_ref.encode(), new_ref.encode())
        return content

    broken = rewrite_zip(source, tmp_path / "broken.zip", swap)
    with zipfile.ZipFile(broken, "a") as archive:
        archive.writestr(f"images/{new_ref}", damaged)
    empty_catalogue()
    status, _, err = run("importcards", str(broken))
    assert status == 1
    assert f"{new_ref}: The WEBP file is" in err
    assert not Card.objects.exists()


def test_an_image_missing_from_the_archive_is_refused(pictured, tmp_path):
    source = export_zip(tmp_path)
    member = first_image_member(source)
    broken = rewrite_zip(source, tmp_path / "broken.zip", lambda n, d: None if n == member else d)
    empty_catalogue()
    status, _, err = run("importcards", str(broken))
    assert status == 1
    assert f"{member.removeprefix('images/')}: is not in the archive" in err


def test_an_archive_member_no_card_names_is_refused(pictured, tmp_path):
    source = export_zip(tmp_path)
    with zipfile.ZipFile(source, "a") as archive:
        archive.writestr("images/stray.webp", b"x")
    status, _, err = run("importcards", str(source))
    assert status == 1
    assert "archive: images/stray.webp: is named by no card" in err


def test_a_file_that_is_not_a_zip_archive_exits_2(tmp_path):
    status, _, err = run("importcards", write(tmp_path, "x.zip", b"not a zip"))
    assert status == 2
    assert "not a zip archive" in err


def test_an_image_with_metadata_is_refused(pictured, tmp_path):
    source = export_zip(tmp_path)
    member = first_image_member(source)
    exif = Image.Exif()
    exif[0x010F] = "Camera"
    buffer = io.BytesIO()
    Image.new("RGB", (20, 28), (1, 2, 3)).save(buffer, format="WEBP", exif=exif.tobytes())
    tagged = buffer.getvalue()
    new_ref = hashlib.sha256(tagged).hexdigest() + ".webp"
    old_ref = member.removeprefix("images/")

    def swap(name, content):
        if name == member:
            return None
        return content.replace(old_ref.encode(), new_ref.encode()) if name == "cards.json" else content

    broken = rewrite_zip(source, tmp_path / "tagged.zip", swap)
    with zipfile.ZipFile(broken, "a") as archive:
        archive.writestr(f"images/{new_ref}", tagged)
    empty_catalogue()
    status, _, err = run("importcards", str(broken))
    assert status == 1
    assert f"{new_ref}: The WEBP file carries metadata (exif)" in err


# -- changing and clearing images ----------------------------------------------------------------------------


def test_an_empty_image_reference_clears_the_stored_image_once_committed(
    pictured, tmp_path, django_capture_on_commit_callbacks
):
    doc = json.loads(cards_export(game="legions", fmt="json"))
    old = Card.objects.get(collector_number="001").image.name
    doc["cards"][0]["image"] = doc["cards"][0]["thumbnail"] = ""
    with django_capture_on_commit_callbacks(execute=True):
        status, out, _ = run("importcards", write(tmp_path, "c.json", json.dumps(doc)))
    assert (status, out.strip()) == (0, "created 0, updated 1, unchanged 3")
    card = Card.objects.get(collector_number="001")
    assert not card.image and not card.thumbnail
    assert not default_storage.exists(old)


def test_a_changed_image_replaces_the_stored_file(pictured, tmp_path, django_capture_on_commit_callbacks):
    archive = export_zip(tmp_path)
    kasumi = Card.objects.get(collector_number="002")
    old_name = kasumi.image.name
    give_image(Card.objects.get(collector_number="002"), (0, 200, 0))  # changed since the export
    with django_capture_on_commit_callbacks(execute=True):
        status, out, _ = run("importcards", str(archive))
    assert (status, out.strip()) == (0, "created 0, updated 1, unchanged 3")
    assert stored_bytes()["002"] == pictured["002"]
    assert Card.objects.get(collector_number="002").image.name != old_name


def test_a_dry_run_checks_the_images_and_stores_none(pictured, tmp_path):
    path = export_zip(tmp_path)
    empty_catalogue()
    files_before = sorted(Path(default_storage.location).rglob("*.webp"))
    status, out, _ = run("importcards", str(path), "--dry-run")
    assert (status, out.strip()) == (
        0,
        "created 4, updated 0, unchanged 0; sets created 1, updated 0 (dry run: nothing written)",
    )
    assert sorted(Path(default_storage.location).rglob("*.webp")) == files_before


def test_a_zip_export_needs_an_output_file():
    status, _, err = run("exportcards", "--game", "legions", "--format", "zip")
    assert status != 0 and "--output" in err


def test_the_bulk_api_serves_the_archive_with_the_images_and_it_imports_into_an_empty_database(
        pictured, tmp_path, client):
    response = client.get("/api/bulk/legions.zip")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    copy = tmp_path / "from-api.zip"
    copy.write_bytes(b"".join(response.streaming_content))
    assert client.get("/api/bulk/legions.zip", headers={"If-None-Match": response["ETag"]}).status_code == 304
    empty_catalogue()
    assert run("importcards", str(copy))[0] == 0
    assert stored_bytes() == pictured


def test_the_bulk_api_says_which_image_is_missing_instead_of_failing(pictured, client):
    card = Card.objects.filter(image__gt="").first()
    card.image.storage.delete(card.image.name)
    response = client.get("/api/bulk/legions.zip")
    assert response.status_code == 503
    body = response.json()["error"]
    assert body["code"] == "missing_image_file"
    assert f"{card.card_set.code} {card.collector_number}" in body["message"] and card.image.name in body["message"]

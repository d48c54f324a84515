"""The card admin's image field: an upload stored normalised with a thumbnail, replaced and cleared with its files, a
bad image refused next to the field leaving no file (cards.images)."""

from __future__ import annotations

import io
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from cards import images
from cards.models import Card
from tests.cards.test_images import image_bytes, png_with_declared_size

from .forms import (
    LEGIONS_MINION,
    LIST_URL,
    add,
    card_post,
    change_url,
    form_errors,
    stored_files,
)

pytestmark = pytest.mark.django_db


# -- images --------------------------------------------------------------------------------------------------


def upload(data: bytes, name: str = "card.png", content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


def test_an_uploaded_image_is_stored_normalised_with_a_thumbnail(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(image_bytes())))
    card = Card.objects.get()
    assert (card.image.name.endswith(".webp"), card.thumbnail.name.startswith("cards/thumbs/")) == (
        True,
        True,
    )


def test_the_change_page_shows_the_thumbnail(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(image_bytes())))
    card = Card.objects.get()
    page = admin_client.get(change_url(card)).content.decode()
    assert f'src="{card.thumbnail.url}"' in page


def test_the_card_list_shows_the_thumbnail(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(image_bytes())))
    assert Card.objects.get().thumbnail.url in admin_client.get(reverse(LIST_URL)).content.decode()


def test_replacing_the_image_deletes_the_old_files(
    admin_client, sets, minion, media_root, django_capture_on_commit_callbacks
):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION)
    admin_client.post(change_url(minion), {**data, "image": upload(image_bytes(colour=(1, 2, 3)))})
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(change_url(minion), {**data, "image": upload(image_bytes(colour=(9, 9, 9)))})
    minion.refresh_from_db()
    assert stored_files(media_root) == sorted(
        [media_root / minion.image.name, media_root / minion.thumbnail.name]
    )


def test_clearing_the_image_clears_the_thumbnail_too(admin_client, sets, minion):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION)
    admin_client.post(change_url(minion), {**data, "image": upload(image_bytes())})
    admin_client.post(change_url(minion), {**data, "image-clear": "on"})
    minion.refresh_from_db()
    assert (minion.image.name, minion.thumbnail.name) == ("", "")


def truncated_jpeg() -> bytes:
    data = image_bytes(fmt="JPEG")
    return data[: len(data) // 2]


def noisy_png(size=(200, 200)) -> bytes:
    """A PNG of random pixels: it cannot compress, so it is about 3 bytes a pixel."""
    noise = random.Random(7).randbytes(size[0] * size[1] * 3)
    buffer = io.BytesIO()
    Image.frombytes("RGB", size, noise).save(buffer, format="PNG")
    return buffer.getvalue()


def damaged_png() -> bytes:
    data = bytearray(image_bytes())
    data[60:80] = bytes(b ^ 0xFF for b in data[60:80])
    return bytes(data)


BAD_IMAGES = {
    images.NOT_AN_IMAGE: lambda: b"not an image at all",
    images.TRUNCATED: truncated_jpeg,
    images.CORRUPT: damaged_png,
    images.TOO_MANY_PIXELS: lambda: png_with_declared_size(100_000, 100_000),
    images.TOO_LARGE: noisy_png,
}


@pytest.mark.parametrize("code", sorted(BAD_IMAGES))
def test_a_bad_image_is_refused_next_to_the_image_field_and_leaves_no_file(
    admin_client, sets, settings, media_root, code
):
    settings.IMAGE_MAX_BYTES = 20_000
    response = add(
        admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(BAD_IMAGES[code]()))
    )
    image_errors = form_errors(response).as_data()["image"]
    assert ([e.code for e in image_errors], stored_files(media_root), Card.objects.count()) == ([code], [], 0)

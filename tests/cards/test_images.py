"""Card images (cards.images): uploads verified, normalised and stripped of metadata; bad files refused."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, ImageCms, PngImagePlugin

from cards import images
from cards.images import ImageRejected, process_card_image

ORIENTATION = 0x0112
MAKE = 0x010F


def image_bytes(size=(300, 420), fmt="PNG", mode="RGB", colour=(200, 30, 30), **save_args) -> bytes:
    """A small image file of ``fmt``; ``save_args`` go to Pillow's ``save`` (exif, pnginfo, icc_profile)."""
    buffer = io.BytesIO()
    Image.new(mode, size, colour).save(buffer, format=fmt, **save_args)
    return buffer.getvalue()


def png_with_declared_size(width: int, height: int) -> bytes:
    """A tiny PNG whose header declares ``width`` × ``height`` pixels: the shape of a decompression bomb."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 1024))
            + chunk(b"IEND", b""))


def exif_with(orientation: int | None = None, make: str | None = None) -> bytes:
    exif = Image.Exif()
    if orientation is not None:
        exif[ORIENTATION] = orientation
    if make is not None:
        exif[MAKE] = make
    return exif.tobytes()


def rejection(data: bytes, **limits) -> ImageRejected:
    with pytest.raises(ImageRejected) as caught:
        process_card_image(io.BytesIO(data), **limits)
    return caught.value


def stored(content_file) -> Image.Image:
    content_file.seek(0)
    image = Image.open(io.BytesIO(content_file.read()))
    image.load()
    return image


# -- accepted images -----------------------------------------------------------------------------------------


def test_a_png_is_stored_as_webp_of_the_same_size():
    result = process_card_image(io.BytesIO(image_bytes(size=(300, 420))))
    image = stored(result.image)
    assert (image.format, image.size, result.source_format) == ("WEBP", (300, 420), "PNG")


def test_the_thumbnail_fits_the_thumbnail_box_and_keeps_the_proportions():
    result = process_card_image(io.BytesIO(image_bytes(size=(630, 880))))
    assert stored(result.thumbnail).size == (240, 335)


def test_a_large_image_is_scaled_down_to_the_longest_side_limit():
    result = process_card_image(io.BytesIO(image_bytes(size=(3000, 1500), fmt="JPEG")))
    assert (result.width, result.height) == (images.MAX_SIDE, images.MAX_SIDE // 2)


def test_a_jpeg_is_accepted():
    assert process_card_image(io.BytesIO(image_bytes(fmt="JPEG"))).source_format == "JPEG"


def test_a_webp_is_accepted():
    assert process_card_image(io.BytesIO(image_bytes(fmt="WEBP"))).source_format == "WEBP"


def test_a_transparent_png_keeps_its_transparency():
    result = process_card_image(io.BytesIO(image_bytes(mode="RGBA", colour=(0, 0, 0, 0))))
    assert stored(result.image).getpixel((5, 5))[3] == 0


def test_exif_orientation_is_applied_so_a_sideways_photo_is_stored_upright():
    # Orientation 6: the camera was turned; the stored pixels must be rotated so the tall card stands up.
    data = image_bytes(size=(420, 300), fmt="JPEG", exif=exif_with(orientation=6))
    assert stored(process_card_image(io.BytesIO(data)).image).size == (300, 420)


def test_the_stored_image_has_no_exif():
    data = image_bytes(fmt="JPEG", exif=exif_with(orientation=1, make="SecretCam 3000"))
    result = process_card_image(io.BytesIO(data))
    image = stored(result.image)
    result.image.seek(0)
    raw = result.image.read()
    found = (dict(image.getexif()), "exif" in image.info, b"SecretCam" in raw, b"Exif" in raw)
    assert found == ({}, False, False, False)


def test_the_thumbnail_has_no_exif():
    data = image_bytes(fmt="JPEG", exif=exif_with(make="SecretCam 3000"))
    result = process_card_image(io.BytesIO(data))
    assert dict(stored(result.thumbnail).getexif()) == {}


def test_png_text_chunks_are_not_kept():
    info = PngImagePlugin.PngInfo()
    info.add_text("Author", "Someone Private")
    result = process_card_image(io.BytesIO(image_bytes(pnginfo=info)))
    result.image.seek(0)
    assert b"Someone Private" not in result.image.read()


def test_an_icc_profile_is_applied_and_not_kept():
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    result = process_card_image(io.BytesIO(image_bytes(fmt="JPEG", icc_profile=profile)))
    assert "icc_profile" not in stored(result.image).info


def test_the_same_picture_gets_the_same_file_name():
    first = process_card_image(io.BytesIO(image_bytes()))
    second = process_card_image(io.BytesIO(image_bytes()))
    assert first.image.name == second.image.name


# -- refused files -------------------------------------------------------------------------------------------


def test_an_empty_file_is_refused():
    assert rejection(b"").code == images.EMPTY


def test_a_file_over_the_byte_limit_is_refused_as_too_large():
    data = image_bytes(fmt="PNG")
    assert rejection(data, max_bytes=len(data) - 1).code == images.TOO_LARGE


def test_the_byte_limit_comes_from_settings(settings):
    data = image_bytes()
    settings.IMAGE_MAX_BYTES = len(data) - 1
    assert rejection(data).code == images.TOO_LARGE


def test_a_text_file_is_refused_as_not_an_image():
    assert rejection(b"Deck\n3 Kasumi\n").code == images.NOT_AN_IMAGE


def test_a_gif_is_refused_as_not_an_accepted_format():
    assert rejection(image_bytes(fmt="GIF", mode="P", colour=1)).code == images.NOT_AN_IMAGE


def test_a_bmp_is_refused_as_not_an_accepted_format():
    assert rejection(image_bytes(fmt="BMP")).code == images.NOT_AN_IMAGE


def test_a_truncated_jpeg_is_refused_as_truncated():
    data = image_bytes(fmt="JPEG")
    assert rejection(data[: len(data) // 2]).code == images.TRUNCATED


def test_a_truncated_png_is_refused_as_truncated():
    data = image_bytes(fmt="PNG")
    assert rejection(data[: len(data) // 2]).code == images.TRUNCATED


def test_a_png_with_a_damaged_chunk_is_refused_as_corrupt():
    data = bytearray(image_bytes(fmt="PNG"))
    data[60:80] = bytes(b ^ 0xFF for b in data[60:80])  # inside IDAT: its checksum no longer matches
    assert rejection(bytes(data)).code == images.CORRUPT


def test_a_jpeg_with_garbage_in_its_image_data_is_refused_as_corrupt():
    data = bytearray(image_bytes(fmt="JPEG"))
    middle = len(data) // 2
    data[middle: middle + 40] = b"\xff" * 40
    assert rejection(bytes(data)).code == images.CORRUPT


def test_an_image_over_the_pixel_limit_is_refused_as_a_decompression_bomb():
    assert rejection(png_with_declared_size(8000, 8000), max_pixels=40_000_000).code == images.TOO_MANY_PIXELS


def test_the_pixel_limit_comes_from_settings(settings):
    settings.IMAGE_MAX_PIXELS = 300 * 420 - 1
    assert rejection(image_bytes(size=(300, 420))).code == images.TOO_MANY_PIXELS


def test_a_bomb_beyond_pillows_own_guard_is_refused_with_the_same_code():
    # 100 000 × 100 000 pixels: Pillow's DecompressionBombError fires while the header is read.
    assert rejection(png_with_declared_size(100_000, 100_000)).code == images.TOO_MANY_PIXELS


def test_the_bomb_message_names_the_declared_size():
    assert "8000 × 8000" in rejection(png_with_declared_size(8000, 8000), max_pixels=1_000_000).message


def test_a_refusal_message_says_what_was_wrong():
    data = image_bytes(fmt="JPEG")
    expected = images.MESSAGES[images.TRUNCATED].format(format="JPEG")
    assert rejection(data[: len(data) // 2]).message == expected

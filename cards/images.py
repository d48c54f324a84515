"""Card images: every upload goes through Pillow once, here.

``process_card_image(uploaded_file)`` reads an upload (PNG, JPEG or WebP, at most
``settings.IMAGE_MAX_BYTES`` bytes and ``settings.IMAGE_MAX_PIXELS`` pixels), decodes it fully, applies its
EXIF orientation, converts it to sRGB, drops every piece of metadata (EXIF, XMP, ICC profile, text chunks) and
returns a normalised WebP image and a WebP thumbnail, both named after the SHA-256 of the normalised pixels.
Nothing is written to storage here: the caller assigns the files to ``Card.image`` / ``Card.thumbnail`` and
saving the card stores them, so a refused upload never leaves a file behind.

``check_stored_image(data)`` checks a file that is already in stored form (an image restored from a card
archive, kept byte for byte): the same limits and full decode, and no metadata at all.

A refused upload raises ``ImageRejected(code, message)``; the codes are the constants below and the messages
say what was wrong with the file, for the admin to show next to the image field.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import Storage
from django.utils.translation import gettext, gettext_noop
from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

ALLOWED_FORMATS = ("PNG", "JPEG", "WEBP")
MAX_SIDE = 2048  # the normalised image's longest side, in pixels
THUMBNAIL_BOX = (240, 336)  # width, height in pixels: a card's 63 × 88 mm proportions
IMAGE_QUALITY = 90
THUMBNAIL_QUALITY = 80

# Refusal codes (stable: tests and callers compare codes, not wording).
EMPTY = "empty"
TOO_LARGE = "too_large"
NOT_AN_IMAGE = "not_an_image"
TOO_MANY_PIXELS = "too_many_pixels"
TRUNCATED = "truncated"
CORRUPT = "corrupt"
HAS_METADATA = "has_metadata"

# English templates, marked for translation: ``ImageRejected.localized()`` says them in the reader's language
MESSAGES = {
    EMPTY: gettext_noop("The uploaded file is empty."),
    TOO_LARGE: gettext_noop("The file is {size} bytes; the largest image accepted is {limit} bytes."),
    NOT_AN_IMAGE: gettext_noop("The file is not a PNG, JPEG or WebP image."),
    TOO_MANY_PIXELS: gettext_noop(
        "The image declares {size} pixels; at most {limit} pixels are accepted "
        "(a file this small with this many pixels is a decompression bomb)."
    ),
    TRUNCATED: gettext_noop("The {format} file is truncated: it ends before the image data does."),
    CORRUPT: gettext_noop("The {format} file is corrupt and cannot be decoded ({detail})."),
    HAS_METADATA: gettext_noop(
        "The {format} file carries metadata ({kinds}); a stored image has none: upload it in the admin, "
        "which removes it."
    ),
}
METADATA_KEYS = ("exif", "xmp", "XML:com.adobe.xmp", "icc_profile", "comment")


class ImageRejected(ValueError):
    """An upload refused: ``code`` is one of the module's refusal codes, ``message`` says why for a person (in
    English: reports and logs), ``localized()`` the same in the active language (forms)."""

    def __init__(self, code: str, message: str, values: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.values = values or {}

    def localized(self) -> str:
        """The message in the active language (``cards/locale``), English when untranslated."""
        template = MESSAGES.get(self.code)
        return gettext(template).format(**self.values) if template else self.message


def _reject(code: str, **values: object) -> ImageRejected:
    return ImageRejected(code, MESSAGES[code].format(**values), values)


@dataclass(frozen=True)
class ProcessedImage:
    """The result of one upload: two unsaved files to assign to ``Card.image`` and ``Card.thumbnail``.

    ``width``/``height`` are the normalised image's size in pixels; ``source_format`` is the upload's format
    ("PNG", "JPEG" or "WEBP"); ``digest`` the hex SHA-256 of the normalised image's pixels.
    """

    image: ContentFile
    thumbnail: ContentFile
    width: int
    height: int
    source_format: str
    digest: str


def _read_limited(uploaded_file: IO[bytes], max_bytes: int) -> bytes:
    """The file's bytes; refuses an empty file or one over ``max_bytes`` (read no further than the limit)."""
    declared = getattr(uploaded_file, "size", None)
    if declared is not None and declared > max_bytes:
        raise _reject(TOO_LARGE, size=declared, limit=max_bytes)
    if hasattr(uploaded_file, "seek"):
        uploaded_file.seek(0)
    data = uploaded_file.read(max_bytes + 1)
    if not data:
        raise _reject(EMPTY)
    if len(data) > max_bytes:
        raise _reject(TOO_LARGE, size=declared or f"more than {max_bytes}", limit=max_bytes)
    return data


def _decode_failure(exc: BaseException, image_format: str) -> ImageRejected:
    """TRUNCATED when Pillow says the data ended early, CORRUPT otherwise (Pillow's words as the detail)."""
    detail = str(exc) or type(exc).__name__
    if isinstance(exc, EOFError) or any(word in detail.lower() for word in ("truncated", "incomplete")):
        return _reject(TRUNCATED, format=image_format)
    return _reject(CORRUPT, format=image_format, detail=detail)


def _open(data: bytes, max_pixels: int) -> Image.Image:
    """Open (headers only) as one of the allowed formats; bombs are refused by Pillow's own guard here too."""
    try:
        return Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS)
    except Image.DecompressionBombError as exc:
        # Pillow's own guard (over 2 × Image.MAX_IMAGE_PIXELS) fires before our own limit can be checked.
        raise _reject(TOO_MANY_PIXELS, size=f"more than {Image.MAX_IMAGE_PIXELS}", limit=max_pixels) from exc
    except UnidentifiedImageError as exc:
        raise _reject(NOT_AN_IMAGE) from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise _decode_failure(exc, "image") from exc


def decode_checked(data: bytes, max_pixels: int) -> Image.Image:
    """Decode ``data`` fully after checking its declared size; return the loaded first frame.

    Raises ImageRejected: NOT_AN_IMAGE (not PNG/JPEG/WebP), TOO_MANY_PIXELS (declared width × height over
    ``max_pixels``, checked before any pixel is decoded), TRUNCATED or CORRUPT (``verify()`` or ``load()``
    failed).
    Truncated files are never half-loaded: ``ImageFile.LOAD_TRUNCATED_IMAGES`` is left off.
    """
    probe = _open(data, max_pixels)
    image_format = probe.format or "image"
    width, height = probe.size
    if width * height > max_pixels:
        raise _reject(TOO_MANY_PIXELS, size=f"{width} × {height}", limit=max_pixels)
    try:
        probe.verify()  # PNG: chunk CRCs; cheap structural checks for the others
        image = _open(data, max_pixels)  # verify() leaves the image unusable: open again to decode
        if image.format == "JPEG":
            image.draft("RGB", (MAX_SIDE, MAX_SIDE))  # decode big JPEGs at a reduced scale directly
        image.load()
    except ImageRejected:
        raise
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError) as exc:
        raise _decode_failure(exc, image_format) from exc
    return image


def _to_srgb(image: Image.Image) -> Image.Image:
    """RGB or RGBA pixels in sRGB; an embedded ICC profile is applied, then dropped like all metadata."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    target = "RGBA" if has_alpha else "RGB"
    icc = image.info.get("icc_profile")
    if icc and image.mode in ("RGB", "RGBA", "CMYK"):
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            srgb = ImageCms.createProfile("sRGB")
            image = ImageCms.profileToProfile(image, source, srgb, outputMode=target)
        except (ImageCms.PyCMSError, OSError, ValueError):
            pass  # an unusable profile: keep the pixels as they are
    converted = image.convert(target) if image.mode != target else image.copy()
    converted.info = {}
    return converted


def _encode_webp(image: Image.Image, quality: int) -> bytes:
    buffer = io.BytesIO()
    # No exif=, icc_profile= or xmp= arguments, and ``info`` is empty: the file carries pixels only.
    image.save(buffer, format="WEBP", quality=quality, method=4)
    return buffer.getvalue()


def normalise(image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """(normalised image, thumbnail): orientation applied, sRGB, no metadata, longest side ≤ ``MAX_SIDE``."""
    upright = ImageOps.exif_transpose(image)
    clean = _to_srgb(upright)
    if max(clean.size) > MAX_SIDE:
        clean.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    thumb = clean.copy()
    thumb.thumbnail(THUMBNAIL_BOX, Image.Resampling.LANCZOS)
    return clean, thumb


def process_card_image(
    uploaded_file: IO[bytes], *, max_bytes: int | None = None, max_pixels: int | None = None
) -> ProcessedImage:
    """Verify and normalise one uploaded card image.

    ``uploaded_file``: any binary file object (a Django ``UploadedFile``, an open file, ``BytesIO``).
    ``max_bytes``/``max_pixels`` default to ``settings.IMAGE_MAX_BYTES`` / ``settings.IMAGE_MAX_PIXELS``.
    Returns a ``ProcessedImage`` whose ``image`` (longest side ≤ 2048 px) and ``thumbnail`` (within
    240 × 336 px) are WebP files named ``<sha256 prefix>.webp``, not yet stored.
    Raises ``ImageRejected`` with code EMPTY, TOO_LARGE, NOT_AN_IMAGE, TOO_MANY_PIXELS, TRUNCATED or CORRUPT.
    """
    max_bytes = settings.IMAGE_MAX_BYTES if max_bytes is None else max_bytes
    max_pixels = settings.IMAGE_MAX_PIXELS if max_pixels is None else max_pixels
    data = _read_limited(uploaded_file, max_bytes)
    source = decode_checked(data, max_pixels)
    clean, thumb = normalise(source)
    digest = hashlib.sha256(clean.tobytes()).hexdigest()
    name = f"{digest[:24]}.webp"
    return ProcessedImage(
        image=ContentFile(_encode_webp(clean, IMAGE_QUALITY), name=name),
        thumbnail=ContentFile(_encode_webp(thumb, THUMBNAIL_QUALITY), name=name),
        width=clean.width,
        height=clean.height,
        source_format=source.format or "",
        digest=digest,
    )


def check_stored_image(data: bytes, *, max_bytes: int | None = None, max_pixels: int | None = None) -> str:
    """Check ``data`` as a stored card image (what ``process_card_image`` writes) without changing a byte.

    Returns its format ("PNG", "JPEG" or "WEBP"). Raises ``ImageRejected``: EMPTY, TOO_LARGE, NOT_AN_IMAGE,
    TOO_MANY_PIXELS, TRUNCATED, CORRUPT (as an upload), or HAS_METADATA when it carries EXIF, XMP, an ICC
    profile, a comment or PNG text (stored images never do: ``process_card_image`` drops them all).
    """
    max_bytes = settings.IMAGE_MAX_BYTES if max_bytes is None else max_bytes
    max_pixels = settings.IMAGE_MAX_PIXELS if max_pixels is None else max_pixels
    if not data:
        raise _reject(EMPTY)
    if len(data) > max_bytes:
        raise _reject(TOO_LARGE, size=len(data), limit=max_bytes)
    image = decode_checked(data, max_pixels)
    image_format = image.format or "image"
    kinds = [key for key in METADATA_KEYS if image.info.get(key)]
    if getattr(image, "text", None):
        kinds.append("text")
    if kinds:
        raise _reject(HAS_METADATA, format=image_format, kinds=", ".join(kinds))
    return image_format


def delete_files(storage: Storage, names: Iterable[str]) -> None:
    """Delete the stored files ``names`` (blank names skipped): what a replaced or cleared image leaves."""
    for name in names:
        if name and storage.exists(name):
            storage.delete(name)

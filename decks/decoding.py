"""Decklist files as bytes: which text encoding they are in. Pure Python: no Django import.

Japanese decklists come from Windows Notepad and older sites in Shift_JIS, from Excel in UTF-16, from everything
else in UTF-8. ``decode`` tries, in this order (``DECODE_ORDER``, documented in docs/formats.md):

1. a byte order mark: UTF-8 (``EF BB BF``), UTF-16 little or big endian (``FF FE`` / ``FE FF``);
2. UTF-8;
3. UTF-16 without a mark, when at least four in five of the zero bytes are at odd positions (little endian: ASCII
   characters such as digits, spaces and line ends are ``xx 00``) or at even positions (big endian); text in
   UTF-8 or Shift_JIS has no zero byte at all;
4. Shift_JIS, as Windows writes it (code page 932, which adds ①, ㈱ and the other NEC and IBM characters).

An attempt succeeds when every byte decodes and the text holds no control, private-use or unassigned character
(besides tab, line feed, carriage return, form feed and vertical tab): cp932 maps a few stray bytes to private-use
characters, and an image or a zip decodes as UTF-16 into unassigned ones. When no attempt succeeds,
``UndecodableText`` carries the sentence ``labels.NOT_TEXT``, never Python's codec message.
"""

from __future__ import annotations

import codecs
import unicodedata

from .legality import labels

DECODE_ORDER = ("bom", "utf-8", "utf-16 by zero bytes", "shift_jis")
# mark, the encoding reported, the codec that reads what follows the mark
_BOMS = (
    (codecs.BOM_UTF8, "utf-8", "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16", "utf-16-be"),
)
_ALLOWED_CONTROLS = frozenset("\t\n\r\f\v")


class UndecodableText(ValueError):
    """Bytes no attempt of ``DECODE_ORDER`` reads as text: ``str(exc)`` is the English sentence, ``message_ja``
    the Japanese one (``labels.NOT_TEXT``)."""

    def __init__(self):
        super().__init__(labels.NOT_TEXT[0])
        self.message_ja = labels.NOT_TEXT[1]


def _is_text(text: str) -> bool:
    return not any(
        unicodedata.category(c) in ("Cc", "Co", "Cn", "Cs") and c not in _ALLOWED_CONTROLS for c in text
    )


def _attempt(data: bytes, encoding: str) -> str | None:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return None
    return text if _is_text(text) else None


def _utf16_without_mark(data: bytes) -> str | None:
    """``utf-16-le`` when at least four in five zero bytes are at odd positions, ``utf-16-be`` when they are at
    even ones, else None (a few CJK characters have a zero byte too: 一 is ``00 4E``)."""
    if len(data) % 2 or b"\x00" not in data:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    if odd >= 4 * even:
        return "utf-16-le"
    if even >= 4 * odd:
        return "utf-16-be"
    return None


def decode_named(data: bytes) -> tuple[str, str]:
    """``(text, encoding used)`` of decklist bytes, trying ``DECODE_ORDER``; the encoding is one of ``utf-8``,
    ``utf-16`` (with a mark), ``utf-16-le``, ``utf-16-be`` and ``shift_jis``. A byte order mark is not part of
    the text. Raises ``UndecodableText``."""
    for bom, name, encoding in _BOMS:
        if data.startswith(bom):  # a mark decides: the other attempts would read it as characters
            if (text := _attempt(data[len(bom) :], encoding)) is None:
                raise UndecodableText()
            return text, name
    if (text := _attempt(data, "utf-8")) is not None:
        return text, "utf-8"
    if (utf16 := _utf16_without_mark(data)) and (text := _attempt(data, utf16)) is not None:
        return text, utf16
    if (text := _attempt(data, "cp932")) is not None:
        return text, "shift_jis"
    raise UndecodableText()


def decode(data: bytes) -> str:
    """The text of decklist bytes (``decode_named`` without the encoding). Raises ``UndecodableText``."""
    return decode_named(data)[0]

"""The deck list as a PNG image, drawn on the server with Pillow.

Server-side rather than a canvas in the browser: the image has a plain URL (``/decks/<id>/list.png``) that can
be shared, saved or embedded anywhere, it works without JavaScript, and every reader gets the same picture
because the font is ours, not whatever the reader's browser has for Japanese.

Japanese names need a CJK font: ``font_path`` looks for Noto Sans CJK (Debian's fonts-noto-cjk) with fc-match
and at its known paths, then for any TrueType font, and falls back to Pillow's built-in font (Latin only: the
image is still made, names in kana show as boxes) so a missing package never breaks the export.
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf",
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
)
LATIN_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",)
WIDTH = 1200
MARGIN = 40
COLUMNS = 3
LINE = 30  # pixels per text line
BACKGROUND, INK, MUTED, ACCENT = "#ffffff", "#1a1a1a", "#5c5c5c", "#b2281f"


@functools.cache
def font_path() -> str | None:
    """The path of a font with Japanese glyphs, else a Latin one, else None (Pillow's built-in font)."""
    found = None
    if shutil.which("fc-match"):
        try:
            out = subprocess.run(
                ["fc-match", "-f", "%{file}", "Noto Sans CJK JP:lang=ja"],
                capture_output=True, text=True, timeout=5, check=False,
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out and "CJK" in out and Path(out).is_file():
            found = out
    for path in (found, *CJK_FONTS, *LATIN_FONTS):
        if path and Path(path).is_file():
            return path
    return None


def _font(size: int):
    path = font_path()
    if path is None:
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(path, size=size, index=0)  # index 0 of the Noto CJK collection is the JP face


def _column_lines(sections: list[dict]) -> list[tuple[str, str]]:
    """``(style, text)`` lines for the sections: ``head`` a section, ``group`` a card type, ``card`` an entry."""
    lines: list[tuple[str, str]] = []
    for section in sections:
        size = f"/{section['size']}" if section.get("size") else ""
        lines.append(("head", f"{section['title']}  {section['count']}{size}"))
        for group in section["groups"]:
            if group.get("titled", True):
                lines.append(("group", f"{group['title']} ({group['count']})"))
            lines += [("card", f"{e.count}  {e.card.name}") for e in group["entries"]]
        lines.append(("gap", ""))
    return lines


def _split(lines: list, columns: int) -> list[list]:
    """Lines into at most ``columns`` columns of similar height, breaking after a gap or a card where possible."""
    per = max(1, -(-len(lines) // columns))
    out, current = [], []
    for line in lines:
        current.append(line)
        if len(current) >= per and line[0] in ("gap", "card") and len(out) < columns - 1:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def _fit(draw, text: str, font, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def deck_png(*, title: str, subtitle: str, sections: list[dict], footer: str) -> bytes:
    """A PNG of the list: ``title`` (the deck name), ``subtitle`` (game · format · count), the ``sections`` of
    ``decks.pages.sections`` in columns, and ``footer``. Returns the PNG bytes."""
    columns = _split(_column_lines(sections), COLUMNS)
    rows = max((len(c) for c in columns), default=0)
    height = MARGIN * 2 + 110 + rows * LINE + 40
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    fonts = {"title": _font(40), "sub": _font(22), "head": _font(24), "group": _font(19), "card": _font(21)}
    draw.text((MARGIN, MARGIN), _fit(draw, title, fonts["title"], WIDTH - 2 * MARGIN), fill=INK,
              font=fonts["title"])
    draw.text((MARGIN, MARGIN + 54), subtitle, fill=MUTED, font=fonts["sub"])
    draw.line((MARGIN, MARGIN + 96, WIDTH - MARGIN, MARGIN + 96), fill=ACCENT, width=3)
    column_width = (WIDTH - 2 * MARGIN) // COLUMNS
    for n, column in enumerate(columns):
        x, y = MARGIN + n * column_width, MARGIN + 112
        for style, text in column:
            if style != "gap":
                colour = ACCENT if style == "head" else MUTED if style == "group" else INK
                draw.text((x, y), _fit(draw, text, fonts[style], column_width - 16), fill=colour, font=fonts[style])
            y += LINE
    draw.text((MARGIN, height - MARGIN - 10), footer, fill=MUTED, font=fonts["group"])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()

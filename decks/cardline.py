"""One card line of a decklist, as people write it: a count, a name and/or a set reference. Pure Python.

Read (after NFKC, so full-width digits and letters are ASCII): ``4 Name``, ``4x Name``, ``x4 Name``,
``Name x4``, ``Name`` (one copy), glued Japanese forms (``3下忍カスミ``, ``下忍カスミ×3``), the 枚 counter
(``3枚 Name``, ``Name x3枚``, ``Name 3枚``), tab-separated columns (``3<TAB>Name``, ``Name<TAB>3``), a leading
bullet (``- ``, ``* ``, ``・``, ``•``, ``■`` …), and a set reference: ``LG01-001`` alone, ``Name [LG01 001]``, or
``Name (LG01) 001`` (the set in brackets, then the number). docs/formats.md "Decklist text" lists them all.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .legality.report import Problem

MAX_COUNT = 99  # copies on one line, and of one card in one section once its lines are added up

_SET = r"[A-Za-z]{1,8}\d{0,4}[A-Za-z]?"
_NUMBER = r"[A-Za-z]{0,2}\d{1,4}[A-Za-z]?"
_REF = rf"({_SET})[\s\-/#]+({_NUMBER})"
_REF_ALONE = re.compile(rf"^[\[(]?{_REF}[\])]?$")
_REF_AFTER_NAME = re.compile(rf"^(.*?)\s*[\[(]{_REF}[\])]$")
_SET_THEN_NUMBER = re.compile(rf"^(.*?)\s*\(({_SET})\)\s*({_NUMBER})$")  # "下忍カスミ (LG01) 007" (Arena style)
_X = r"[x×*]"
_MAI = re.compile(rf"^(\d+)\s*枚\s*(\S.*)$|^(\S.*?)\s*(?:{_X}\s*)?(\d+)\s*枚$", re.IGNORECASE)  # 3枚 Name / Name x3枚
_TAB_LAST = re.compile(rf"^(\S.*?)\t+(?:{_X}\s*)?(\d+)$", re.IGNORECASE)  # a spreadsheet's two columns
_COUNT_FIRST = re.compile(rf"^(\d+)(?:\s*{_X})?\s+(\S.*)$|^(\d+){_X}(\S.*)$", re.IGNORECASE)
_COUNT_X_FIRST = re.compile(rf"^{_X}(\d+)\s+(\S.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(rf"^(\S.*?)\s+{_X}\s*(\d+)$", re.IGNORECASE)
# Glued forms (Japanese lists): "3下忍カスミ", "下忍カスミ×3", "下忍カスミx3" (x glued only after a non-ASCII name)
_COUNT_GLUED_FIRST = re.compile(r"^(\d{1,2})([^\x00-\x7f\d].*)$")
_COUNT_GLUED_LAST = re.compile(r"^(\S.*?)(?:×|(?<=[^\x00-\x7f])[x*])(\d+)$", re.IGNORECASE)
_ONLY_COUNT = re.compile(rf"^\d+\s*{_X}?\s*枚?$", re.IGNORECASE)
# A list bullet: an ASCII one needs a space after it ("*3 Name" is "x3 Name"); a Japanese one may be glued
_BULLET = re.compile(r"^(?:[-*+]\s+|[・•●○◎■□◆◇▪▫▸▶►‣◦]\s*)")


@dataclass
class Line:
    """One card line as read: ``name`` and/or a ``ref`` (set code, number)."""

    number: int
    section: str | None
    count: int
    name: str | None
    ref: tuple[str, str] | None
    whole: str | None = None  # the whole line when it may also be a name starting with digits (one copy)


def unreadable(number: int, raw: str, why: str, why_ja: str) -> Problem:
    return Problem(
        "codec.unreadable_line",
        f"Line {number} cannot be read ({why}): “{raw}”",
        f"{number}行目を読めません（{why_ja}）：「{raw}」",
        line=number,
    )


def without_bullet(text: str) -> str:
    """``text`` without a leading list bullet (``- 3 Name``, ``・下忍カスミ×3``, ``■デッキ``)."""
    return _BULLET.sub("", text, count=1)


def _count_and_rest(text: str) -> tuple[int, str, str | None]:
    """(count, the rest of the line, the whole line when it may be a name starting with digits)."""
    if m := _MAI.match(text):
        if m.group(1):
            return int(m.group(1)), m.group(2), None
        return int(m.group(4)), m.group(3), None
    if m := _COUNT_FIRST.match(text):
        return int(m.group(1) or m.group(3)), (m.group(2) or m.group(4)), None
    if m := _COUNT_X_FIRST.match(text):
        return int(m.group(1)), m.group(2), None
    if m := _TAB_LAST.match(text):  # after the count-first forms: "3<TAB>Name<TAB>(LG01)<TAB>007" ends in a number
        return int(m.group(2)), m.group(1), None
    if m := _COUNT_LAST.match(text):
        return int(m.group(2)), m.group(1), None
    if m := _COUNT_GLUED_LAST.match(text):
        return int(m.group(2)), m.group(1), None
    if m := _COUNT_GLUED_FIRST.match(text):  # "44ソニック…" may be a name: resolve() tries the whole line
        return int(m.group(1)), m.group(2), text
    return 1, text, None


def _name_and_ref(rest: str) -> tuple[str | None, tuple[str, str] | None]:
    name = rest.strip()
    if m := _REF_ALONE.match(name):
        return None, (m.group(1).upper(), m.group(2).upper())
    if m := (_REF_AFTER_NAME.match(name) or _SET_THEN_NUMBER.match(name)):
        return m.group(1).strip() or None, (m.group(2).upper(), m.group(3).upper())
    return name, None


def read_card_line(number: int, text: str, section: str | None) -> Line | Problem:
    """The card line ``text`` (NFKC, stripped, bullet removed) as a ``Line``, or a ``codec.unreadable_line``
    problem: a count with no card, a count outside 1..``MAX_COUNT``, or no letter in the name."""
    if _ONLY_COUNT.match(text):
        return unreadable(number, text, "a count with no card", "枚数だけでカード名がありません")
    count, rest, whole = _count_and_rest(text)
    if not 1 <= count <= MAX_COUNT:
        return unreadable(number, text, f"count {count} is not between 1 and {MAX_COUNT}", f"枚数{count}は範囲外です")
    name, ref = _name_and_ref(rest)
    if name is not None and not any(unicodedata.category(c).startswith("L") for c in name):
        return unreadable(number, text, "no card name", "カード名がありません")
    return Line(number, section, count, name, ref, whole)

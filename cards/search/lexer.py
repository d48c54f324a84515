"""Tokenizer of the search language.

The query is normalised character by character with NFKC, so full-width letters, digits and operators
(``ＡＴＫ＞＝３``) read as their half-width forms, while every token keeps its 1-based position
in the query as typed. Tokens: ``(``, ``)``, ``or``, ``-`` (negation), free words, ``"quoted phrases"``
and ``key OP value`` terms.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from . import errors as E
from .errors import QueryError

LPAREN, RPAREN, OR, NEG, WORD, PHRASE, TERM = "(", ")", "or", "-", "word", "phrase", "term"
OPERATORS = ("!=", "<=", ">=", ":", "=", "<", ">")
_QUOTES = str.maketrans({"“": '"', "”": '"', "「": '"', "」": '"'})
_TERM = re.compile(r"^([^\s:<>=!()\"]+)(!=|<=|>=|:|=|<|>)(.*)$", re.DOTALL)
_STOP = set(' \t\r\n()"')


@dataclass(frozen=True)
class Token:
    """One token; ``position`` is 1-based in the original query, ``text`` the original characters."""

    kind: str
    position: int
    text: str
    value: str = ""
    key: str = ""
    op: str = ""
    value_position: int = 0


def normalise(query: str) -> tuple[str, list[int]]:
    """NFKC-normalise ``query`` one character at a time.

    Returns ``(text, origin)`` where ``origin[i]`` is the 1-based position in ``query`` of ``text[i]``
    (one more entry at the end, for "the end of the query").
    """
    chars: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(query.translate(_QUOTES), start=1):
        for out in unicodedata.normalize("NFKC", char):
            chars.append(out)
            origin.append(index)
    origin.append(len(query) + 1)
    return "".join(chars), origin


def tokenize(query: str) -> list[Token]:
    """Split ``query`` into tokens. Raises ``QueryError`` for an unclosed quote, a bare '-' or a key without
    value."""
    text, origin = normalise(query)
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in "()":
            tokens.append(Token(LPAREN if char == "(" else RPAREN, origin[i], query[origin[i] - 1]))
            i += 1
        elif char == '"':
            value, end = _quoted(text, i, query, origin)
            tokens.append(Token(PHRASE, origin[i], _original(query, origin, i, end), value=value))
            i = end
        elif char == "-":
            if i + 1 >= len(text) or text[i + 1].isspace() or text[i + 1] == ")":
                raise QueryError(E.DANGLING_MINUS, origin[i], query[origin[i] - 1])
            tokens.append(Token(NEG, origin[i], query[origin[i] - 1]))
            i += 1
        else:
            token, i = _bare(text, i, query, origin)
            tokens.append(token)
    return tokens


def _original(query: str, origin: list[int], start: int, end: int) -> str:
    """The characters of the original query behind ``text[start:end]``."""
    return query[origin[start] - 1 : origin[end] - 1] if end > start else ""


def _quoted(text: str, start: int, query: str, origin: list[int]) -> tuple[str, int]:
    """Read a quoted phrase starting at the quote ``text[start]``; return (phrase, index after closing
    quote)."""
    end = text.find('"', start + 1)
    if end < 0:
        raise QueryError(E.UNCLOSED_QUOTE, origin[start], query[origin[start] - 1 :])
    return unicodedata.normalize("NFKC", text[start + 1 : end]), end + 1


def _bare(text: str, start: int, query: str, origin: list[int]) -> tuple[Token, int]:
    """Read a word or a ``key OP value`` term starting at ``text[start]``."""
    end = start
    while end < len(text) and text[end] not in _STOP:
        end += 1
    chunk = text[start:end]
    original = _original(query, origin, start, end)
    match = _TERM.match(chunk)
    if not match:
        kind = OR if chunk.lower() == "or" else WORD
        return Token(kind, origin[start], original, value=unicodedata.normalize("NFKC", chunk)), end
    key, op, value = match.group(1).lower(), match.group(2), match.group(3)
    op_index = start + match.start(2)
    value_index = start + match.start(3)
    if not value and end < len(text) and text[end] == '"':
        value, end = _quoted(text, end, query, origin)
        original = _original(query, origin, start, end)
    elif not value:
        message = E.MISSING_VALUE.format(key=match.group(1), op=op)
        raise QueryError(message, origin[op_index], original, key=key)
    token = Token(
        TERM,
        origin[start],
        original,
        value=unicodedata.normalize("NFKC", value),
        key=key,
        op=op,
        value_position=origin[value_index],
    )
    return token, end

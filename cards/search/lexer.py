"""Tokenizer of the search language.

The query is normalised character by character with NFKC, so full-width letters, digits and operators
(``ＡＴＫ＞＝３``) read as their half-width forms, while every token keeps its 1-based position
in the query as typed. Tokens: ``(``, ``)``, ``or``, ``-`` (negation), free words, ``"quoted phrases"``
and ``key OP value`` terms.

Limits (each refused with a ``QueryError`` naming the limit and where it is crossed): ``MAX_LENGTH``
characters, ``MAX_TERMS`` words and terms, no control characters (a NUL cannot reach PostgreSQL).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from . import errors as E
from .errors import query_error

LPAREN, RPAREN, OR, NEG, WORD, PHRASE, TERM = "(", ")", "or", "-", "word", "phrase", "term"
OPERATORS = ("!=", "<=", ">=", ":", "=", "<", ">")
_QUOTES = str.maketrans({"“": '"', "”": '"', "「": '"', "」": '"'})
_TERM = re.compile(r"^([^\s:<>=!()\"]+)(!=|<=|>=|:|=|<|>)(.*)$", re.DOTALL)
_STOP = set(' \t\r\n()"')
MAX_LENGTH = 500  # characters of the query as typed
MAX_TERMS = 30  # words, phrases and key terms; each becomes a few SQL conditions
_ALLOWED_CONTROLS = set("\t\r\n")
_WORD_KINDS = ("word", "phrase", "term")


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


def check_limits(query: str) -> None:
    """Refuse a query longer than ``MAX_LENGTH`` or holding a control character (``QueryError``)."""
    if len(query) > MAX_LENGTH:
        raise query_error(
            E.TOO_LONG, MAX_LENGTH + 1, query[MAX_LENGTH : MAX_LENGTH + 20], limit=MAX_LENGTH, length=len(query)
        )
    for index, char in enumerate(query, start=1):
        if char not in _ALLOWED_CONTROLS and unicodedata.category(char) in ("Cc", "Cs"):
            raise query_error(E.CONTROL_CHARACTER, index, repr(char)[1:-1], code=f"{ord(char):04X}")


def tokenize(query: str) -> list[Token]:
    """Split ``query`` into tokens.

    Raises ``QueryError`` for a query over the limits (``check_limits``, ``MAX_TERMS``), an unclosed quote,
    an empty phrase, a bare '-', an operator without a key before it or a key without value.
    """
    check_limits(query)
    tokens = _tokens(query)
    terms = [token for token in tokens if token.kind in _WORD_KINDS]
    if len(terms) > MAX_TERMS:
        extra = terms[MAX_TERMS]
        raise query_error(E.TOO_MANY_TERMS, extra.position, extra.text, limit=MAX_TERMS)
    return tokens


def _tokens(query: str) -> list[Token]:
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
                raise query_error(E.DANGLING_MINUS, origin[i], query[origin[i] - 1])
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
        raise query_error(E.UNCLOSED_QUOTE, origin[start], query[origin[start] - 1 :])
    phrase = unicodedata.normalize("NFKC", text[start + 1 : end])
    if not phrase.strip():  # "" would match every card
        raise query_error(E.EMPTY_PHRASE, origin[start], _original(query, origin, start, end + 1))
    return phrase, end + 1


def _bare(text: str, start: int, query: str, origin: list[int]) -> tuple[Token, int]:
    """Read a word or a ``key OP value`` term starting at ``text[start]``."""
    end = start
    while end < len(text) and text[end] not in _STOP:
        end += 1
    chunk = text[start:end]
    original = _original(query, origin, start, end)
    match = _TERM.match(chunk)
    if not match:
        operator = next((op for op in OPERATORS if chunk.startswith(op)), None)
        if operator is not None:  # ``atk >= 3``: the operator lost its key
            raise query_error(E.OPERATOR_WITHOUT_KEY, origin[start], original, op=operator)
        kind = OR if chunk.lower() == "or" else WORD
        return Token(kind, origin[start], original, value=unicodedata.normalize("NFKC", chunk)), end
    key, op, value = match.group(1).lower(), match.group(2), match.group(3)
    op_index = start + match.start(2)
    value_index = start + match.start(3)
    if not value and end < len(text) and text[end] == '"':
        value, end = _quoted(text, end, query, origin)
        original = _original(query, origin, start, end)
    elif not value:
        raise query_error(E.MISSING_VALUE, origin[op_index], original, key, key=match.group(1), op=op)
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

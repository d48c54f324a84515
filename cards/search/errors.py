"""The one error the search language raises: what was wrong, where (1-based), and the offending text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class QueryError(Exception):
    """A malformed query. ``position`` is 1-based in the query as typed; ``fragment`` is the bad part of it.

    ``key`` names the search key involved, when there is one (``hp`` in ``hp:abc``).
    """

    message: str
    position: int
    fragment: str
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.message} (position {self.position}: {self.fragment!r})"

    def as_dict(self) -> dict:
        """The error as the API and the pages report it."""
        return {
            "detail": str(self),
            "message": self.message,
            "position": self.position,
            "fragment": self.fragment,
            "key": self.key,
        }


# Message templates, reused by the tests so a rewording cannot break them silently.
UNCLOSED_QUOTE = "unclosed quote"
UNCLOSED_PAREN = "unclosed parenthesis"
UNEXPECTED_PAREN = "')' without a matching '('"
EMPTY_PARENS = "empty parentheses"
DANGLING_MINUS = "'-' must be followed by a term"
DANGLING_OR = "'or' needs a term on each side"
MISSING_VALUE = "{key}{op} has no value after '{op}'"
UNKNOWN_KEY = "unknown search key '{key}'"
NOT_A_NUMBER = "{key} takes a whole number, not '{value}'"
BAD_OPERATOR = "{key} takes ':' or '=' (or '!='), not '{op}'"
BAD_CHOICE = "{key} takes one of {choices}, not '{value}'"

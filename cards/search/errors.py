"""The one error the search language raises: what was wrong, where (1-based), and the offending text.

Messages are templates (``gettext_noop``): ``QueryError.message`` is the English text the API answers and the
tests compare; ``QueryError.localized()`` is the same message in the active language, for the pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _


@dataclass(frozen=True)
class QueryError(Exception):
    """A malformed query. ``position`` is 1-based in the query as typed; ``fragment`` is the bad part of it.

    ``key`` names the search key involved, when there is one (``hp`` in ``hp:abc``). ``template`` and
    ``params`` are the message before formatting (``message == template.format(**dict(params))``).
    """

    message: str
    position: int
    fragment: str
    key: str | None = None
    template: str = ""
    params: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        return f"{self.message} (position {self.position}: {self.fragment!r})"

    def localized(self) -> str:
        """The message in the active language (English when it has no translation)."""
        if not self.template:
            return self.message
        params = dict(self.params)
        if "codes" in params:  # the choices in the reader's words: 赤 for red, "Silver Castle starter"
            from .labels import choice_list

            params["choices"] = choice_list(params["codes"])
        return gettext(self.template).format(**params)

    def as_dict(self) -> dict:
        """The error as the API and the pages report it."""
        return {
            "detail": str(self),
            "message": self.message,
            "position": self.position,
            "fragment": self.fragment,
            "key": self.key,
        }


def query_error(
    template: str, position: int, fragment: str, search_key: str | None = None, /, **params
) -> QueryError:
    """A ``QueryError`` whose message is ``template`` formatted with ``params`` (and translatable)."""
    return QueryError(template.format(**params), position, fragment, search_key, template, tuple(params.items()))


# Message templates, reused by the tests so a rewording cannot break them silently.
UNCLOSED_QUOTE = _("unclosed quote")
UNCLOSED_PAREN = _("unclosed parenthesis")
UNEXPECTED_PAREN = _("')' without a matching '('")
EMPTY_PARENS = _("empty parentheses")
EMPTY_PHRASE = _("empty phrase: write something between the quotes")
DANGLING_MINUS = _("'-' must be followed by a term")
DANGLING_OR = _("'or' needs a term on each side")
MISSING_VALUE = _("{key}{op} has no value after '{op}'")
OPERATOR_WITHOUT_KEY = _("'{op}' has no search key before it (write it without spaces, e.g. atk{op}3)")
UNKNOWN_KEY = _("unknown search key '{key}'")
NOT_A_NUMBER = _("{key} takes a whole number, not '{value}'")
NUMBER_TOO_BIG = _("{key} takes a number between -{limit} and {limit}, not '{value}'")
NONE_NEEDS_EQUALITY = _("{key}{op}− is not a comparison: write {key}:− or {key}!=−")
BAD_OPERATOR = _("{key} takes ':' or '=' (or '!='), not '{op}'")
BAD_CHOICE = _("{key} takes one of {choices}, not '{value}'")
CONTROL_CHARACTER = _("control character U+{code} is not allowed in a search")
TOO_LONG = _("a search is at most {limit} characters long; this one has {length}")
TOO_DEEP = _("at most {limit} brackets and '-' signs may be nested")
TOO_MANY_TERMS = _("a search takes at most {limit} words and terms")
UNKNOWN_ORDER = _("cannot sort by '{value}'; sort by one of {choices} (put - before it for descending)")
BAD_ORDER_OPERATOR = _("{key} takes ':' (order:name, order:-atk), not '{op}'")
ORDER_NOT_TOP_LEVEL = _("order: sorts the whole search: put it outside brackets, 'or' and '-'")
BAD_ORDER_PARAMETER = _("order takes a sort key such as name or -atk, not '{value}'")
# Descriptions standing in for a list of choices in BAD_CHOICE.
ANY_TEXT = _("a text, optionally with * at either end")
A_NAME = _("a name")
DISTINCT_VALUES = _("distinct values")

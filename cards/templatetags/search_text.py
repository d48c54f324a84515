"""``{{ text|code_terms }}``: the search help's sentences with their search-language terms set as ``<code>``.

A translated sentence of the help page names keys and operators (``order:name``, ``or``, ``faction``); in Japanese
every run of Latin letters in such a sentence is a term of the query language (or the rules' "IL"), so it is set as
code; in English only the ``key:value`` / ``key>=n`` terms are, the rest being English words.
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

KEEP_AS_TEXT = {"IL", "API"}  # the rules' own abbreviation and the site's, written so in Japanese
_TERM_CHARS = r"[A-Za-z0-9_:!=<>*/?+\-−]"
_JA_TERM = re.compile(rf"{_TERM_CHARS}*[A-Za-z]{_TERM_CHARS}*")
_EN_TERM = re.compile(r"-?[a-z_]+(?::|!=|<=|>=|=|<|>)[^\s,;()]+|\?order=[^\s,;()]+|\border:(?=\s)")


def _pieces(pattern: re.Pattern, text: str):
    """The text between terms escaped, each term (but the abbreviations kept as text) in <code>."""
    out, last = [], 0
    for match in pattern.finditer(text):
        term = match.group(0).rstrip(".")
        out.append(escape(text[last:match.start()]))
        out.append(escape(term) if term in KEEP_AS_TEXT else f"<code>{escape(term)}</code>")
        last = match.start() + len(term)
    out.append(escape(text[last:]))
    return "".join(out)


@register.filter(is_safe=True)
def code_terms(text: str) -> str:
    """Escape ``text`` and set its search terms in ``<code>`` (see the module docstring)."""
    pattern = _JA_TERM if (get_language() or "").startswith("ja") else _EN_TERM
    return mark_safe(_pieces(pattern, str(text)))

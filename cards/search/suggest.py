"""Name suggestions while typing: at most ``limit`` distinct card names for what has been typed so far.

Names or readings (kana) that start with the text come first, shortest first; then names or readings that
contain it. Hiragana and katakana match each other (``かす`` finds カスミ) and Latin letters ignore case. On
PostgreSQL both steps are served by the pg_trgm GIN indexes on ``name`` and ``reading`` (migration 0003;
``LIKE 'x%'`` and ``LIKE '%x%'`` alike), each step reading at most ``limit * 3`` rows.
"""

from __future__ import annotations

import unicodedata

from django.db.models import F, Q, QuerySet, Value
from django.db.models.functions import Coalesce, Length, NullIf

from .compiler import kana_variants

MAX_SUGGESTIONS = 10
MAX_TEXT = 100  # characters: a name is never longer than this in practice
SUGGEST_FIELDS = ("id", "name", "reading", "card_type", "card_set__code", "collector_number")


def _matching(text: str, lookup: str) -> Q:
    """``name`` or ``reading`` ``lookup`` (``startswith``/``contains``) one of ``text``'s kana variants."""
    condition = Q(pk__in=[])
    for variant in kana_variants(text):
        caseless = variant == variant.upper() == variant.lower()
        name = lookup if caseless else f"i{lookup}"
        condition |= Q(**{f"name__{name}": variant}) | Q(**{f"reading__{name}": variant})
    return condition


def suggest_names(queryset: QuerySet, text: str, limit: int = MAX_SUGGESTIONS) -> list[dict]:
    """Up to ``limit`` rows (``SUGGEST_FIELDS``), one per distinct name, prefix matches first.

    ``queryset``: the cards to choose from (one game's). ``text``: what was typed (NFKC-normalised here, so
    full-width letters match); blank text suggests nothing. Of several printings of a name, the first by id
    is given.
    """
    text = unicodedata.normalize("NFKC", text).strip()[:MAX_TEXT]
    if not text or limit < 1:
        return []
    rows: list[dict] = []
    seen: set[str] = set()
    for lookup in ("startswith", "contains"):
        candidates = (
            queryset.filter(_matching(text, lookup))
            .exclude(name__in=seen)
            .order_by(Length("name"), Coalesce(NullIf(F("reading"), Value("")), F("name")), "id")
            .values(*SUGGEST_FIELDS)[: limit * 3]
        )
        for row in candidates:
            if row["name"] not in seen:
                seen.add(row["name"])
                rows.append(row)
            if len(rows) == limit:
                return rows
    return rows

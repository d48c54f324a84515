"""The search key of card abilities: ``kw:速攻`` (``keyword:``) finds the cards whose ``Card.abilities``
keywords hold that keyword (Legions: 速攻, 衝撃, … ; Riders' Legend's vocabulary has none yet).

The keywords a value may name come from each game's vocabulary (``cards.abilities.vocabulary_for``), so a
keyword added to a vocabulary is searchable at once; an English name (``kw:haste``) means the same keyword.
A parameterised keyword is searched by its code (``kw:衝撃`` finds 衝撃1 and 衝撃2).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q
from django.db.models.fields.json import KT
from django.db.models.lookups import Exact, IsNull

from cards.abilities import vocabulary_codes, vocabulary_for

ABILITY_KEYS = {"kw": "kw", "keyword": "kw"}
MAX_KEYWORDS = 8  # keywords scanned per card without PostgreSQL containment (no seed card has more than 3)


def keyword_games(game_codes: Sequence[str]) -> tuple[str, ...]:
    """The games of ``game_codes`` that have an ability vocabulary (those ``kw:`` searches)."""
    return tuple(code for code in game_codes if code in vocabulary_codes())


def keyword_names(game_codes: Sequence[str]) -> dict[str, str]:
    """Every spelling ``kw:`` takes for the games ``game_codes`` (code, English name, lower-cased) -> code."""
    names: dict[str, str] = {}
    for code in keyword_games(game_codes):
        for term in vocabulary_for(code).keywords:
            names[term.code] = term.code
            if term.name_en:
                names[term.name_en.lower()] = term.code
    return names


def keyword_condition(keyword: str, game_codes: Sequence[str], *, postgres: bool) -> Q:
    """Cards of ``game_codes`` whose abilities list ``keyword`` (a vocabulary code); two-valued, so a negated
    term keeps the cards without abilities."""
    if postgres:
        condition = Q(abilities__contains={"keywords": [{"keyword": keyword}]})
    else:
        condition = Q()
        for index in range(MAX_KEYWORDS):
            element = KT(f"abilities__keywords__{index}__keyword")
            part = Q(IsNull(element, False)) & Q(Exact(element, keyword))
            condition = part if index == 0 else condition | part
    games = keyword_games(game_codes)
    return condition if len(games) == len(game_codes) else Q(game__code__in=games) & condition

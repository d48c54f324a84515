"""Card abilities on the catalogue card: which vocabulary checks a game's ``Card.abilities``.

A game's vocabulary is defined once, in its engine (``referee.games.<game>.abilities.VOCABULARY``, on the
game-neutral ``referee.abilities`` mechanism) and named by its spec's ``abilities`` part (``referee.registry``);
the catalogue validates, renders and searches with it. A game without a vocabulary (Iron Leaguer: its cards'
effects are the engine's rules) keeps ``abilities`` empty.
"""

from __future__ import annotations

from typing import Any

from referee import registry
from referee.abilities import Problem, Vocabulary

NO_VOCABULARY = "{game} cards have no abilities vocabulary: abilities must be empty ({{}})"
NOT_AN_OBJECT = "must be an object (a JSON mapping), not {value!r}"


def vocabulary_for(game_code: str) -> Vocabulary | None:
    """The ability vocabulary of ``game_code``, or None for a game that has none (or is not registered)."""
    if not registry.is_game(game_code):
        return None
    vocabulary: Vocabulary | None = registry.spec(game_code).part("abilities")
    return vocabulary


def vocabulary_codes() -> list[str]:
    """The registered games that have an ability vocabulary, in the registry's order."""
    return [spec.code for spec in registry.specs() if spec.abilities is not None]


def abilities_problems(game_code: str, abilities: Any) -> list[Problem]:
    """Every problem of ``abilities`` for a card of ``game_code`` (``[]`` when valid). Each problem's
    ``field`` is the dotted path inside ``abilities`` (``triggers.0.effects.0.amount``), empty for the whole
    value. An empty mapping is always valid (a card without abilities)."""
    if not isinstance(abilities, dict):
        return [Problem("", NOT_AN_OBJECT.format(value=abilities))]
    if not abilities:
        return []
    vocabulary = vocabulary_for(game_code)
    if vocabulary is None:
        return [Problem("", NO_VOCABULARY.format(game=game_code))]
    return vocabulary.validate(abilities)


def field_name(problem: Problem) -> str:
    """The field a problem names, as an import or a form says it: ``abilities.triggers.0.when``."""
    return f"abilities.{problem.field}" if problem.field else "abilities"


def _shown(game_code: str, abilities: Any) -> Vocabulary | None:
    """The vocabulary that shows ``abilities``; None when there is nothing to show (no abilities, a game without
    a vocabulary, or stored data its vocabulary refuses)."""
    vocabulary = vocabulary_for(game_code)
    if vocabulary is None or not isinstance(abilities, dict) or not abilities or vocabulary.validate(abilities):
        return None
    return vocabulary


def _keyword(vocabulary: Vocabulary, item: dict, lang: str) -> tuple[str, str]:
    """A keyword of the abilities as ``(text, reminder)`` in ``lang``: ``("衝撃1", "このアタックが…")``."""
    params = {k: v for k, v in item.items() if k != "keyword"}
    return vocabulary.render_term("keyword", item, lang), vocabulary.reminder(item["keyword"], lang, **params)


def card_page_abilities(game_code: str, abilities: Any) -> dict | None:
    """What the card page shows of ``abilities``: ``{"ja": [line], "en": [line], "keywords": [{"code", "ja",
    "en", "reminder_ja", "reminder_en"}], "not_refereed": text, "sample": bool}``; None when there is nothing
    to show (no abilities, a game without a vocabulary, or stored data its vocabulary refuses)."""
    vocabulary = _shown(game_code, abilities)
    if vocabulary is None:
        return None
    keywords = []
    for item in abilities.get("keywords", []):
        (ja, reminder_ja), (en, reminder_en) = _keyword(vocabulary, item, "ja"), _keyword(vocabulary, item, "en")
        keywords.append({"code": item["keyword"], "ja": ja, "en": en, "reminder_ja": reminder_ja,
                         "reminder_en": reminder_en})
    return {
        "ja": vocabulary.render(abilities, "ja"),
        "en": vocabulary.render(abilities, "en"),
        "keywords": keywords,
        "not_refereed": abilities.get("not_refereed", ""),
        "sample": bool(abilities.get("sample")),
    }


def api_abilities(game_code: str, abilities: Any, lang: str) -> dict | None:
    """The card API's ``abilities`` (docs/api.md, "Cards"): what the card page shows, in one language ``lang``
    ("ja" or "en"), beside the structured data: ``{"data": abilities, "text": [line], "keywords": [{"code",
    "name", "reminder"}], "not_refereed": text, "sample": bool}``. None when the card page shows nothing (no
    abilities, a game without a vocabulary, or stored data its vocabulary refuses). Renders ``lang`` only, so a
    list page of cards costs one rendering per card."""
    vocabulary = _shown(game_code, abilities)
    if vocabulary is None:
        return None
    keywords = []
    for item in abilities.get("keywords", []):
        name, reminder = _keyword(vocabulary, item, lang)
        keywords.append({"code": item["keyword"], "name": name, "reminder": reminder})
    return {
        "data": abilities,
        "text": vocabulary.render(abilities, lang),
        "keywords": keywords,
        "not_refereed": abilities.get("not_refereed", ""),
        "sample": bool(abilities.get("sample")),
    }

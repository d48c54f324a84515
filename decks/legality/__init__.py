"""Deck legality: one pure function, the same check in the builder, the API, the CLI and at match start.

No Django import: everything is plain data.

``check(deck, cards, format, *, as_of=None) -> Report``
    deck   ``{"game": str, "side": "silver"|"dark"|None, "entries": [{"card": key, "count": int,
           "section": str, "line": int|None}]}``
    cards  ``{key: {"name": str, "card_type": str, "attributes": dict, "game": str}}``: every card it names
    format ``{"code", "game", "name", "sections": {section: {"size"|"min"|"max": int, "types": [card types]}},
           "copy_limit": int|None, "copy_sections": [section]|None, "rules": dict,
           "limits": [{"card": name, "limit": int (0 = banned), "from": "YYYY-MM-DD"|None, "until": …}]}``
    as_of  the date banned and restricted lists are read at (default: today)

Returns every problem at once; see ``report.Problem`` for the shape and ``docs/formats.md`` for the codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from types import ModuleType

from referee import registry

from . import common
from .report import ERROR, WARNING, Problem, Report


def game_rules(game: str) -> ModuleType:
    """The legality module of the registered game ``game`` (its spec's ``legality`` part: ``SECTION_SIZE_CODES``,
    ``TYPE_CODES``, ``PROBLEMS``, ``check(deck, entries, cards, format)`` and, optionally, ``rules_problems``).
    UnknownGame (a KeyError) names the registered games."""
    module: ModuleType = registry.spec(game).part("legality")
    return module


def check(deck: Mapping, cards: Mapping, format: Mapping, *, as_of: date | None = None) -> Report:  # noqa: A002
    """Judge ``deck`` against ``format``; see the module docstring for the shapes. KeyError for an unknown
    game."""
    game = game_rules(format["game"])
    report = Report()
    entries, problems = common.known_entries(deck.get("entries", ()), cards, format)
    report.extend(problems)
    report.extend(common.section_sizes(entries, format, game.SECTION_SIZE_CODES))
    report.extend(common.section_types(entries, cards, format, game.TYPE_CODES))
    report.extend(common.copy_limit(entries, cards, format))
    report.extend(common.banned_and_restricted(entries, cards, format, as_of or date.today()))
    report.extend(game.check(deck, entries, cards, format))
    return report


__all__ = ["ERROR", "WARNING", "Problem", "Report", "check", "game_rules"]

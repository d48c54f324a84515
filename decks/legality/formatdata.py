"""The shape of a format's data, checked before it is saved (admin, seeds). Pure Python: no Django import.

``decks.legality.check`` trusts the format it is given; a malformed one (``{"deck": 40}``, ``"size": "one"``)
would fail on every deck of the format, so ``decks.models.Format.clean`` refuses it with the field named.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

SECTION_KEYS = ("size", "min", "max", "types")
NUMBER_RULES = ("opening_hand", "mulligans")


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _strings(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def section_problems(sections, game_sections: Iterable[str], card_types: Iterable[str]) -> list[str]:
    """Problems of ``sections`` (``{section: {"size"|"min"|"max": int >= 0, "types": [card type]}}``)."""
    if not isinstance(sections, Mapping) or not sections:
        return ['must be an object of sections, e.g. {"deck": {"size": 40}}']
    problems, game_sections, card_types = [], tuple(game_sections), set(card_types)
    for name, rule in sections.items():
        if name not in game_sections:
            problems.append(f"{name!r} is not a section of this game ({', '.join(game_sections)})")
        if not isinstance(rule, Mapping):
            problems.append(f'{name}: must be an object such as {{"size": 40}}, not {rule!r}')
            continue
        for key in set(rule) - set(SECTION_KEYS):
            problems.append(f"{name}: unknown key {key!r} (known: {', '.join(SECTION_KEYS)})")
        for key in ("size", "min", "max"):
            if key in rule and not _count(rule[key]):
                problems.append(f"{name}.{key}: must be a whole number of 0 or more, not {rule[key]!r}")
        if "types" in rule:
            if not _strings(rule["types"]):
                problems.append(f"{name}.types: must be a list of card types, not {rule['types']!r}")
            elif unknown := sorted(set(rule["types"]) - card_types):
                problems.append(f"{name}.types: unknown card types {', '.join(unknown)}")
    return problems


def copy_sections_problems(copy_sections, sections) -> list[str]:
    """Problems of ``copy_sections``: null or a list of the format's sections."""
    if copy_sections is None:
        return []
    if not _strings(copy_sections):
        return [f"must be empty or a list of section names, not {copy_sections!r}"]
    known = sections if isinstance(sections, Mapping) else {}
    return [f"{name!r} is not one of the format's sections" for name in copy_sections if name not in known]


def rules_problems(rules, game_rules: object = None) -> list[str]:
    """Problems of ``rules``: the ``opening_hand``/``mulligans`` counts every game may set, then the game's own
    (``game_rules``, the game's legality module: its ``rules_problems(rules)`` when it has one; Iron Leaguer
    ``roster`` and ``exclusions``)."""
    if not isinstance(rules, Mapping):
        return [f"must be an object, not {rules!r}"]
    problems = [
        f"{key}: must be a whole number of 0 or more, not {rules[key]!r}"
        for key in NUMBER_RULES
        if key in rules and not _count(rules[key])
    ]
    own = getattr(game_rules, "rules_problems", None)
    return problems + (own(rules) if own else [])


def strings(value) -> bool:
    """True for a list of strings (a format's list of names, sections, affiliations)."""
    return _strings(value)

"""The search keys of every game, derived from the game schemas in ``cards.games``.

A game key (``atk``, ``c``, ``aff``…) comes from ``GameSchema.search_keys()``; a game's schema may add keys that
reach inside a nested attribute (Iron Leaguer's ``timing`` and ``kind`` read a technique card's two halves: IL
5.4.1–5.4.2), other spellings of values and group words (``GameSchema.search``).
The common keys (``t``, ``set``, ``r``, ``name``) apply to every game and are handled by the compiler.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cards.games import SCHEMAS, GameSchema, card_type_codes, labels
from cards.games.schema import Attr
from referee import registry

COMMON_KEYS = {
    "t": "t",
    "type": "t",
    "set": "set",
    "s": "set",
    "r": "r",
    "rarity": "r",
    "name": "name",
    "n": "name",
}


@registry.cached
def type_aliases() -> Mapping[str, str]:
    """Japanese card type names accepted by ``t:`` (t:ミニオン), from the labels the pages show."""
    types = set(card_type_codes())
    return {ja: code for code, (_en, ja) in labels().items() if code in types}


@registry.cached
def value_aliases() -> Mapping[str, str]:
    """Other spellings accepted for choice values (spelling -> the schema's value): every Japanese label the pages
    show (シルバースタメン, 攻…) and each game's own short forms (``SearchKeys.aliases``)."""
    types = set(card_type_codes())
    aliases = {ja: code for code, (_en, ja) in labels().items() if code not in types}
    for schema in SCHEMAS.values():
        aliases.update(schema.search.aliases)
    return aliases


@registry.cached
def choice_groups() -> Mapping[str, Mapping[str, tuple[str, ...]]]:
    """Group words a single-choice key also takes, meaning any value of the group (attribute name -> word ->
    values): every game's ``SearchKeys.groups``."""
    groups: dict[str, dict[str, tuple[str, ...]]] = {}
    for schema in SCHEMAS.values():
        for attr, words in schema.search.groups.items():
            groups.setdefault(attr, {}).update(words)
    return groups


@dataclass(frozen=True)
class KeyTarget:
    """Where one key looks in one game: the JSON path inside ``Card.attributes`` and the attribute declared
    there."""

    game: str
    path: tuple[str, ...]
    attr: Attr


def _targets(schema: GameSchema) -> dict[str, list[KeyTarget]]:
    table: dict[str, list[KeyTarget]] = {}
    for key, attr in schema.search_keys().items():
        table.setdefault(key, []).append(KeyTarget(schema.code, (attr.name,), attr))
    for key, paths in schema.search.nested.items():
        for path in paths:
            table.setdefault(key, []).append(KeyTarget(schema.code, path, schema.field_at(path)))
    return table


@registry.cached
def key_table(game_codes: tuple[str, ...]) -> dict[str, tuple[KeyTarget, ...]]:
    """Map each game key of the games ``game_codes`` to its targets (one or more per game)."""
    merged: dict[str, list[KeyTarget]] = {}
    for code in game_codes:
        for key, targets in _targets(SCHEMAS[code]).items():
            merged.setdefault(key, []).extend(targets)
    return {key: tuple(targets) for key, targets in merged.items()}


def card_types(game_codes: Iterable[str]) -> tuple[str, ...]:
    """Every card type of the games ``game_codes``, in schema order."""
    seen: dict[str, None] = {}
    for code in game_codes:
        seen.update(dict.fromkeys(SCHEMAS[code].card_types))
    return tuple(seen)


def all_keys(game_codes: tuple[str, ...]) -> list[str]:
    """The keys documented for ``game_codes``: common keys first, then the games' own keys."""
    return ["t", "set", "r", "name", *key_table(game_codes)]


def resolve_choice(attr: Attr, value: str) -> str | None:
    """The schema value that ``value`` names for a choice attribute (exact, Japanese alias or unique
    prefix)."""
    value = value_aliases().get(value, value).lower()
    if value in attr.choices:
        return value
    prefixed = [choice for choice in attr.choices if choice.startswith(value)]
    return prefixed[0] if len(prefixed) == 1 else None


def choice_group(attr: Attr, value: str) -> tuple[str, ...]:
    """The values the group name ``value`` stands for on ``attr`` (``aff:dark``), or ``()`` if it names none."""
    return choice_groups().get(attr.name, {}).get(value.lower(), ())



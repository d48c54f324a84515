"""The search keys of every game, derived from the game schemas in ``cards.games``.

A game key (``atk``, ``c``, ``aff``…) comes from ``GameSchema.search_keys()``; a few Iron Leaguer keys reach
into a
technique card's two halves (``timing``, ``kind``: IL 5.4.1–5.4.2), which the schema declares as nested
fields.
The common keys (``t``, ``set``, ``r``, ``name``) apply to every game and are handled by the compiler.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from cards.faces import LABELS
from cards.games import SCHEMAS, GameSchema
from cards.games.iron_leaguer import HALF_FIELDS
from cards.games.legions import COLOURS_JA
from cards.games.riders_legend import ALIGNMENTS_JA
from cards.games.schema import CHOICE, Attr

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

_CARD_TYPES = frozenset(code for schema in SCHEMAS.values() for code in schema.card_types)
# Japanese card type names accepted by ``t:`` (t:ミニオン), from the labels the pages show.
TYPE_ALIASES: dict[str, str] = {ja: code for code, (_en, ja) in LABELS.items() if code in _CARD_TYPES}
# Japanese spellings accepted for choice values (value -> the schema's value): every label the pages show
# (シルバースタメン, 攻…), and short forms.
VALUE_ALIASES: dict[str, str] = {
    **{ja: code for code, (_en, ja) in LABELS.items() if code not in _CARD_TYPES},
    **{ja: en for en, ja in COLOURS_JA.items()},
    **{ja: en for en, ja in ALIGNMENTS_JA.items()},
    "攻": "attack",
    "防": "defence",
    "自": "either",  # IL 5.4.2
    "腕": "arm",
    "腕技": "arm",
    "脚": "leg",
    "脚技": "leg",
    "打": "strike",
    "打技": "strike",
    "武": "martial",
    "武技": "martial",  # IL 5.4.1
}


# Group names a single-choice key also takes, meaning any value of the group (attribute name -> group -> values).
# Iron Leaguer: "dark" is the Dark Sports side, both of its affiliations (IL 2.3; glossary: ダーク).
CHOICE_GROUPS: dict[str, dict[str, tuple[str, ...]]] = {
    "affiliation": {
        "dark": ("dark_starter", "dark_leaguer"),
        "ダーク": ("dark_starter", "dark_leaguer"),
        "silver": ("silver_starter",),
        "シルバー": ("silver_starter",),
    },
}


@dataclass(frozen=True)
class KeyTarget:
    """Where one key looks in one game: the JSON path inside ``Card.attributes`` and the attribute declared
    there."""

    game: str
    path: tuple[str, ...]
    attr: Attr


def _half(name: str) -> Attr:
    return next(a for a in HALF_FIELDS if a.name == name)


# Iron Leaguer: a technique's kind and timing are printed per half (IL 5.4.1–5.4.2).
_NESTED_KEYS: dict[str, dict[str, tuple[tuple[str, ...], ...]]] = {
    "iron_leaguer": {
        "kind": (("upper", "kind"), ("lower", "kind")),
        "timing": (("upper", "timing"), ("lower", "timing")),
    },
}


def _targets(schema: GameSchema) -> dict[str, list[KeyTarget]]:
    table: dict[str, list[KeyTarget]] = {}
    for key, attr in schema.search_keys().items():
        table.setdefault(key, []).append(KeyTarget(schema.code, (attr.name,), attr))
    for key, paths in _NESTED_KEYS.get(schema.code, {}).items():
        for path in paths:
            table.setdefault(key, []).append(KeyTarget(schema.code, path, _half(path[-1])))
    return table


@lru_cache(maxsize=16)
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
    value = VALUE_ALIASES.get(value, value).lower()
    if value in attr.choices:
        return value
    prefixed = [choice for choice in attr.choices if choice.startswith(value)]
    return prefixed[0] if len(prefixed) == 1 else None


def choice_group(attr: Attr, value: str) -> tuple[str, ...]:
    """The values the group name ``value`` stands for on ``attr`` (``aff:dark``), or ``()`` if it names none."""
    return CHOICE_GROUPS.get(attr.name, {}).get(value.lower(), ())


def is_single_choice(attr: Attr) -> bool:
    return attr.kind == CHOICE

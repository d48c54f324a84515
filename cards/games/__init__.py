"""Per-game card attribute schemas, declared as data.

Each game's schema module (``cards/games/<game>.py``, named by the game's spec: ``referee.registry``) declares
``GAME`` (a ``GameSchema``): its card types and the typed attributes each type carries, the words for its codes
and its search keys. One declaration drives validation (an impossible card is refused with the field named), the
admin's per-game fields, the CSV columns of import and export, and the search language's keys. Pure Python: no
Django import.

``SCHEMAS`` maps every registered game's code to its schema, in the registry's order, and follows the registry
(a game a test registers appears in it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from referee import registry

from .schema import Attr, AttributeError_, GameSchema, SearchKeys


class _Schemas(Mapping[str, GameSchema]):
    """The registered games' schemas by code (a live view of ``referee.registry``)."""

    def __getitem__(self, code: str) -> GameSchema:
        if not registry.is_game(code):
            raise KeyError(code)
        schema: GameSchema = registry.spec(code).part("card_schema")
        return schema

    def __iter__(self) -> Iterator[str]:
        return iter(registry.codes())

    def __len__(self) -> int:
        return len(registry.codes())

    def __contains__(self, code: object) -> bool:
        return registry.is_game(code)


SCHEMAS: Mapping[str, GameSchema] = _Schemas()


def schema_for(game_code: str) -> GameSchema:
    """Return the schema of the registered game ``game_code``; KeyError if unknown."""
    return SCHEMAS[game_code]


@registry.cached
def labels() -> dict[str, tuple[str, str]]:
    """Every registered game's code labels merged, ``code -> (English, Japanese)`` (``GameSchema.labels``)."""
    merged: dict[str, tuple[str, str]] = {}
    for schema in SCHEMAS.values():
        merged.update(schema.labels)
    return merged


@registry.cached
def card_type_codes() -> tuple[str, ...]:
    """Every card type of every registered game, in the registry's and each schema's order."""
    return tuple(dict.fromkeys(code for schema in SCHEMAS.values() for code in schema.card_types))


__all__ = ["SCHEMAS", "Attr", "AttributeError_", "GameSchema", "SearchKeys", "card_type_codes", "labels",
           "schema_for"]

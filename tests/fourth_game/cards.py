"""Duel's card schema and card face: units with power, spells with damage (the engine's D1, D3)."""

from __future__ import annotations

from typing import Any

from cards.games.schema import INT, Attr, GameSchema, SearchKeys

GAME = GameSchema(
    code="duel",
    card_types=("unit", "spell"),
    attrs=(
        Attr("power", INT, "Power", "パワー", types=frozenset({"unit"}), required=frozenset({"unit"}), minimum=1,
             maximum=5, search_key="pow"),
        Attr("damage", INT, "Damage", "ダメージ", types=frozenset({"spell"}), required=frozenset({"spell"}),
             minimum=1, maximum=3, search_key="dmg"),
    ),
    labels={"unit": ("Unit", "ユニット"), "spell": ("Spell", "呪文")},
    type_nouns={"unit": ("unit", "Units"), "spell": ("spell", "Spells")},
    search=SearchKeys(examples=(("t:unit pow>=3", "Units with power 3 or more"),)),
)


def face(card_type: str, attrs: dict[str, Any], japanese: bool) -> dict[str, Any]:
    """What a Duel card face shows: its power or its damage."""
    return {"power": attrs.get("power"), "damage": attrs.get("damage")}

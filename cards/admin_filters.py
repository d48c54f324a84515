"""List filters of the card admin: set and card type follow the chosen game; one filter per game attribute.

``attribute_filter(game_code, name)`` makes a filter on one attribute in ``Card.attributes`` (Legions colours,
Riders' Legend faction, Iron Leaguer affiliation). Its choices come from the schema (or, for free text such as
factions, from the values in the catalogue) and picking one also restricts the list to that game.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.db import connection
from django.db.models import QuerySet

from referee import registry

from .games import SCHEMAS
from .games.schema import CHOICES, NAMES
from .models import CardSet, Game

GAME_PARAMETER = "game__id__exact"  # the parameter of the standard "game" filter


def _selected_game(request: Any) -> Game | None:
    game_id = request.GET.get(GAME_PARAMETER)
    if game_id and game_id.isdigit():
        return Game.objects.filter(pk=game_id).first()
    return None


class CardSetFilter(admin.SimpleListFilter):
    """By set; once a game is chosen only its sets are offered."""

    title = "set"
    parameter_name = "set"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
        sets = CardSet.objects.select_related("game")
        game = _selected_game(request)
        if game is not None:
            sets = sets.filter(game=game)
        return [(str(s.pk), f"{s.game.name}: {s.code} {s.name}") for s in sets]

    def queryset(self, request: Any, queryset: QuerySet) -> QuerySet:
        if self.value() and self.value().isdigit():
            return queryset.filter(card_set_id=self.value())
        return queryset


class CardTypeFilter(admin.SimpleListFilter):
    """By card type; the types of the chosen game, or of every game."""

    title = "card type"
    parameter_name = "type"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
        game = _selected_game(request)
        schemas = [SCHEMAS[game.code]] if game is not None else list(SCHEMAS.values())
        return [(t, f"{t} ({registry.spec(s.code).title[0]})") for s in schemas for t in s.card_types]

    def queryset(self, request: Any, queryset: QuerySet) -> QuerySet:
        return queryset.filter(card_type=self.value()) if self.value() else queryset


def _attribute_queryset(queryset: QuerySet, game_code: str, name: str, kind: str, value: str) -> QuerySet:
    queryset = queryset.filter(game__code=game_code)
    if kind not in (CHOICES, NAMES):
        return queryset.filter(**{f"attributes__{name}": value})
    if connection.features.supports_json_field_contains:  # PostgreSQL: jsonb @> ["red"]
        return queryset.filter(**{f"attributes__{name}__contains": [value]})
    # SQLite has no JSON containment: match the quoted value inside the list's JSON text instead.
    return queryset.filter(**{f"attributes__{name}__icontains": json.dumps(value, ensure_ascii=False)})


def attribute_filter(game_code: str, name: str) -> type[admin.SimpleListFilter]:
    """A list filter on attribute ``name`` of ``game_code``'s cards (a list attribute matches one member)."""
    schema = SCHEMAS[game_code]
    attr = schema.attr(name)

    class AttributeFilter(admin.SimpleListFilter):
        title = f"{attr.label.lower()} ({registry.spec(game_code).title[0]})"
        parameter_name = f"{game_code}_{name}"

        def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, str]]:
            if attr.choices:
                return [(c, c) for c in attr.choices]
            values = (model_admin.get_queryset(request).filter(game__code=game_code)
                      .values_list(f"attributes__{name}", flat=True).distinct())
            return [(v, v) for v in sorted({v for v in values if isinstance(v, str) and v})]

        def queryset(self, request: Any, queryset: QuerySet) -> QuerySet:
            if not self.value():
                return queryset
            return _attribute_queryset(queryset, game_code, name, attr.kind, self.value())

    AttributeFilter.__name__ = f"{schema.code.title().replace('_', '')}{name.title()}Filter"
    return AttributeFilter

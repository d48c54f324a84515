"""``/api/games/`` and ``/api/sets/``, and the ``game`` parameter the APIs check (``known_game``)."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers, viewsets

from config.api_errors import ApiError
from config.pagination import CursorPagination

from ..coverage import coverage_text
from ..games import SCHEMAS
from ..models import CardSet, Game
from .caching import ConditionalGetMixin

UNKNOWN_GAME = _("unknown game '{code}'; one of {codes}")
MISSING_GAME = _("game is required; one of {codes}")


def known_game(code: str | None) -> str | None:
    """``code`` when it names a game; ``None`` when absent. An unknown game is a mistake, not "no cards":
    raises ``ApiError`` ``unknown_game`` (400, field ``game``)."""
    if code and code not in SCHEMAS:
        raise ApiError("unknown_game", UNKNOWN_GAME.format(code=code, codes=", ".join(SCHEMAS)), field="game",
                       position=1, fragment=code)
    return code or None


def missing_game():
    """Raises ``ApiError`` ``missing_game`` (400, field ``game``): an endpoint that needs a game got none."""
    raise ApiError("missing_game", MISSING_GAME.format(codes=", ".join(SCHEMAS)), field="game")


class IdCursorPagination(CursorPagination):
    ordering = "id"


class GameSerializer(serializers.ModelSerializer):
    code = serializers.CharField(read_only=True)  # plain text: the choices are the schemas' codes

    class Meta:
        model = Game
        fields = ["id", "code", "name", "name_ja"]


class CardSetSerializer(serializers.ModelSerializer):
    """A set with its coverage: ``kinds`` (the real product's number of kinds, null when no source gives it),
    ``card_count`` (its cards in the catalogue), ``invented_count`` (those of them invented for play),
    ``coverage`` ((card_count − invented_count) / kinds, 0–1, null without kinds: invented cards are no kind of
    the real product) and ``coverage_text`` ("23 of 110 kinds catalogued")."""

    game = serializers.SlugRelatedField(slug_field="code", read_only=True)
    card_count = serializers.IntegerField(read_only=True)
    invented_count = serializers.IntegerField(read_only=True)
    coverage = serializers.FloatField(read_only=True, allow_null=True)
    coverage_text = serializers.SerializerMethodField()

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "name_ja", "release_date", "sample_data", "notes", "kinds",
                  "sold_as", "card_count", "invented_count", "coverage", "coverage_text"]

    def get_coverage_text(self, card_set: CardSet) -> str:
        return coverage_text(card_set)


class GameViewSet(ConditionalGetMixin, viewsets.ReadOnlyModelViewSet):
    """The games of the catalogue."""

    queryset = Game.objects.all()
    serializer_class = GameSerializer
    pagination_class = IdCursorPagination


class CardSetFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__code", help_text="Game code, e.g. legions.")

    class Meta:
        model = CardSet
        fields = ["game", "code"]


class CardSetViewSet(ConditionalGetMixin, viewsets.ReadOnlyModelViewSet):
    """The sets (releases) of every game."""

    queryset = CardSet.objects.select_related("game").with_coverage()
    serializer_class = CardSetSerializer
    pagination_class = IdCursorPagination
    filterset_class = CardSetFilter

    def filter_queryset(self, queryset):
        known_game(self.request.query_params.get("game"))  # an unknown game is a 400, not an empty list
        return super().filter_queryset(queryset)

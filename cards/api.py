"""The catalogue's REST API (read-only): games, sets, cards with the search language in ``q``, bulk files.

Every list is cursor-paginated (ordered by id, so pages are stable while the catalogue grows); every GET
answer
carries an ETag and ``Cache-Control`` and a matching ``If-None-Match`` answers 304; anonymous clients are
throttled
(settings: ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon"]``). A malformed ``q`` answers 400 with
``{"detail", "message", "position", "fragment", "key"}`` (position 1-based), never a 500.
"""

from __future__ import annotations

import django_filters
from django.http import FileResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, set_response_etag
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, viewsets
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from . import bulk
from .games import SCHEMAS
from .models import Card, CardSet, Game
from .search import QueryError, search

CACHE_SECONDS = 60
UNKNOWN_GAME = "unknown game '{code}'; one of {codes}"


class IdCursorPagination(CursorPagination):
    ordering = "id"
    page_size_query_param = "page_size"
    max_page_size = 200


class ConditionalGetMixin:
    """ETag and Cache-Control on successful GETs, and 304 for a matching ``If-None-Match``."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        response.render()
        set_response_etag(response)
        patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
        return get_conditional_response(request, etag=response["ETag"], response=response)


class GameSerializer(serializers.ModelSerializer):
    code = serializers.CharField(read_only=True)  # plain text: the choices are the schemas' codes

    class Meta:
        model = Game
        fields = ["id", "code", "name", "name_ja"]


class CardSetSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="code", read_only=True)

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "name_ja", "release_date", "sample_data", "notes"]


class CardSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.code", read_only=True)
    set = serializers.CharField(source="card_set.code", read_only=True)
    number = serializers.CharField(source="collector_number", read_only=True)
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = [
            "id",
            "game",
            "set",
            "number",
            "name",
            "reading",
            "card_type",
            "rarity",
            "rules_text",
            "flavour_text",
            "attributes",
            "sample_fields",
            "image",
            "thumbnail",
            "page_url",
            "updated_at",
        ]

    def get_page_url(self, card: Card) -> str:
        return reverse("cards:card", args=[card.pk])


# The list answers from ``values()`` rows: the same fields, in the same order and format, as
# ``CardSerializer`` (``test_a_listed_card_is_the_same_as_the_card_by_id`` holds them together), without
# building model instances and serializer fields 50 times per page.
_ROW_FIELDS = (
    "id",
    "game__code",
    "card_set__code",
    "collector_number",
    "name",
    "reading",
    "card_type",
    "rarity",
    "rules_text",
    "flavour_text",
    "attributes",
    "sample_fields",
    "image",
    "thumbnail",
    "updated_at",
)
_DATETIME = serializers.DateTimeField()
_PAGE_URL_MARK = 987654321987654321


def card_rows(rows, request) -> list[dict]:
    """``Card.objects.values(*_ROW_FIELDS)`` rows as ``CardSerializer`` renders the cards (a list of dicts)."""
    page_url = reverse("cards:card", args=[_PAGE_URL_MARK])
    storage = Card._meta.get_field("image").storage

    def file_url(name: str) -> str | None:
        return request.build_absolute_uri(storage.url(name)) if name else None

    return [
        {
            "id": row["id"],
            "game": row["game__code"],
            "set": row["card_set__code"],
            "number": row["collector_number"],
            "name": row["name"],
            "reading": row["reading"],
            "card_type": row["card_type"],
            "rarity": row["rarity"],
            "rules_text": row["rules_text"],
            "flavour_text": row["flavour_text"],
            "attributes": row["attributes"],
            "sample_fields": row["sample_fields"],
            "image": file_url(row["image"]),
            "thumbnail": file_url(row["thumbnail"]),
            "page_url": page_url.replace(str(_PAGE_URL_MARK), str(row["id"])),
            "updated_at": _DATETIME.to_representation(row["updated_at"]),
        }
        for row in rows
    ]


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

    queryset = CardSet.objects.select_related("game")
    serializer_class = CardSetSerializer
    pagination_class = IdCursorPagination
    filterset_class = CardSetFilter


class CardFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__code", help_text="Game code, e.g. legions.")
    set = django_filters.CharFilter(field_name="card_set__code", lookup_expr="iexact", help_text="Set code.")
    name = django_filters.CharFilter(field_name="name", lookup_expr="icontains")

    class Meta:
        model = Card
        fields = ["game", "set", "card_type", "rarity", "name"]


class CardViewSet(ConditionalGetMixin, viewsets.ReadOnlyModelViewSet):
    """Cards; ``q`` takes the search language (see the site's search help page)."""

    queryset = Card.objects.select_related("game", "card_set")
    serializer_class = CardSerializer
    pagination_class = IdCursorPagination
    filterset_class = CardFilter

    def get_queryset(self):
        queryset = super().get_queryset()
        if self.action != "list":
            return queryset
        game = self.request.query_params.get("game")
        if game and game not in SCHEMAS:  # with or without ``q``: an unknown game is a mistake, not "no cards"
            raise QueryError(UNKNOWN_GAME.format(code=game, codes=", ".join(SCHEMAS)), 1, game, key="game")
        query = self.request.query_params.get("q", "")
        if not query.strip():
            return queryset
        return search(queryset, query, [game] if game else None)

    def filter_queryset(self, queryset):
        params = self.request.query_params
        searched_game = params.get("game") and params.get("q", "").strip()
        if searched_game and not any(params.get(name) for name in CardFilter.base_filters if name != "game"):
            return queryset  # ``search`` has already kept this game's cards; no other filter was asked for
        return super().filter_queryset(queryset)

    def handle_exception(self, exc):
        if isinstance(exc, QueryError):
            return Response(exc.as_dict(), status=400)
        return super().handle_exception(exc)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                OpenApiTypes.STR,
                description="Search language: `t:minion c:red atk>=2`, `-t:arts`, `or`, `( )`. "
                "A malformed query answers 400 with `detail`, `position` (1-based), `fragment` and `key`.",
            )
        ]
    )
    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()).values(*_ROW_FIELDS))
        return self.get_paginated_response(card_rows(page, request))


class BulkFileSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    card_count = serializers.IntegerField()
    version = serializers.CharField()
    download_uri = serializers.CharField()


class BulkIndexSerializer(serializers.Serializer):
    object = serializers.CharField()
    data = BulkFileSerializer(many=True)


class BulkIndexView(ConditionalGetMixin, APIView):
    """The bulk files: each game's whole catalogue as one JSON file (the ``shinpan.cards`` format)."""

    @extend_schema(responses=BulkIndexSerializer)
    def get(self, request):
        data = [
            {
                "game": game.code,
                "name": game.name,
                "card_count": version.card_count,
                "version": version.key,
                "download_uri": request.build_absolute_uri(reverse("api-bulk-file", args=[game.code])),
            }
            for game in Game.objects.all()
            for version in [bulk.catalogue_version(game)]
        ]
        return Response({"object": "list", "data": data})


class BulkFileView(APIView):
    """One game's whole catalogue; regenerated whenever the catalogue has changed since the last file."""

    @extend_schema(responses={(200, "application/json"): OpenApiTypes.OBJECT})
    def get(self, request, code: str):
        game = Game.objects.filter(code=code).first()
        if game is None:
            raise NotFound(UNKNOWN_GAME.format(code=code, codes=", ".join(SCHEMAS)))
        path, version = bulk.bulk_file(game)
        etag = f'"{version.key}"'
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return not_modified
        response = FileResponse(
            path.open("rb"), content_type="application/json", filename=f"{game.code}.json"
        )
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
        return response

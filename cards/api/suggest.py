"""``/api/cards/suggest/``: card names for what has been typed (the deck builder's and the search box's
completion)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from config.api_errors import ApiError

from ..models import Card
from ..search.games import game_ids
from ..search.labels import card_type_label
from ..search.suggest import MAX_SUGGESTIONS, suggest_names
from .card_rows import PAGE_URL_MARK
from .games import known_game, missing_game

NOT_A_LIMIT = _("limit takes a whole number from 1 to {most}")


class SuggestionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    reading = serializers.CharField()
    card_type = serializers.CharField()
    type_label = serializers.CharField(help_text="The card type in the request's language.")
    set = serializers.CharField()
    number = serializers.CharField()
    url = serializers.CharField(help_text="The card's page.")


class SuggestionsSerializer(serializers.Serializer):
    object = serializers.CharField()
    results = SuggestionSerializer(many=True)


class CardSuggestMixin:
    """The ``suggest`` action of the cards' viewset (``cards.CardViewSet``): ``/api/cards/suggest/``."""

    @extend_schema(
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, required=True, description="Game code, e.g. legions."),
            OpenApiParameter("q", OpenApiTypes.STR, description="What has been typed of a name or its reading."),
            OpenApiParameter("limit", OpenApiTypes.INT, description=f"At most {MAX_SUGGESTIONS} (the default)."),
        ],
        responses=SuggestionsSerializer,
    )
    @action(detail=False, pagination_class=None, filterset_class=None)
    def suggest(self, request):
        """Card names for what has been typed: names or readings starting with it first, then containing it;
        one entry per name, at most ``limit`` (10)."""
        game = known_game(request.query_params.get("game")) or missing_game()
        try:
            limit = min(max(int(request.query_params.get("limit", MAX_SUGGESTIONS)), 1), MAX_SUGGESTIONS)
        except ValueError as exc:
            raise ApiError("invalid", NOT_A_LIMIT.format(most=MAX_SUGGESTIONS), field="limit") from exc
        cards = Card.objects.filter(game_id__in=game_ids((game,), Card.objects.db))  # no join on the game's code
        rows = suggest_names(cards, request.query_params.get("q", ""), limit)
        japanese = (get_language() or "").startswith("ja")
        page_url = reverse("cards:card", args=[PAGE_URL_MARK])
        results = [
            {
                "id": row["id"],
                "name": row["name"],
                "reading": row["reading"],
                "card_type": row["card_type"],
                "type_label": card_type_label(row["card_type"], japanese),
                "set": row["card_set__code"],
                "number": row["collector_number"],
                "url": page_url.replace(str(PAGE_URL_MARK), str(row["id"])),
            }
            for row in rows
        ]
        response = Response({"object": "list", "results": results})
        patch_vary_headers(response, ("Cookie",))  # type_label follows the language cookie too
        return response

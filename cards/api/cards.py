"""``/api/cards/``: the card list, searched with the search language in ``q`` and sorted by ``order``, and one
card by id (``/api/cards/<id>/``); the name suggestions are ``suggest``'s."""

from __future__ import annotations

import django_filters
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets

from config.input_layer import checks_own_input

from ..models import Card
from ..search import QueryError, SortKey
from .caching import ConditionalGetMixin
from .card_rows import card_rows
from .card_search import card_search, catalogue_version, search_error
from .card_serializers import CardDetailSerializer, CardSerializer
from .encoded import card_fragments
from .games import known_game
from .pagination import SortedCursorPagination
from .suggest import CardSuggestMixin


class CardFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__code", help_text="Game code, e.g. legions.")
    set = django_filters.CharFilter(field_name="card_set__code", lookup_expr="iexact", help_text="Set code.")
    name = django_filters.CharFilter(field_name="name", lookup_expr="icontains")

    class Meta:
        model = Card
        fields = ["game", "set", "card_type", "rarity", "name"]


ORDER_PARAMETER = OpenApiParameter(
    "order",
    OpenApiTypes.STR,
    description="Sort order, as the `order:` key of `q` takes it: `name`, `set`, `type` or a numeric key of the "
    "game (`atk`, `cost`, `heart`…); `-` before it for descending (`-atk`); several separated by commas. "
    "Applied after any `order:` in `q`; ties are broken by set order and id. Default: by id.",
)


@checks_own_input  # the search's message gives a refused character's position (config.input_layer)
class CardViewSet(ConditionalGetMixin, CardSuggestMixin, viewsets.ReadOnlyModelViewSet):
    """Cards; ``q`` takes the search language (see the site's search help page), ``order`` sorts them."""

    queryset = Card.objects.select_related("game", "card_set")
    serializer_class = CardSerializer
    pagination_class = SortedCursorPagination

    def get_serializer_class(self):
        """The list's cards as listed; one card with its sources (``CardDetailSerializer``)."""
        return CardDetailSerializer if self.action == "retrieve" else CardSerializer
    filterset_class = CardFilter
    sort_keys: tuple[SortKey, ...] = ()
    game: str | None = None  # the one game searched (the list's ``game``), None for every game
    count_cards = None  # how ``SortedCursorPagination`` counts the cards on a first page (set by ``get_queryset``)
    first_rows = None  # how it reads a first page when no plain filter is asked for (``CardSearch.first_rows``)
    cursor_rows = None  # and a cursor page (``CardSearch.cursor_rows``)

    def get_queryset(self):
        """Cards by id for one card; for the list, ``values()`` rows of the search (see ``card_search``)."""
        if self.action != "list":
            return super().get_queryset()
        params = self.request.query_params
        game, query, order = known_game(params.get("game")), params.get("q", ""), params.get("order", "")
        try:
            search = card_search(game, query, order, using=Card.objects.db)
        except QueryError as exc:
            raise search_error(exc, game, order) from exc
        self.sort_keys, self.game = search.keys, game
        if self._filtered():
            self.count_cards = lambda: self.filter_queryset(search.matching.all()).count()
        else:
            self.count_cards = lambda: search.count_at(catalogue_version(game, search.using))
            self.first_rows, self.cursor_rows = search.first_rows, search.cursor_rows
        return search.rows.all()

    def finalize_response(self, request, response, *args, **kwargs):
        patch_vary_headers(response, ("Cookie",))  # the abilities' text follows the language cookie too
        return super().finalize_response(request, response, *args, **kwargs)

    def _filtered(self) -> bool:
        """Whether a plain filter other than ``game`` is asked for (``game`` is already in the search)."""
        params = self.request.query_params
        return any(params.get(name) for name in CardFilter.base_filters if name != "game")

    def filter_queryset(self, queryset):
        if not self._filtered():
            return queryset  # ``card_search`` has already kept the game's cards; no other filter was asked for
        return super().filter_queryset(queryset)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q",
                OpenApiTypes.STR,
                description="Search language: `t:minion c:red atk>=2`, `-t:arts`, `or`, `( )`, `order:-atk`. "
                "A malformed query answers 400 with the error's `field` (`q`), `position` (1-based) and "
                "`fragment`.",
            ),
            ORDER_PARAMETER,
        ]
    )
    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        if self.paginator.encoder is not None:  # plain JSON: the body from pre-encoded cards (issue 14)
            return self.paginator.get_encoded_response(card_fragments(page, request, self.paginator.encoder))
        return self.get_paginated_response(card_rows(page, request))

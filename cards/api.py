"""The catalogue's REST API (read-only): games, sets, cards with the search language in ``q``, bulk files.

Every list is cursor-paginated, so pages are stable while the catalogue grows: games and sets by id, cards by
their sort order (``order:`` in ``q`` or ``?order=``; by id when none is asked for) with a keyset cursor over
a total order, and with the number of matching cards (``count``). A card search is compiled once per
``(game, q, order)`` in each process (``card_search``), and so are its page statements (``CardSearch.first_rows``
per page size, ``cursor_rows`` per cursor shape; ``search.rows.CompiledRows``): a first page then runs two
statements (the catalogue version and the page; the count once per catalogue version), a cursor page one. A
card's ``abilities`` are its structured data with the text the card page shows, in the request's language
(``cards.abilities.api_abilities``). ``/api/cards/suggest/`` suggests names while typing. Every GET answer
carries an ETag and ``Cache-Control`` and a matching ``If-None-Match`` answers 304;
anonymous clients are throttled (settings: ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon"]``). A malformed
``q`` or ``order``, an unknown ``game`` or a bad cursor answers 400 in the API's error shape (docs/api.md:
``field``, ``position`` 1-based, ``fragment``), never a 500.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
from dataclasses import dataclass, field
from functools import lru_cache

import django_filters
from django.conf import settings
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import F, QuerySet
from django.http import FileResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
    set_response_etag,
)
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import ISO_8601, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import BasePagination
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from config.api_errors import ApiError
from config.pagination import CursorPagination, bad_cursor, page_size_from

from . import bulk
from .abilities import api_abilities
from .games import SCHEMAS
from .models import Card, CardSet, Game
from .search import QueryError, SortKey, filtered_search
from .search import order as sorting
from .search.games import game_ids
from .search.labels import card_type_label
from .search.rows import CompiledRows, JSONText
from .search.suggest import MAX_SUGGESTIONS, suggest_names
from .services.image_files import MissingImageFile

CACHE_SECONDS = 60
UNKNOWN_GAME = _("unknown game '{code}'; one of {codes}")


class IdCursorPagination(CursorPagination):
    ordering = "id"


class SortedCursorPagination(BasePagination):
    """Keyset pages over a queryset ordered by ``view.sort_keys`` (``search.order.apply_order``), with
    ``count``.

    The cursor (opaque base64 JSON) holds the sort values of the last row read (``"a"``: the page after it)
    or of the first (``"b"``: the page before it) and the count, which is counted once, on the first page,
    and carried along (a cheap ``count``: one ``COUNT`` per search, not per page). The order ends with the id,
    so a page never repeats or skips a card, whatever the sort.
    """

    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset, request, view=None):
        self.request, self.keys = request, tuple(view.sort_keys)
        # answered as plain JSON (``JSONRenderer``, no indent): the body is assembled from pre-encoded fragments,
        # the rows' ``attributes`` and ``sample_fields`` read as JSON text (``CompiledRows.fetch``)
        self.encoder = _plain_json_encoder(request, view)
        json_text = _JSON_TEXT_FIELDS if self.encoder else ()
        self.page_size = _page_size(request, self.page_size_query_param, self.max_page_size)
        names = [f"sort_{i}" for i in range(len(self.keys))]
        cursor = self._decode(request.query_params.get("cursor"))
        if cursor is None:
            # ``view.count_cards``: the view's cheaper count of the same cards (no joins, no sort columns)
            count = getattr(view, "count_cards", None)
            self.count = count() if count is not None else queryset.count()
            self.forward, self.from_cursor = True, False
            # ``view.first_rows``: the same rows from the view's statement compiled once (``CardSearch``)
            first = getattr(view, "first_rows", None)
            limit = self.page_size + 1
            rows = first(limit, json_text=json_text) if first is not None else _read(queryset[:limit], json_text)
        else:
            self.count, self.from_cursor = cursor["c"], True
            self.forward = "a" in cursor
            values = cursor["a"] if self.forward else cursor["b"]
            # ``view.cursor_rows``: the page from the view's statement compiled once per shape (``CardSearch``)
            read = getattr(view, "cursor_rows", None)
            try:
                if read is not None:
                    rows = read(self.page_size + 1, values, forward=self.forward, json_text=json_text)
                else:
                    rows = _keyset_rows(queryset, self.keys, values, self.forward, view.game, self.page_size + 1,
                                        json_text)
            except sorting.BadSortValue as exc:  # a value of the wrong kind: a cursor no page gave
                raise bad_cursor() from exc
        self.more = len(rows) > self.page_size
        rows = rows[: self.page_size]
        if not self.forward:
            rows.reverse()
        self.first = [_jsonable(rows[0][name]) for name in names] if rows else None
        self.last = [_jsonable(rows[-1][name]) for name in names] if rows else None
        return rows

    def _decode(self, text: str | None) -> dict | None:
        if not text:
            return None
        try:
            cursor = json.loads(base64.urlsafe_b64decode(text.encode("ascii")))
            values = cursor.get("a", cursor.get("b"))
            if isinstance(cursor["c"], int) and isinstance(values, list) and len(values) == len(self.keys):
                return cursor
        except (ValueError, KeyError, TypeError, AttributeError, binascii.Error):
            pass
        raise bad_cursor()

    def _link(self, direction: str, values) -> str | None:
        if values is None:
            return None
        cursor = json.dumps({direction: values, "c": self.count}, separators=(",", ":"))
        url = self.request.build_absolute_uri()
        return replace_query_param(url, "cursor", base64.urlsafe_b64encode(cursor.encode()).decode("ascii"))

    def get_next_link(self) -> str | None:
        has_next = self.more if self.forward else self.from_cursor
        return self._link("a", self.last) if has_next else None

    def get_previous_link(self) -> str | None:
        has_previous = self.from_cursor if self.forward else self.more
        return self._link("b", self.first) if has_previous else None

    def get_paginated_response(self, data):
        return Response(
            {"count": self.count, "next": self.get_next_link(), "previous": self.get_previous_link(), "results": data}
        )

    def get_encoded_response(self, results: list[str]) -> Response:
        """``get_paginated_response`` of cards already encoded (``card_fragments``, one JSON text each), its
        body the bytes ``JSONRenderer`` renders for it; only when ``paginate_queryset`` set ``encoder``."""
        encode = self.encoder.encode
        body = (
            f'{{"count":{encode(self.count)},"next":{encode(self.get_next_link())},'
            f'"previous":{encode(self.get_previous_link())},"results":[{",".join(results)}]}}'
        )
        return EncodedJSONResponse(body.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode())

    def get_paginated_response_schema(self, schema):
        link = {"type": "string", "nullable": True, "format": "uri"}
        return {
            "type": "object",
            "required": ["count", "results"],
            "properties": {
                "count": {"type": "integer", "example": 123, "description": "Cards matching the search."},
                "next": link,
                "previous": link,
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "cursor",
                "required": False,
                "in": "query",
                "schema": {"type": "string"},
                "description": "The pagination cursor value (from `next` or `previous`).",
            },
            {
                "name": self.page_size_query_param,
                "required": False,
                "in": "query",
                "schema": {"type": "integer"},
                "description": f"Number of results to return per page (at most {self.max_page_size}).",
            },
        ]


def _read(rows: QuerySet, json_text=()) -> list[dict]:
    """``list(rows)`` of a ``values()`` queryset, compiled for this request (``search.rows.CompiledRows``); the
    JSON columns named in ``json_text`` as JSON text where they can be (``CompiledRows.fetch``)."""
    return CompiledRows(rows).fetch(json_text=json_text)


def _keyset_page(rows: QuerySet, keys, nulls: tuple[bool, ...], forward: bool, game: str | None, limit: int):
    """The statement of the ``limit`` rows after (``forward``) or before a cursor whose NULL values are
    ``nulls``, its values left as ``search.order.Slot`` params (``Keyset.fill``), and the ``sort_i`` fields
    that prepare them."""
    rows = rows.filter(sorting.Keyset(keys, nulls, forward=forward))
    if not forward:  # read backwards from the cursor, then turned round
        rows = _game_first(sorting.reversed_order(rows, keys), game, rows.db, descending=True)
    fields = tuple(rows.query.annotations[f"sort_{i}"].output_field for i in range(len(keys)))
    return CompiledRows(rows[:limit]), fields


def _keyset_rows(rows: QuerySet, keys, values, forward: bool, game: str | None, limit: int,
                 json_text=()) -> list[dict]:
    """The ``limit`` rows of ``rows`` after (``forward``) or before the cursor's ``values``, compiled for this
    request (a list with plain filters beside the search); ``json_text`` as ``CompiledRows.fetch`` takes it."""
    nulls = tuple(value is None for value in values)
    compiled, fields = _keyset_page(rows, keys, nulls, forward, game, limit)
    params = sorting.Keyset.fill(compiled.params, values, fields, connections[rows.db])
    return compiled.fetch(params, json_text=json_text)


def _page_size(request, param: str, maximum: int) -> int:
    default = settings.REST_FRAMEWORK.get("PAGE_SIZE") or 50
    return page_size_from(request, param=param, default=default, maximum=maximum)


def _jsonable(value):
    return value.isoformat() if isinstance(value, datetime.date) else value


def _plain_json_encoder(request, view) -> json.JSONEncoder | None:
    """The encoder that gives the bytes of the request's answer, value by value, when it is answered by DRF's
    own ``JSONRenderer`` without indent (as the API's clients get it; the browsable API and ``indent=`` are
    rendered as ever): its encoder class with its settings (``JSONRenderer.render``). None otherwise."""
    renderer = getattr(request, "accepted_renderer", None)
    if type(renderer) is not JSONRenderer or renderer.ensure_ascii or not renderer.compact:
        return None
    if renderer.get_indent(request.accepted_media_type, view.get_renderer_context()) is not None:
        return None
    return renderer.encoder_class(ensure_ascii=False, allow_nan=not renderer.strict, separators=(",", ":"))


class EncodedJSONResponse(Response):
    """A DRF ``Response`` whose body is JSON already (``SortedCursorPagination.get_encoded_response``): rendered,
    it gives those bytes with the ``Content-Type`` its renderer (``JSONRenderer``) would give; ``data`` is None."""

    def __init__(self, body: bytes):
        super().__init__(None)
        self.body = body

    @property
    def rendered_content(self) -> bytes:
        renderer = self.accepted_renderer
        charset = f"; charset={renderer.charset}" if renderer.charset else ""
        self["Content-Type"] = self.content_type or f"{renderer.media_type}{charset}"  # as ``Response``
        return self.body


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


def request_lang() -> str:
    """The request's language as the card texts take it: "ja" or "en" (``Accept-Language`` or the language
    cookie, chosen by ``LocaleMiddleware``)."""
    return "ja" if (get_language() or "").startswith("ja") else "en"


class AbilityKeywordSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The keyword's code in the game's vocabulary (`衝撃`).")
    name = serializers.CharField(help_text="The keyword with its value, in the request's language (`Impact 1`).")
    reminder = serializers.CharField(help_text="Its reminder text, in the request's language.")


class CardAbilitiesSerializer(serializers.Serializer):
    """A card's abilities as the card page shows them: the structured data and its text in the request's
    language."""  # built by cards.abilities.api_abilities

    data = serializers.DictField(
        help_text="The structured abilities in the game's vocabulary: `keywords`, `triggers`, `effects`, "
        "`statics`, `sample`, `note`, `not_refereed` (the game's rules page in docs/rules/, \"Abilities as data\")."
    )
    text = serializers.ListField(
        child=serializers.CharField(), help_text="The readable card text, one line per ability, in the request's "
        "language (`Accept-Language: ja` or the site's language cookie)."
    )
    keywords = AbilityKeywordSerializer(many=True)
    not_refereed = serializers.CharField(help_text="Why the referee cannot play the card yet; empty when it can.")
    sample = serializers.BooleanField(help_text="The abilities are sample data for play, not the printed card.")


class CardSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.code", read_only=True)
    set = serializers.CharField(source="card_set.code", read_only=True)
    number = serializers.CharField(source="collector_number", read_only=True)
    abilities = serializers.SerializerMethodField(
        help_text="The card's abilities with their text in the request's language; null for a card without any."
    )
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
            "abilities",
            "sample_fields",
            "image",
            "thumbnail",
            "page_url",
            "updated_at",
        ]

    @extend_schema_field(CardAbilitiesSerializer(allow_null=True))
    def get_abilities(self, card: Card) -> dict | None:
        return api_abilities(card.game.code, card.abilities, request_lang())

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
    "abilities",
    "sample_fields",
    "image",
    "thumbnail",
    "updated_at",
)
_DATETIME = serializers.DateTimeField()
_PAGE_URL_MARK = 987654321987654321


def _datetime_formatter():
    """A function rendering an aware datetime as ``_DATETIME`` does (ISO 8601 in the current time zone, UTC
    as ``Z``), with the time zone and the format looked up once per page rather than once per row."""
    zone = timezone.get_current_timezone()
    if api_settings.DATETIME_FORMAT.lower() != ISO_8601 or not settings.USE_TZ:
        return _DATETIME.to_representation

    def iso(value: datetime.datetime | None) -> str | None:
        if not value or timezone.is_naive(value):
            return _DATETIME.to_representation(value)
        text = value.astimezone(zone).isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text

    return iso


_CARD_KEYS = tuple(CardSerializer.Meta.fields)  # a listed card's keys, in order
_JSON_TEXT_FIELDS = frozenset({"attributes", "sample_fields"})  # the row's JSON answered as stored (``abilities``
# is rebuilt with its text: ``api_abilities``)


def _card_values(rows, request):
    """Per ``Card.objects.values(*_ROW_FIELDS)`` row, the values of ``_CARD_KEYS`` as ``CardSerializer``
    renders them (a tuple each); its ``JSONText`` values are left as they are."""
    url_head, url_tail = reverse("cards:card", args=[_PAGE_URL_MARK]).split(str(_PAGE_URL_MARK))
    storage = Card._meta.get_field("image").storage
    when = _datetime_formatter()
    lang = request_lang()

    def file_url(name: str) -> str:
        return request.build_absolute_uri(storage.url(name))

    return (
        (
            row["id"],
            row["game__code"],
            row["card_set__code"],
            row["collector_number"],
            row["name"],
            row["reading"],
            row["card_type"],
            row["rarity"],
            row["rules_text"],
            row["flavour_text"],
            row["attributes"],
            api_abilities(row["game__code"], row["abilities"], lang) if row["abilities"] else None,
            row["sample_fields"],
            file_url(row["image"]) if row["image"] else None,
            file_url(row["thumbnail"]) if row["thumbnail"] else None,
            f"{url_head}{row['id']}{url_tail}",
            when(row["updated_at"]),
        )
        for row in rows
    )


def card_rows(rows, request) -> list[dict]:
    """``Card.objects.values(*_ROW_FIELDS)`` rows as ``CardSerializer`` renders the cards (a list of dicts)."""
    return [dict(zip(_CARD_KEYS, values, strict=True)) for values in _card_values(rows, request)]


def card_fragments(rows, request, encoder: json.JSONEncoder) -> list[str]:
    """The same cards as ``card_rows``, each as the JSON text ``encoder`` (``_plain_json_encoder``) gives its
    dict: the values encoded one by one into a template of the keys, no dict per card, and the rows'
    ``JSONText`` (``CompiledRows.fetch``) put in as it is (decoding and encoding the JSON columns again,
    building the dicts and rendering them were about a third of a cheap search's cost beyond its SQL: issue
    14). A card with a value of a type the columns do not give is encoded whole, as its dict."""
    # how ``encoder`` writes a string: ``_plain_json_encoder`` makes every one with ensure_ascii off
    encode, string = encoder.encode, json.encoder.encode_basestring
    template = "{" + ",".join(f"{string(key)}:%s" for key in _CARD_KEYS) + "}"
    fragments = []
    for values in _card_values(rows, request):
        (card_id, game, card_set, number, name, reading, card_type, rarity, rules_text, flavour_text, attributes,
         abilities, sample_fields, image, thumbnail, page_url, updated_at) = values
        try:
            fragment = template % (
                int.__repr__(card_id), string(game), string(card_set), string(number), string(name),
                string(reading), string(card_type), string(rarity), string(rules_text), string(flavour_text),
                attributes if type(attributes) is JSONText else encode(attributes),
                "null" if abilities is None else encode(abilities),
                sample_fields if type(sample_fields) is JSONText else encode(sample_fields),
                "null" if image is None else string(image),
                "null" if thumbnail is None else string(thumbnail),
                string(page_url),
                "null" if updated_at is None else string(updated_at),
            )
        except TypeError:  # ``int.__repr__`` or ``encode_basestring`` given another type
            fragment = encode(dict(zip(_CARD_KEYS, values, strict=True)))
        fragments.append(fragment)
    return fragments


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

    def filter_queryset(self, queryset):
        known_game(self.request.query_params.get("game"))  # an unknown game is a 400, not an empty list
        return super().filter_queryset(queryset)


class CardFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__code", help_text="Game code, e.g. legions.")
    set = django_filters.CharFilter(field_name="card_set__code", lookup_expr="iexact", help_text="Set code.")
    name = django_filters.CharFilter(field_name="name", lookup_expr="icontains")

    class Meta:
        model = Card
        fields = ["game", "set", "card_type", "rarity", "name"]


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


ORDER_PARAMETER = OpenApiParameter(
    "order",
    OpenApiTypes.STR,
    description="Sort order, as the `order:` key of `q` takes it: `name`, `set`, `type` or a numeric key of the "
    "game (`atk`, `cost`, `heart`…); `-` before it for descending (`-atk`); several separated by commas. "
    "Applied after any `order:` in `q`; ties are broken by set order and id. Default: by id.",
)


@dataclass(frozen=True)
class CardSearch:
    """One search of the card list, built and compiled once per ``(database, game, q, order)``; each request
    clones ``matching`` and ``rows`` (``.all()``), which are never evaluated themselves."""

    using: str  # the database alias
    matching: QuerySet  # the matching cards, unordered, joined only where the search needs it
    rows: QuerySet  # the same cards as ``values(*_ROW_FIELDS, "sort_0", …)`` rows in the sort order
    keys: tuple[SortKey, ...]  # the sort order, ending with the id
    count_sql: tuple[str, tuple] | None  # ``SELECT COUNT(*)`` of ``matching``; None when nothing can match
    game: str | None = None  # the one game searched, None for every game
    counts: dict = field(default_factory=dict, compare=False)  # {catalogue version: count}, the latest only
    pages: dict = field(default_factory=dict, compare=False)  # {page shape: compiled statement}, a few shapes

    def first_rows(self, limit: int, *, json_text=()) -> list[dict]:
        """``list(rows.all()[:limit])``, the same dicts, from a statement compiled once per ``limit`` (a first
        page): compiling the page's SQL was a fifth of a cheap search's request (issue 14). The JSON columns
        named in ``json_text`` as JSON text where they can be (``CompiledRows.fetch``)."""
        compiled = self._compiled(limit, lambda: CompiledRows(self.rows.all()[:limit]))
        return compiled.fetch(json_text=json_text)

    def cursor_rows(self, limit: int, values, *, forward: bool, json_text=()) -> list[dict]:
        """The ``limit`` rows after (``forward``) or before the row with the sort values ``values`` (a cursor),
        from a statement compiled once per shape (``limit``, the direction, which values are NULL) and given the
        cursor's values; ``json_text`` as ``first_rows``. Raises ``search.order.BadSortValue`` for a value its
        sort column refuses."""
        nulls = tuple(value is None for value in values)
        compiled, fields = self._compiled(
            (limit, forward, nulls), lambda: _keyset_page(self.rows.all(), self.keys, nulls, forward, self.game, limit)
        )
        params = sorting.Keyset.fill(compiled.params, values, fields, connections[self.using])
        return compiled.fetch(params, json_text=json_text)

    def _compiled(self, shape, compile_page):
        compiled = self.pages.get(shape)
        if compiled is None:
            if len(self.pages) >= MAX_PAGE_SHAPES:  # a client walking every page_size: keep a few
                self.pages.clear()
            compiled = self.pages[shape] = compile_page()
        return compiled

    def count(self) -> int:
        """The number of matching cards: one statement, its SQL compiled when the search was built."""
        if self.count_sql is None:
            return 0
        with connections[self.using].cursor() as cursor:
            cursor.execute(*self.count_sql)
            return cursor.fetchone()[0]

    def count_at(self, version: str) -> int:
        """``count()`` remembered for the catalogue ``version`` (``decks.catalogue``: it changes with every write
        to the game's cards and sets): a broad search over a large catalogue counts its cards once per version
        and process, not on every first page (issue 14: the COUNT was all of the search API's p95)."""
        known = self.counts.get(version)
        if known is None:
            known = self.count()
            self.counts.clear()  # only the current version is ever asked for again
            self.counts[version] = known
        return known


MAX_PAGE_SHAPES = 8  # the page statements (sizes, directions, NULL cursor values) a ``CardSearch`` keeps


def card_search(game: str | None, query: str, order: str, *, using: str) -> CardSearch:
    """The cached ``CardSearch`` of ``query`` and ``order`` over ``game``'s cards (every game's for
    ``None``). Raises ``QueryError`` for a malformed query or order (not cached). The game's id is part of
    the key, so a game created again (a new id) gets a new search."""
    ids = game_ids((game,), using) if game else ()
    return _card_search(using, game, ids, query, order)


def _game_first(queryset: QuerySet, game: str | None, using: str, *, descending: bool = False) -> QuerySet:
    """One game's search on PostgreSQL ordered by the game first (the same order, the game being one): the
    (game, id) index then walks that game's cards alone (``cards.search.one_game``)."""
    if not game or connections[using].vendor != "postgresql":
        return queryset
    lead = F("game_id").desc() if descending else F("game_id").asc()
    return queryset.order_by(lead, *queryset.query.order_by)


def _catalogue_version(game: str | None, using: str = "default") -> str:
    """The catalogue version of ``game`` (every game's, joined, for None): one query on a table of a row per
    game. The version lives in the decks app, which keeps it for the deck check's caches."""
    from decks.catalogue import catalogue_key_by_id, catalogue_keys

    if game:
        ids = game_ids((game,), using)
        return catalogue_key_by_id(ids[0], using=using) if ids else "none"
    return ",".join(f"{code}:{version}" for code, version in sorted(catalogue_keys().items()))


@lru_cache(maxsize=256)
def _card_search(using: str, game: str | None, _ids: tuple[int, ...], query: str, order: str) -> CardSearch:
    matching, keys = filtered_search(Card.objects.using(using), query, [game] if game else None, order=order)
    keys = sorting.with_tiebreak(keys)  # by id alone when no order is asked for, as before sorting existed
    rows = _game_first(sorting.apply_order(matching, keys), game, using)
    rows = rows.values(*_ROW_FIELDS, *(f"sort_{i}" for i in range(len(keys))))
    try:
        sql, params = matching.order_by().values("pk").query.get_compiler(using).as_sql()
        count_sql = (f"SELECT COUNT(*) FROM ({sql}) matching", tuple(params))
    except EmptyResultSet:  # e.g. a game without a row yet: ``game_id IN ()``
        count_sql = None
    return CardSearch(using, matching, rows, keys, count_sql, game)


class CardViewSet(ConditionalGetMixin, viewsets.ReadOnlyModelViewSet):
    """Cards; ``q`` takes the search language (see the site's search help page), ``order`` sorts them."""

    queryset = Card.objects.select_related("game", "card_set")
    serializer_class = CardSerializer
    pagination_class = SortedCursorPagination
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
            self.count_cards = lambda: search.count_at(_catalogue_version(game, search.using))
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
        game = known_game(request.query_params.get("game")) or _missing_game()
        try:
            limit = min(max(int(request.query_params.get("limit", MAX_SUGGESTIONS)), 1), MAX_SUGGESTIONS)
        except ValueError as exc:
            raise ApiError("invalid", NOT_A_LIMIT.format(most=MAX_SUGGESTIONS), field="limit") from exc
        cards = Card.objects.filter(game_id__in=game_ids((game,), Card.objects.db))  # no join on the game's code
        rows = suggest_names(cards, request.query_params.get("q", ""), limit)
        japanese = (get_language() or "").startswith("ja")
        page_url = reverse("cards:card", args=[_PAGE_URL_MARK])
        results = [
            {
                "id": row["id"],
                "name": row["name"],
                "reading": row["reading"],
                "card_type": row["card_type"],
                "type_label": card_type_label(row["card_type"], japanese),
                "set": row["card_set__code"],
                "number": row["collector_number"],
                "url": page_url.replace(str(_PAGE_URL_MARK), str(row["id"])),
            }
            for row in rows
        ]
        response = Response({"object": "list", "results": results})
        patch_vary_headers(response, ("Cookie",))  # type_label follows the language cookie too
        return response


MISSING_GAME = _("game is required; one of {codes}")
NOT_A_LIMIT = _("limit takes a whole number from 1 to {most}")


def known_game(code: str | None) -> str | None:
    """``code`` when it names a game; ``None`` when absent. An unknown game is a mistake, not "no cards":
    raises ``ApiError`` ``unknown_game`` (400, field ``game``)."""
    if code and code not in SCHEMAS:
        raise ApiError("unknown_game", UNKNOWN_GAME.format(code=code, codes=", ".join(SCHEMAS)), field="game",
                       position=1, fragment=code)
    return code or None


def _missing_game():
    raise ApiError("missing_game", MISSING_GAME.format(codes=", ".join(SCHEMAS)), field="game")


def search_error(exc: QueryError, game: str | None, order: str) -> ApiError:
    """A ``QueryError`` of ``card_search`` as an API error naming its field: ``order`` when the ``order``
    parameter alone is at fault (``bad_order``), else ``q`` (``bad_query``)."""
    field = "q"
    if order.strip():
        try:
            card_search(game, "", order, using=Card.objects.db)
        except QueryError as order_exc:
            field, exc = "order", order_exc
    return ApiError("bad_order" if field == "order" else "bad_query", exc.localized(), field=field,
                    position=exc.position, fragment=exc.fragment or None)


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

    @extend_schema(responses={(200, "application/json"): OpenApiTypes.OBJECT,
                              (200, "application/zip"): OpenApiTypes.BINARY})
    def get(self, request, code: str, fmt: str = "json"):
        """``<game>.json``: the card document; ``<game>.zip``: the card archive with the image files
        (docs/formats.md, "Images"). 503 when a card's stored image file is missing (the file would lose it)."""
        game = Game.objects.filter(code=code).first()
        if game is None:
            raise ApiError("unknown_game", UNKNOWN_GAME.format(code=code, codes=", ".join(SCHEMAS)), status=404)
        try:
            path, version, content_type = bulk.bulk_download(game, fmt)
        except MissingImageFile as exc:
            raise ApiError("missing_image_file", exc, status=503) from exc
        etag = f'"{version.key}"' if fmt == "json" else f'"{version.key}-zip"'
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return not_modified
        response = FileResponse(path.open("rb"), content_type=content_type, filename=f"{game.code}.{fmt}")
        response["ETag"] = etag
        patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
        return response

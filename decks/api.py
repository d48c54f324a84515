"""The decks API: anonymous validation of a decklist text, and the owner's decks (CRUD).

Views only translate between HTTP and ``decks.services``; the report has the same shape as
``validatedeck --json``. Refusals are raised as ``config.api_errors.ApiError`` (the error shape of docs/api.md),
their messages in the request's language.
"""

from __future__ import annotations

import codecs

from django.conf import settings
from django.db.models import Q
from django.utils.http import parse_header_parameters
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, extend_schema_view
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from cards.api.games import known_game
from config.api_errors import ApiError, japanese
from config.api_input import StrictCharField, StrictSerializer
from config.pagination import CursorPagination
from config.parsers import SafeJSONParser

from . import services
from .decoding import UndecodableText, decode
from .models import Deck, side_choices
from .textcheck import MAX_BYTES, Unreadable
from .textcheck import MAX_CHARS as MAX_TEXT

VALIDATE_ANON_RATE = "60/minute"  # settings.DECKS_VALIDATE_ANON_RATE overrides it
TEXT_OR_FORMAT = _("Give a decklist text or a format.")
UNKNOWN_FORMAT = _("Unknown format.")
FORMAT_FIXED = _("A deck keeps its format; copy the deck to change its format.")
GAME_PARAMETER = OpenApiParameter("game", OpenApiTypes.STR, description="Only this game's decks (a game code).")


class PlainTextParser(BaseParser):
    """A text/plain body: decoded in the ``charset`` the request names, strictly; without one, read as a decklist
    file is (``decks.decoding``: a byte order mark, UTF-8, UTF-16, Shift_JIS). Bytes that are not text, or an
    unknown charset, are a 400 with a sentence, never replacement characters nor Python's codec message."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read() if stream is not None else b""
        charset = parse_header_parameters(media_type or "")[1].get("charset")
        if charset is None:
            try:
                return {"text": decode(body)}
            except UndecodableText as exc:
                raise ParseError(str(exc)) from exc
        try:
            encoding = codecs.lookup(charset).name
        except LookupError as exc:
            raise ParseError(f"“{charset}” is not a character set we know; send UTF-8 or name another.") from exc
        try:
            text = body.decode("utf-8-sig" if encoding == "utf-8" else encoding)
        except UnicodeDecodeError as exc:
            raise ParseError(
                f"The body is not valid {charset} text (byte {exc.start}); send UTF-8 or name the charset."
            ) from exc
        return {"text": text}


def text_of_upload(upload) -> str:
    """The decklist text of an uploaded ``file`` (``decks.decoding``). Raises ``ParseError`` (400) with a
    sentence for a file over ``MAX_BYTES`` or one that is not text."""
    if upload.size > MAX_BYTES:
        raise ParseError(f"The file has {upload.size} bytes; at most {MAX_BYTES} are read.")
    try:
        return decode(upload.read())
    except UndecodableText as exc:
        raise ParseError(str(exc)) from exc


class ValidateThrottle(AnonRateThrottle):
    """Anonymous validation is cheap but not free: at most ``DECKS_VALIDATE_ANON_RATE`` per client address,
    on top of the API-wide anonymous rate."""

    scope = "decks_validate"

    def get_rate(self) -> str:
        return getattr(settings, "DECKS_VALIDATE_ANON_RATE", VALIDATE_ANON_RATE)


class ValidateInput(StrictSerializer):
    text = StrictCharField(max_length=MAX_TEXT, trim_whitespace=False)
    format = StrictCharField(required=False, allow_blank=True)
    as_of = serializers.DateField(required=False)


class ValidateUpload(serializers.Serializer):
    file = serializers.FileField(help_text="The decklist file: UTF-8, UTF-16 or Shift_JIS.")
    format = serializers.CharField(required=False, allow_blank=True)
    as_of = serializers.DateField(required=False)


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    message_ja = serializers.CharField()
    section = serializers.CharField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    line = serializers.IntegerField(allow_null=True)
    suggestions = serializers.ListField(child=serializers.CharField())


class ReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    errors = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)


class ValidateResultSerializer(ReportSerializer):
    game = serializers.CharField()
    format = serializers.CharField()


def text_error(report) -> ApiError:
    """A decklist that cannot be saved (``DeckTextError``): ``deck.text_invalid`` with one ``details`` entry
    per problem (its ``code``, ``line``, ``section``, ``card``, the message in the request's language)."""
    ja = japanese()
    details = [p.as_dict() | {"field": "text", "message": p.message_ja if ja else p.message_en}
               for p in report.errors]
    message = "; ".join(p.message_ja if ja else p.message_en for p in report.errors[:5])
    return ApiError("deck.text_invalid", message, field="text", details=details)


class ValidateView(APIView):
    """``POST /api/decks/validate/`` — a decklist text (JSON ``{"text", "format"?, "as_of"?}``, text/plain, or
    a multipart form with the decklist as ``file``) in, ``{"legal", "errors", "warnings", "game", "format"}``
    out. No account needed."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    throttle_classes = [*api_settings.DEFAULT_THROTTLE_CLASSES, ValidateThrottle]
    parser_classes = [SafeJSONParser, FormParser, MultiPartParser, PlainTextParser]

    @extend_schema(
        request={"application/json": ValidateInput, "application/x-www-form-urlencoded": ValidateInput,
                 "multipart/form-data": ValidateUpload, "text/plain": OpenApiTypes.STR},
        responses={200: ValidateResultSerializer},
    )
    def post(self, request):
        given = request.data
        if "file" in request.FILES and not given.get("text"):
            given = {**{k: v for k, v in given.items() if k != "file"}, "text": text_of_upload(request.FILES["file"])}
        data = ValidateInput(data=given)
        data.is_valid(raise_exception=True)
        try:
            result = services.deck_check_text(
                text=data.validated_data["text"],
                format_code=data.validated_data.get("format") or None,
                as_of=data.validated_data.get("as_of"),
            )
        except Unreadable as exc:
            raise ApiError("deck.unreadable", exc.message_ja if japanese() else str(exc), field="text") from exc
        body = result.report.as_dict() | {"game": result.game, "format": result.format["code"]}
        return Response(body)


class EntrySerializer(serializers.Serializer):
    card = serializers.IntegerField(source="card_id")
    name = serializers.CharField(source="card.name")
    section = serializers.CharField()
    count = serializers.IntegerField()


class DeckSerializer(serializers.ModelSerializer):
    format = serializers.SlugRelatedField(slug_field="code", read_only=True)
    game = serializers.SlugRelatedField(slug_field="code", read_only=True)
    entries = EntrySerializer(many=True, read_only=True)
    text = serializers.SerializerMethodField()
    report = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id",
            "name",
            "description",
            "game",
            "format",
            "visibility",
            "side",
            "entries",
            "text",
            "report",
            "created_at",
            "updated_at",
        ]

    def get_text(self, deck) -> str:
        return services.deck_to_text(deck)

    @extend_schema_field(ReportSerializer)
    def get_report(self, deck) -> dict:
        return services.deck_report(deck).as_dict()


class DeckWrite(StrictSerializer):
    name = StrictCharField(max_length=200, required=False, allow_blank=True)
    description = StrictCharField(required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=[v for v, _ in Deck.VISIBILITY], required=False)
    side = serializers.ChoiceField(choices=[s for s, _ in side_choices()], required=False, allow_blank=True)
    format = StrictCharField(required=False, help_text="On create only: a deck keeps its format.")
    text = StrictCharField(max_length=MAX_TEXT, required=False, allow_blank=True, trim_whitespace=False)


class NewestFirst(CursorPagination):
    ordering = "-created_at"


class RecentlyUpdated(CursorPagination):
    ordering = ("-updated_at", "-id")  # as the site's deck list shows public decks


def field_error(exc: services.DeckFieldError) -> ApiError:
    return ApiError(exc.code, exc.message_ja if japanese() else str(exc), field=exc.field)


@extend_schema_view(
    list=extend_schema(parameters=[GAME_PARAMETER]),
    public=extend_schema(parameters=[GAME_PARAMETER], responses=DeckSerializer(many=True)),
    create=extend_schema(request=DeckWrite, responses={201: DeckSerializer}),
    update=extend_schema(request=DeckWrite, responses={200: DeckSerializer}),
    partial_update=extend_schema(request=DeckWrite, responses={200: DeckSerializer}),
)
class DeckViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """``/api/decks/`` — the signed-in owner's decks; ``public/`` the public decks (anyone, as the site's deck
    list shows them); ``{id}/`` a deck its page shows (public or unlisted for anyone, private for its owner).
    Create and update take ``text`` (a decklist) and/or fields; a text with an unreadable line or an unknown
    card answers 400 (``deck.text_invalid``, the problems in ``details``) and saves nothing."""

    serializer_class = DeckSerializer
    pagination_class = NewestFirst

    def get_permissions(self):
        if self.action in ("retrieve", "public"):
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def get_queryset(self):
        decks = Deck.objects.select_related("game", "format")
        if getattr(self, "swagger_fake_view", False):
            return decks.none()
        if self.action == "public":
            return decks.filter(visibility=Deck.PUBLIC)
        if self.action == "retrieve":
            mine = Q(owner=self.request.user) if self.request.user.is_authenticated else Q(pk__in=[])
            return decks.filter(mine | ~Q(visibility=Deck.PRIVATE))
        return decks.filter(owner=self.request.user)

    def filter_queryset(self, queryset):
        game = known_game(self.request.query_params.get("game"))
        return queryset.filter(game__code=game) if game and self.action in ("list", "public") else queryset

    @action(detail=False, pagination_class=RecentlyUpdated)
    def public(self, request):
        """The public decks of every owner, most recently updated first."""
        return self.list(request)

    def create(self, request):
        data = DeckWrite(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        if not fields.get("text", "").strip() and not fields.get("format"):
            raise ApiError("deck.text_or_format", TEXT_OR_FORMAT, field="format")
        try:
            deck = services.deck_create(owner=request.user, format_code=fields.pop("format", None), **fields)
        except services.DeckTextError as exc:
            raise text_error(exc.report) from exc
        except services.DeckFieldError as exc:
            raise field_error(exc) from exc
        except services.Format.DoesNotExist as exc:
            raise ApiError("deck.unknown_format", UNKNOWN_FORMAT, field="format") from exc
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)

    def update(self, request, pk=None, partial=False):
        deck = self.get_object()
        data = DeckWrite(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        if "format" in fields:  # refused, not ignored: the client would believe the format changed
            raise ApiError("deck.format_fixed", FORMAT_FIXED, field="format")
        try:
            deck = services.deck_update(deck=deck, **fields)
        except services.DeckTextError as exc:
            raise text_error(exc.report) from exc
        except services.DeckFieldError as exc:
            raise field_error(exc) from exc
        return Response(DeckSerializer(deck).data)

    def partial_update(self, request, pk=None):
        return self.update(request, pk, partial=True)

    def destroy(self, request, pk=None):
        services.deck_delete(deck=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

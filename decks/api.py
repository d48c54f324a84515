"""The decks API: anonymous validation of a decklist text, and the owner's decks (CRUD).

Views only translate between HTTP and ``decks.services``; the report has the same shape as
``validatedeck --json``.
"""

from __future__ import annotations

import codecs

from django.conf import settings
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.exceptions import ParseError
from rest_framework.pagination import CursorPagination
from rest_framework.parsers import BaseParser, FormParser, JSONParser
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from . import services
from .models import Deck
from .textcheck import MAX_CHARS as MAX_TEXT
from .textcheck import Unreadable

VALIDATE_ANON_RATE = "60/minute"  # settings.DECKS_VALIDATE_ANON_RATE overrides it


class PlainTextParser(BaseParser):
    """A text/plain body, decoded in the request's ``charset`` (UTF-8 when none is given, a leading byte order
    mark dropped); bytes that are not valid in that charset are a 400, never replacement characters."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding") or "utf-8"
        body = stream.read() if stream is not None else b""
        try:
            text = body.decode("utf-8-sig" if codecs.lookup(encoding).name == "utf-8" else encoding)
        except UnicodeDecodeError as exc:
            raise ParseError(
                f"The body is not valid {encoding} text (byte {exc.start}); send UTF-8 or name the charset."
            ) from exc
        return {"text": text}


class ValidateThrottle(AnonRateThrottle):
    """Anonymous validation is cheap but not free: at most ``DECKS_VALIDATE_ANON_RATE`` per client address,
    on top of the API-wide anonymous rate."""

    scope = "decks_validate"

    def get_rate(self) -> str:
        return getattr(settings, "DECKS_VALIDATE_ANON_RATE", VALIDATE_ANON_RATE)


class ValidateInput(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_TEXT, trim_whitespace=False)
    format = serializers.CharField(required=False, allow_blank=True)
    as_of = serializers.DateField(required=False)


class ValidateView(APIView):
    """``POST /api/decks/validate/`` — a decklist text (JSON ``{"text", "format"?, "as_of"?}`` or text/plain)
    in, ``{"legal", "errors", "warnings", "game", "format"}`` out. No account needed."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    throttle_classes = [*api_settings.DEFAULT_THROTTLE_CLASSES, ValidateThrottle]
    parser_classes = [JSONParser, FormParser, PlainTextParser]

    def post(self, request):
        data = ValidateInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            result = services.deck_check_text(
                text=data.validated_data["text"],
                format_code=data.validated_data.get("format") or None,
                as_of=data.validated_data.get("as_of"),
            )
        except Unreadable as exc:
            return Response(
                {"legal": False, "unreadable": str(exc), "errors": [], "warnings": []},
                status=status.HTTP_400_BAD_REQUEST,
            )
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

    def get_report(self, deck) -> dict:
        return services.deck_report(deck).as_dict()


class DeckWrite(serializers.Serializer):
    name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    description = serializers.CharField(required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=[v for v, _ in Deck.VISIBILITY], required=False)
    side = serializers.ChoiceField(choices=[s for s, _ in Deck.SIDES], required=False, allow_blank=True)
    format = serializers.CharField(required=False)
    text = serializers.CharField(max_length=MAX_TEXT, required=False, allow_blank=True, trim_whitespace=False)


class NewestFirst(CursorPagination):
    ordering = "-created_at"


class DeckViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """``/api/decks/`` — the signed-in owner's decks. Create and update take ``text`` (a decklist)
    and/or fields; a text with an unreadable line or an unknown card answers 400 with the report and saves
    nothing."""

    serializer_class = DeckSerializer
    authentication_classes = [BasicAuthentication, SessionAuthentication]  # Basic first: a 401 challenge
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = NewestFirst

    def get_queryset(self):
        return Deck.objects.filter(owner=self.request.user).select_related("game", "format")

    def create(self, request):
        data = DeckWrite(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        if not fields.get("text", "").strip() and not fields.get("format"):
            return Response({"format": ["Give a decklist text or a format."]}, status=400)
        try:
            deck = services.deck_create(owner=request.user, format_code=fields.pop("format", None), **fields)
        except services.DeckTextError as exc:
            return Response(exc.report.as_dict(), status=status.HTTP_400_BAD_REQUEST)
        except services.DeckFieldError as exc:
            return Response({exc.field: [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
        except services.Format.DoesNotExist:
            return Response({"format": ["Unknown format."]}, status=400)
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)

    def update(self, request, pk=None, partial=False):
        deck = self.get_object()
        data = DeckWrite(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        fields.pop("format", None)  # a deck keeps its format; copy it to change format
        try:
            deck = services.deck_update(deck=deck, **fields)
        except services.DeckTextError as exc:
            return Response(exc.report.as_dict(), status=status.HTTP_400_BAD_REQUEST)
        except services.DeckFieldError as exc:
            return Response({exc.field: [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
        return Response(DeckSerializer(deck).data)

    def partial_update(self, request, pk=None):
        return self.update(request, pk, partial=True)

    def destroy(self, request, pk=None):
        services.deck_delete(deck=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

"""The card list's rows rendered as ``CardSerializer`` renders cards.

The list answers from ``values()`` rows: the same fields, in the same order and format, as ``CardSerializer``
(``test_a_listed_card_is_the_same_as_the_card_by_id`` holds them together), without building model instances
and serializer fields 50 times per page.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from rest_framework import ISO_8601, serializers
from rest_framework.settings import api_settings

from ..abilities import api_abilities
from ..models import Card
from .card_serializers import CardSerializer, request_lang

ROW_FIELDS = (
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
PAGE_URL_MARK = 987654321987654321  # a card id no card has: ``reverse`` once, the id put in its place per card
CARD_KEYS = tuple(CardSerializer.Meta.fields)  # a listed card's keys, in order
JSON_TEXT_FIELDS = frozenset({"attributes", "sample_fields"})  # the row's JSON answered as stored (``abilities``
# is rebuilt with its text: ``api_abilities``)


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


def card_values(rows, request):
    """Per ``Card.objects.values(*ROW_FIELDS)`` row, the values of ``CARD_KEYS`` as ``CardSerializer``
    renders them (a tuple each); its ``JSONText`` values are left as they are."""
    url_head, url_tail = reverse("cards:card", args=[PAGE_URL_MARK]).split(str(PAGE_URL_MARK))
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
    """``Card.objects.values(*ROW_FIELDS)`` rows as ``CardSerializer`` renders the cards (a list of dicts)."""
    return [dict(zip(CARD_KEYS, values, strict=True)) for values in card_values(rows, request)]

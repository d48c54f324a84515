"""One card as the API gives it (``/api/cards/<id>/``, and each card of the list: ``card_rows``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ..abilities import api_abilities
from ..models import Card


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


class CardDetailSerializer(CardSerializer):
    """One card (``GET /api/cards/{id}/``): the listed fields and ``sources``."""

    sources = serializers.JSONField(
        read_only=True,
        help_text="Where each value accepted from a community proposal comes from: field path (as sample_fields "
                  "names it) → {url, image, proposal, proposed_by, accepted_by, accepted_at}; {} for none.")

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "sources"]

"""Admin for the catalogue: games, sets and cards.

The card form (``cards.forms``) shows the card's game's attributes as real fields, one fieldset per game
(all three on the add page until a game is chosen; ``?game=<id>`` preselects one), and runs uploads through
``cards.images``. The list filters by game, set, type and each game's colour / faction / affiliation, searches
name, reading and number, and exports the selected cards as a ``shinpan.cards`` JSON file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from referee import registry

from .admin_filters import CardSetFilter, CardTypeFilter, attribute_filter
from .forms import CardAdminForm, card_admin_form, card_fieldsets
from .games import SCHEMAS
from .images import delete_files
from .models import Card, CardSet, Game
from .services.exporting import cards_document

MIXED_GAMES = "Export one game at a time: the selected cards belong to {games}."


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "name_ja")
    search_fields = ("code", "name", "name_ja")


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "name_ja", "game", "release_date", "kinds", "sold_as", "sample_data")
    list_filter = ("game", "sample_data")
    search_fields = ("code", "name", "name_ja")
    list_select_related = ("game",)
    date_hierarchy = "release_date"


def export_document(cards: Iterable[Card]) -> dict[str, Any]:
    """The ``shinpan.cards`` document (the importer's JSON format) of ``cards``, all of one game.

    Holds the game, the sets the cards belong to and the cards in catalogue order. ValueError if ``cards`` is
    empty or spans several games.
    """
    cards = sorted(cards, key=lambda c: (c.card_set.release_date or c.card_set.code, c.card_set.code,
                                         c.collector_number))
    games = {card.game for card in cards}
    if len(games) != 1:
        raise ValueError(MIXED_GAMES.format(games=", ".join(sorted(g.name for g in games)) or "no game"))
    sets = {card.card_set_id: card.card_set for card in cards}
    return cards_document(game=games.pop().code, sets=sets.values(), cards=cards)


@registry.cached
def game_filters() -> list[type[admin.SimpleListFilter]]:
    """The admin's per-game attribute filters (``CardAdmin.get_list_filter``)."""
    return [attribute_filter(spec.code, spec.deck.group[0]) for spec in registry.specs()]


@admin.register(Card)
class CardAdmin(SimpleHistoryAdmin):
    form = CardAdminForm
    list_display = ("thumbnail_tag", "name", "reading", "card_set", "collector_number", "card_type", "game")
    list_display_links = ("thumbnail_tag", "name")
    list_filter = ("game", CardSetFilter, CardTypeFilter)
    search_fields = ("name", "reading", "collector_number", "card_set__code")
    list_select_related = ("game", "card_set")
    readonly_fields = ("thumbnail_preview",)
    actions = ("export_selected_json",)
    list_per_page = 50

    def _game_codes(self, request: HttpRequest, obj: Card | None) -> list[str]:
        """Games whose attribute fieldsets to show: the posted or chosen game, else the card's, else all."""
        game_id = request.POST.get("game") or request.GET.get("game")
        if game_id and str(game_id).isdigit():
            code = Game.objects.filter(pk=game_id).values_list("code", flat=True).first()
            if code:
                return [code]
        if obj is not None and obj.game_id:
            return [obj.game.code]
        return list(SCHEMAS)

    def get_list_filter(self, request: HttpRequest) -> list:
        """The common filters, then one per game on the attribute its decks are grouped by (its spec's
        ``deck.group``: Legions colours, Riders' Legend faction, Iron Leaguer affiliation)."""
        return [*self.list_filter, *game_filters()]

    def get_form(self, request: HttpRequest, obj: Card | None = None, change: bool = False, **kwargs: Any) -> Any:
        kwargs.setdefault("form", card_admin_form())  # the registered games' fields (a test may add a game)
        return super().get_form(request, obj, change, **kwargs)

    def get_fieldsets(self, request: HttpRequest, obj: Card | None = None) -> list:
        return card_fieldsets(self._game_codes(request, obj))

    def render_change_form(self, request: HttpRequest, context: dict, *args: Any, **kwargs: Any) -> Any:
        # The change form's script shows only the fieldset of the game picked in the "game" select.
        context["game_codes"] = {str(pk): code for pk, code in Game.objects.values_list("pk", "code")}
        return super().render_change_form(request, context, *args, **kwargs)

    @admin.display(description="thumbnail")
    def thumbnail_tag(self, obj: Card) -> str:
        if not obj.thumbnail:
            return "—"
        return format_html('<img src="{}" alt="" style="height:48px">', obj.thumbnail.url)

    @admin.display(description="thumbnail")
    def thumbnail_preview(self, obj: Card) -> str:
        if obj is None or not obj.thumbnail:
            return "No image yet."
        return format_html('<a href="{}"><img src="{}" alt="{}" class="card-thumbnail"></a>',
                           obj.image.url if obj.image else obj.thumbnail.url, obj.thumbnail.url, obj.name)

    def save_model(self, request: HttpRequest, obj: Card, form: Any, change: bool) -> None:
        """Save the card; a replaced or cleared image's old files are deleted once the save is committed."""
        before = Card.objects.filter(pk=obj.pk).values_list("image", "thumbnail").first() if change else None
        super().save_model(request, obj, form, change)
        if before:
            stale = [name for name in before if name and name not in (obj.image.name, obj.thumbnail.name)]
            if stale:
                storage = obj.image.storage
                transaction.on_commit(lambda: delete_files(storage, stale))

    @admin.action(description="Export selected cards as JSON")
    def export_selected_json(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        cards = list(queryset.select_related("game", "card_set"))
        try:
            document = export_document(cards)
        except ValueError as exc:
            self.message_user(request, str(exc), messages.ERROR)
            return None
        response = HttpResponse(
            json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
        )
        filename = f"{document['game']['code']}-cards-{len(cards)}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

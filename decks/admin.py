from django.contrib import admin

from .models import Deck, DeckEntry, Format, FormatCardLimit


class FormatCardLimitInline(admin.TabularInline):
    model = FormatCardLimit
    extra = 1


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "copy_limit")
    list_filter = ("game",)
    inlines = [FormatCardLimitInline]


class DeckEntryInline(admin.TabularInline):
    model = DeckEntry
    raw_id_fields = ("card",)
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "game", "format", "visibility", "updated_at")
    list_filter = ("game", "format", "visibility")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner", "copied_from")
    inlines = [DeckEntryInline]

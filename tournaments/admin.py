from django.contrib import admin

from .models import Entry, Pairing, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("name", "user", "bot", "lot", "dropped_after")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format_code", "rounds", "best_of", "top_cut", "status", "created_at")
    list_filter = ("game", "status")
    inlines = [EntryInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "stage", "table", "p1", "p2", "wins1", "wins2", "draws", "done")
    list_filter = ("stage", "done")
    raw_id_fields = ("p1", "p2", "matches")

from django.contrib import admin

from .models import CardProposal


@admin.register(CardProposal)
class CardProposalAdmin(admin.ModelAdmin):
    """Proposals are decided on their own page (/proposals/<id>/), where the difference is shown and the card's
    history records the decision; the admin lists them read-only."""

    list_display = ("id", "kind", "game", "card", "proposer", "status", "created_at", "reviewer")
    list_filter = ("status", "kind", "game")
    search_fields = ("card__name", "proposer__username", "source_url")
    readonly_fields = [f.name for f in CardProposal._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

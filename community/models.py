"""A proposal: a new card, or a correction to fields of a card, with its source, waiting for an editor."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.models import Card, CardSet, Game

from .storage import private_storage

REVIEW_PERMISSION = "community.review_cardproposal"
EDITORS_GROUP = "Card editors"


class CardProposal(models.Model):
    """A player's proposal. ``changes`` maps field paths (as ``Card.sample_fields`` names them: ``name``,
    ``rules_text``, ``atk``, ``upper.attack``; a new card also ``card_type`` and ``collector_number``) to the
    proposed values; ``base`` holds the card's values of those paths when it was proposed, so an editor cannot
    overwrite a change made since without seeing it (``community.services.accept`` refuses). A new card has no
    ``card`` until it is accepted. At least one source: ``source_url`` or ``source_image`` (a photo of the printed
    card, normalised by ``cards.images``)."""

    class Kind(models.TextChoices):
        CORRECTION = "correction", _("correction")
        NEW_CARD = "new", _("new card")

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for review")
        ACCEPTED = "accepted", _("accepted")
        REJECTED = "rejected", _("rejected")
        WITHDRAWN = "withdrawn", _("withdrawn")

    kind = models.CharField(max_length=12, choices=Kind.choices)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="proposals")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, null=True, blank=True, related_name="proposals")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, null=True, blank=True, related_name="proposals")
    changes = models.JSONField(default=dict)
    base = models.JSONField(default=dict, blank=True)
    source_url = models.URLField(_("source address"), max_length=500, blank=True)
    source_image = models.ImageField(_("photo of the card"), upload_to="proposals/", blank=True,
                                     storage=private_storage)
    note = models.TextField(_("note"), blank=True, max_length=2000)
    proposer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                 related_name="card_proposals")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING, db_index=True)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    reviewed_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True, max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # what the proposal changes (its card or set, kind and changes), hashed: one player's same change waits once,
    # even when two submissions race (the constraint, not a read before the write, decides)
    fingerprint = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["created_at", "id"]
        permissions = [("review_cardproposal", "Can review card proposals (accept or reject them)")]
        indexes = [models.Index(fields=["proposer", "created_at"], name="proposal_proposer_time_idx")]
        constraints = [models.UniqueConstraint(fields=["proposer", "fingerprint"],
                                               condition=models.Q(status="pending"), name="proposal_pending_once")]

    def __str__(self) -> str:
        what = self.card.name if self.card_id else self.changes.get("name", "?")
        return f"#{self.pk} {self.get_kind_display()} {what} ({self.status})"

    @property
    def title(self) -> str:
        """The card the proposal is about: its name now (a correction) or the name proposed (a new card)."""
        return self.card.name if self.card_id else str(self.changes.get("name", ""))

"""Online matches: the match row (state and version), its seats, the actions as sent, and the event log.

The match row is the unit of locking: the adjudication task takes ``select_for_update`` on it, applies pending
submissions in order through the game's engine, appends events and stores the new state and version.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class MatchQuerySet(models.QuerySet):
    def live(self):
        """Without ``config`` (the large copy of the decks, read only at the start and for replays): the hot
        paths of adjudication and views decode the state alone."""
        return self.defer("config")


class Match(models.Model):
    """One game between two seats. ``state`` is the engine's JSON state; ``version`` counts applied actions."""

    objects = MatchQuerySet.as_manager()

    class Status(models.TextChoices):
        OPEN = "open", _("open challenge")
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    game = models.CharField(max_length=32)
    format_code = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    config = models.JSONField(default=dict, blank=True)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    seed_hex = models.CharField(max_length=64, editable=False)  # secret until the match ends
    commitment = models.CharField(max_length=64, editable=False)  # SHA-256 of the seed, public from creation
    entropy = models.JSONField(default=list, blank=True)
    decision_seconds = models.PositiveIntegerField(null=True, blank=True)  # time control: per decision
    deadline_at = models.DateTimeField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game} match {self.pk} ({self.status})"


class Seat(models.Model):
    """A seat of a match (``seat`` is the engine's name: ``silver``/``dark``), held by a user or a bot."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=16)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    bot = models.CharField(max_length=16, blank=True)  # "random" or "greedy" for a bot seat
    deck = models.JSONField(default=dict, blank=True)  # the deck or roster as submitted (decklist text, names)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="seat_unique_per_match")]
        ordering = ["id"]

    def __str__(self) -> str:
        holder = self.user.get_username() if self.user_id else f"bot:{self.bot}" if self.bot else "empty"
        return f"{self.seat}: {holder}"


class Submission(models.Model):
    """An action as a player (or bot, or the clock) sent it, before and after adjudication."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPLIED = "applied"
        REJECTED = "rejected"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="submissions")
    seat = models.CharField(max_length=16)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    source = models.CharField(max_length=16, default="player")  # player | bot | clock
    idempotency_key = models.CharField(max_length=100)
    action = models.JSONField()
    expected_version = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True)
    error = models.JSONField(null=True, blank=True)  # {"code", "reason", "clause"} when rejected
    applied_version = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "seat", "idempotency_key"], name="submission_idempotent"),
        ]
        ordering = ["id"]


class Event(models.Model):
    """One entry of a match's append-only log. ``to`` lists the seats entitled to ``data`` during play."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField()  # the match version this event belongs to (0: setup)
    submission = models.ForeignKey(Submission, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=40)
    clause = models.CharField(max_length=40, blank=True)
    data = models.JSONField(default=dict)
    to = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="event_unique_seq")]
        ordering = ["seq"]

    def as_dict(self) -> dict:
        return {"seq": self.seq, "version": self.version, "kind": self.kind, "clause": self.clause,
                "data": self.data, "to": self.to}

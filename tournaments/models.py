"""An event: Swiss rounds of refereed matches, then an optional single-elimination top cut (issue 30, point 2).

``Tournament`` (the game, format, rounds, best-of, cut, seed); ``Entry`` (a player or a bot entrant, with the deck
it registered); ``Pairing`` (one table of one round: two entries, or one with a bye, the games each won and the
matches that played them). Standings are computed from the pairings (``tournaments.swiss``), never stored."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTERING = "registering", _("registration open")
        RUNNING = "running", _("in progress")
        FINISHED = "finished", _("finished")

    name = models.CharField(max_length=120)
    game = models.CharField(max_length=40)
    format_code = models.CharField(max_length=40, blank=True)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="organised_tournaments")
    rounds = models.PositiveSmallIntegerField(help_text="Swiss rounds (default ceil(log2 players)).")
    best_of = models.PositiveSmallIntegerField(default=1, choices=[(1, "1"), (3, "3")])
    top_cut = models.PositiveSmallIntegerField(default=0, choices=[(0, "0"), (2, "2"), (4, "4"), (8, "8")])
    decision_seconds = models.PositiveIntegerField(null=True, blank=True)
    registration_deadline = models.DateTimeField(
        null=True, blank=True, help_text="Decklists lock then; the organiser starts the event (or it starts then).")
    seed_hex = models.CharField(max_length=64, help_text="The event's secret seed: lots, and each game's seed.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERING)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [models.CheckConstraint(condition=models.Q(best_of__in=(1, 3)), name="tournament_best_of"),
                       models.CheckConstraint(condition=models.Q(top_cut__in=(0, 2, 4, 8)),
                                              name="tournament_top_cut")]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """An entrant: a user, or a bot kind (``bot``); ``name`` as the standings show it; ``lot``: the final
    tiebreak, drawn from the event's seed; ``dropped_after``: the last round played before dropping."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="tournament_entries")
    bot = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=80)
    deck = models.JSONField(default=dict, blank=True)
    lot = models.PositiveIntegerField(default=0)
    dropped_after = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_round = models.PositiveSmallIntegerField(default=1, help_text="A late entry's first round.")
    registered_at = models.DateTimeField(auto_now_add=True, null=True)

    class Meta:
        ordering = ["lot", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="entry_unique_name"),
            models.UniqueConstraint(fields=["tournament", "user"], condition=models.Q(user__isnull=False),
                                    name="entry_once_per_user"),
        ]

    def __str__(self) -> str:
        return self.name


class Pairing(models.Model):
    """One table: ``p1`` against ``p2`` (null: ``p1``'s bye) in ``round`` (Swiss rounds 1..n, then the cut's
    rounds n+1..; ``stage`` says which), the games each won and the drawn ones, and the matches played."""

    class Stage(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        CUT = "cut", _("top cut")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.SWISS)
    table = models.PositiveSmallIntegerField()
    p1 = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    p2 = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    wins1 = models.PositiveSmallIntegerField(default=0)
    wins2 = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    done = models.BooleanField(default=False)
    matches = models.ManyToManyField("matches.Match", blank=True, related_name="tournament_pairings")

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "table"], name="pairing_unique_table")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} table {self.table}"


class Correction(models.Model):
    """An organiser's change to a result, logged with its reason (issue 30, point 2)."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="corrections")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    reason = models.TextField()
    before = models.JSONField()
    after = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

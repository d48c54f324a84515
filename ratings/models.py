"""A player's rating in one game (``Rating``) and its value at the end of each rating period (``RatingPoint``,
the player page's plot). Both are worked out from the finished rated matches by ``ratings.services`` and can be
made again from them at any time: nothing here is the only copy of anything."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=40)
    rating = models.FloatField()
    rd = models.FloatField(help_text="Rating deviation (Glicko-2): 350 for a new player.")
    vol = models.FloatField(help_text="Volatility (Glicko-2).")
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "-rating"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_unique_per_game")]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.rating:.0f}"


class RatingPoint(models.Model):
    """The rating at the end of a period in which the player played (``provisional``: the period still open)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_points")
    game = models.CharField(max_length=40)
    period_end = models.DateField()
    rating = models.FloatField()
    rd = models.FloatField()
    games = models.PositiveIntegerField(help_text="Rated games played up to the end of this period.")
    provisional = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "period_end"]
        constraints = [models.UniqueConstraint(fields=["user", "game", "period_end"], name="ratingpoint_unique")]

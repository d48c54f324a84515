"""Decks and formats.

A ``Format`` holds a game's legality rules as data (section sizes and card types, copy limit, game rules)
and its banned and restricted cards (``FormatCardLimit``, each with the date it takes effect).
``decks.legality`` interprets that data; nothing here enforces a rule. A ``Deck`` is a player's list of
``DeckEntry`` rows (card, count, section). ``CatalogueVersion`` names the state of a game's catalogue the deck
index was built from (``decks.catalogue``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.models import Card, Game


class Format(models.Model):
    """A way to play a game, with its deck rules as data (see ``decks.legality`` for the shape of
    ``as_data``)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="formats")
    code = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    name_ja = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)
    sections = models.JSONField(
        default=dict, help_text=_('Per section: {"size": 40, "types": ["minion", …]} (or "min"/"max").')
    )
    copy_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Most copies of one card (by name); empty for no limit.")
    )
    copy_sections = models.JSONField(
        null=True, blank=True, help_text=_("Sections the copy limit counts over; empty for the whole deck.")
    )
    rules = models.JSONField(
        default=dict, blank=True, help_text=_("Game-specific rules (Iron Leaguer roster).")
    )

    class Meta:
        ordering = ["game_id", "code"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """Refuse malformed ``sections``, ``copy_sections`` or ``rules`` (each problem under its field), which
        would otherwise break every legality check of the format (``decks.legality.formatdata``)."""
        from cards.games import SCHEMAS

        from .games import game_sections
        from .legality import formatdata, game_rules

        game = self.game.code if self.game_id else None
        known = game in SCHEMAS
        card_types = SCHEMAS[game].card_types if known else ()
        found = {
            "sections": formatdata.section_problems(self.sections, game_sections(game or ""), card_types),
            "copy_sections": formatdata.copy_sections_problems(self.copy_sections, self.sections),
            "rules": formatdata.rules_problems(self.rules, game_rules(game) if known else None),
        }
        if errors := {field: problems for field, problems in found.items() if problems}:
            raise ValidationError(errors)

    def as_data(self) -> dict:
        """The format as plain data for ``decks.legality.check``."""
        return {
            "code": self.code,
            "game": self.game.code,
            "name": self.name,
            "name_ja": self.name_ja,
            "sections": self.sections,
            "copy_limit": self.copy_limit,
            "copy_sections": self.copy_sections,
            "rules": self.rules,
            "limits": [limit.as_data() for limit in self.limits.all()],
        }


class FormatCardLimit(models.Model):
    """A banned (limit 0) or restricted card of a format, in force from ``effective_from`` until
    ``effective_until``."""

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="limits")
    card_name = models.CharField(max_length=200)
    limit = models.PositiveSmallIntegerField(
        default=0, help_text=_("0 = banned; otherwise most copies allowed.")
    )
    effective_from = models.DateField(null=True, blank=True)
    effective_until = models.DateField(null=True, blank=True)
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["format_id", "effective_from", "card_name"]

    def __str__(self) -> str:
        return f"{self.card_name}: {'banned' if self.limit == 0 else f'limit {self.limit}'}"

    def clean(self) -> None:
        """``card_name`` must name a card of the format's game (limits are by name, so a typo bans nothing)."""
        try:
            fmt = self.format
        except Format.DoesNotExist:  # no format yet: the form reports the missing format
            return
        if not fmt.game_id or not self.card_name:
            return
        if not Card.objects.filter(game_id=fmt.game_id, name=self.card_name).exists():
            message = _("No card named %(name)s in %(game)s.") % {"name": self.card_name, "game": fmt.game}
            raise ValidationError({"card_name": message})

    def as_data(self) -> dict:
        return {
            "card": self.card_name,
            "limit": self.limit,
            "from": self.effective_from.isoformat() if self.effective_from else None,
            "until": self.effective_until.isoformat() if self.effective_until else None,
        }


def side_choices() -> list[tuple[str, str]]:
    """``Deck.side``'s choices: none, or a side of a registered game (its spec's ``deck.sides``: Iron Leaguer's
    Silver Castle and Dark Sports), read when a form or a check asks."""
    from .games import all_sides

    return [("", "—")] + [(side.code, side.short[0]) for side in all_sides().values()]


class Deck(models.Model):
    PUBLIC, UNLISTED, PRIVATE = "public", "unlisted", "private"
    VISIBILITY = [(PUBLIC, _("public")), (UNLISTED, _("unlisted")), (PRIVATE, _("private"))]

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    format = models.ForeignKey(Format, on_delete=models.PROTECT, related_name="decks")
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    visibility = models.CharField(max_length=10, choices=VISIBILITY, default=PRIVATE)
    side = models.CharField(max_length=10, choices=side_choices, blank=True,
                            help_text=_("The side a deck is built for, in a game with sides (Iron Leaguer)."))
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["visibility", "-updated_at"], name="deck_visibility_idx")]

    def __str__(self) -> str:
        return self.name


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    section = models.CharField(max_length=20)
    count = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["deck_id", "section", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "section", "card"], name="deckentry_unique_card_per_section"
            ),
            models.CheckConstraint(condition=models.Q(count__gte=1), name="deckentry_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name} ({self.section})"


class CatalogueVersion(models.Model):
    """The version of one game's catalogue that caches built from it (the deck index) are kept by: ``number``
    counts the changes, ``token`` is drawn afresh by each (``decks.catalogue``)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="+")
    number = models.PositiveBigIntegerField(default=0)
    token = models.CharField(max_length=16)

    def __str__(self) -> str:
        return f"{self.game_id}: {self.number}"

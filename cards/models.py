"""The card catalogue: games, sets and cards.

A card is identified by (game, set code, collector number). Attributes common to every game are columns; each
game's own attributes live in ``Card.attributes``, checked against the game's schema in ``cards.games``
(``Card.clean`` refuses an impossible card with the field named).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from referee import registry

from .abilities import abilities_problems
from .games import schema_for
from .games.schema import AttributeError_, GameSchema


def game_choices() -> list[tuple[str, str]]:
    """``(code, English name)`` of every registered game (``referee.registry``), read when a form asks."""
    return [(spec.code, spec.name_en) for spec in registry.specs()]


class Game(models.Model):
    """A registered game (``referee.registry``); ``code`` is its key in the registry ("legions"…)."""

    code = models.SlugField(max_length=32, unique=True, choices=game_choices)
    name = models.CharField(max_length=100)
    name_ja = models.CharField(max_length=100)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name

    @property
    def schema(self):
        return schema_for(self.code)


class CardSetQuerySet(models.QuerySet):
    def with_coverage(self) -> CardSetQuerySet:
        """Each set annotated with ``card_count`` (its cards in the catalogue) and ``invented_count`` (those of
        them invented for play: ``name`` among their ``sample_fields``); see ``CardSet.coverage``."""
        return self.annotate(
            card_count=models.Count("cards", distinct=True),
            invented_count=models.Count("cards", filter=models.Q(cards__sample_fields__icontains='"name"'),
                                        distinct=True),
        )


class CardSet(models.Model):
    """A release of a game (booster, starter, constructed deck); ``sample_data`` marks sets whose values are
    samples for play. ``kinds`` is how many different cards (種類数) the real product has, None where no source
    gives it; ``sold_as`` how it was sold (発売形式: pack size and price as the source prints them)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="sets")
    code = models.CharField(max_length=32)
    name = models.CharField(max_length=200)
    name_ja = models.CharField(max_length=200, blank=True)
    release_date = models.DateField(null=True, blank=True)
    sample_data = models.BooleanField(
        default=False, help_text=_("The set's values are sample values for play, not the printed ones.")
    )
    notes = models.TextField(blank=True)
    kinds = models.PositiveSmallIntegerField(
        _("kinds"), null=True, blank=True,
        help_text=_("How many different cards the real product has (種類数); empty where no source gives it."),
    )
    sold_as = models.CharField(
        _("sold as"), max_length=200, blank=True,
        help_text=_("How the product was sold (発売形式), e.g. 'ブースター（10/314）': cards per pack / price."),
    )

    objects = CardSetQuerySet.as_manager()

    class Meta:
        ordering = ["game_id", "release_date", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code_per_game")]

    def __str__(self) -> str:
        return f"{self.code} — {self.name}"

    @property
    def real_count(self) -> int:
        """The set's real cards in the catalogue (its cards less those invented for play): the kinds of the real
        product it holds. Needs ``CardSet.objects.with_coverage()``."""
        return int(self.card_count - self.invented_count)

    @property
    def coverage(self) -> float | None:
        """The share of the real product's kinds the catalogue holds (its real cards, not the invented ones),
        0.0–1.0 (capped at 1), or None when ``kinds`` is unknown. Needs ``CardSet.objects.with_coverage()``."""
        if not self.kinds:
            return None
        return min(1.0, self.real_count / self.kinds)


class Card(models.Model):
    """One card. ``attributes`` holds the game's own typed attributes (see ``cards.games``).

    ``sample_fields`` lists the attribute names (or common fields such as ``rules_text``) whose values are
    sample values rather than the card's published ones. ``abilities`` is the card's abilities as data in its
    game's vocabulary (``cards.abilities``; ``{}``: none), which the engines referee.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards", verbose_name=_("set"))
    collector_number = models.CharField(_("collector number"), max_length=16)
    name = models.CharField(_("name"), max_length=200, db_index=True)
    reading = models.CharField(_("reading (kana)"), max_length=200, blank=True)
    card_type = models.CharField(_("card type"), max_length=20, db_index=True)
    rarity = models.CharField(_("rarity"), max_length=10, blank=True)
    rules_text = models.TextField(_("rules text"), blank=True)
    flavour_text = models.TextField(_("flavour text"), blank=True)
    attributes = models.JSONField(_("attributes"), default=dict, blank=True)
    sample_fields = models.JSONField(_("sample values"), default=list, blank=True)
    abilities = models.JSONField(
        _("abilities"), default=dict, blank=True,
        help_text=_("Keywords, triggers and effects in the game's ability vocabulary (empty: none)."),
    )
    image = models.ImageField(_("image"), upload_to="cards/", blank=True)
    thumbnail = models.ImageField(_("thumbnail"), upload_to="cards/thumbs/", blank=True, editable=False)
    # where each value accepted from a community proposal comes from (issue 29.4): field path (as in
    # sample_fields: "name", "atk", "upper.attack") -> {"url", "image", "proposal", "proposed_by", "accepted_by",
    # "accepted_at"}; written by community.services.accept
    sources = models.JSONField(_("sources"), default=dict, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # every save through the ORM (the admin, an accepted proposal) keeps the card as it was, who and why:
    # /cards/<id>/history/. Bulk file imports write their rows in SQL and are not versioned card by card.
    history = HistoricalRecords(excluded_fields=["thumbnail", "updated_at"], cascade_delete_history=False)

    class Meta:
        ordering = ["game_id", "card_set_id", "collector_number"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "collector_number"], name="card_unique_number_per_set"),
        ]
        indexes = [
            models.Index(fields=["game", "card_type"], name="card_game_type_idx"),
            # a game's cards in id order (the search's default order): a search of one game walks its own cards
            # instead of every card before them (bench/search.py: 70k rows filtered out for a Riders' Legend query)
            models.Index(fields=["game", "id"], name="card_game_id_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.card_set.code} {self.collector_number})"

    def clean(self) -> None:
        """Refuse an impossible card: the set of another game, attributes the game's schema rejects, or
        abilities its vocabulary rejects (Iron Leaguer has none: its abilities must stay empty).

        Raises ValidationError keyed by field (``attributes`` messages name the attribute: ``hp: is required``;
        ``abilities`` messages the path inside them: ``triggers.0.when: unknown trigger 'x' …``).
        Normalises ``attributes`` in place on success.
        """
        errors: dict[str, list[str]] = {}
        if self.game_id and self.card_set_id and self.card_set.game_id != self.game_id:
            errors.setdefault("card_set", []).append(_("The set belongs to another game."))
        if self.game_id:
            cleaned, problems = self.game.schema.clean(self.card_type, self.attributes)
            for problem in problems:  # in the reader's language; an attribute's message begins with its path
                key = "card_type" if problem.field == "card_type" else "attributes"
                text = localized_problem(self.game.schema, problem)
                errors.setdefault(key, []).append(f"{problem.field}: {text}" if key == "attributes" else text)
            if not problems:
                self.attributes = cleaned
            for problem in abilities_problems(self.game.code, self.abilities):
                errors.setdefault("abilities", []).append(str(problem))
        if not isinstance(self.sample_fields, list):
            errors.setdefault("sample_fields", []).append(_("Must be a list of field names."))
        if errors:
            raise ValidationError(errors)

    @property
    def is_sample(self) -> bool:
        return bool(self.sample_fields) or self.card_set.sample_data


def localized_problem(schema: GameSchema, problem: AttributeError_) -> str:
    """A schema problem's message in the active language (``cards/locale``): "must be at least 0, not -4" is
    "0 以上にしてください（-4 になっています）"; a card type in it is the reader's word for it (the English noun
    ``minion``, the Japanese label ミニオン)."""
    if (get_language() or "").startswith("ja"):
        return problem.localized(gettext, lambda code: schema.type_label(code, True))
    return problem.localized(gettext, lambda code: schema.type_nouns.get(code, (code,))[0])


MISSING = object()


def path_value(card: Card, path: str) -> object:
    """A card's value at a field path as ``sample_fields`` and ``sources`` name it (``name``, ``atk``,
    ``upper.attack``); ``MISSING`` when the card has none. The one reading of a path: the sources, the
    proposals (``community.services.values_of``) and the card page use it."""
    if path in ("name", "reading", "card_type", "rarity", "rules_text", "flavour_text", "collector_number"):
        return getattr(card, path)
    head, _, tail = path.partition(".")
    value = (card.attributes or {}).get(head, MISSING)
    if tail:
        return value.get(tail, MISSING) if isinstance(value, dict) else MISSING
    return value


@receiver(pre_save, sender=Card)
def keep_the_catalogued_version(sender: type[Card], instance: Card, raw: bool = False, **kwargs: object) -> None:
    """Before the first recorded change of a card that a bulk import or the seeds wrote (in SQL: no history),
    keep its stored state as its first version, so the change's history entry shows what it changed. A save
    that is not an accepted proposal (the admin) and changes a value taken from one drops that value's source:
    the source no longer says where the value comes from."""
    if raw or instance.pk is None:
        return
    stored = None
    if instance.sources and not getattr(instance, "_from_proposal", False):
        stored = Card.objects.filter(pk=instance.pk).first()
        if stored is not None:
            instance.sources = {path: source for path, source in instance.sources.items()
                                if path_value(stored, path) == path_value(instance, path)}
    if Card.history.filter(id=instance.pk).exists():
        return
    stored = stored or Card.objects.filter(pk=instance.pk).first()
    if stored is not None:
        (baseline,) = Card.history.bulk_history_create([stored], update=True, default_change_reason=CATALOGUED)
        # the catalogue's version, not the signed-in user's (the history middleware would name them)
        type(baseline).objects.filter(pk=baseline.pk).update(history_user=None)


CATALOGUED = "As catalogued (bulk import or seed)"

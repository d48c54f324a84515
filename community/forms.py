"""The proposal form: a card's values as form fields (the game's schema, as the admin's form builds them), its
source and a note. Field names are the admin's (``attr__legions__atk``) so ``cards.forms`` reads them back."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cards.faces import label
from cards.forms import attribute_field_name, attribute_paths, attributes_from_form, initial_from_attributes
from cards.games import SCHEMAS, Attr
from cards.games.schema import BOOL, CHOICE, CHOICES, INT, NAMES, NONE_MARK, OPT_INT, STR
from cards.images import ImageRejected, ProcessedImage, process_card_image
from cards.models import Card, CardSet, Game, localized_problem

from .services import COMMON, missing_source
from .services import label as path_label

TEXTAREAS = ("rules_text", "flavour_text")


def _attribute_field(attr: Attr, japanese: bool) -> forms.Field:
    """One optional field for ``attr`` (whether it is required is the schema's call, per card type)."""
    where = ("、" if japanese else ", ").join(label(t, japanese) for t in sorted(attr.types)) if attr.types else ""
    options: dict[str, Any] = {"required": False, "label": attr.label_ja if japanese else attr.label,
                               "help_text": (_("On %(types)s cards.") % {"types": where}) if where else ""}
    if attr.kind == INT:
        bounds = {k: v for k, v in (("min", attr.minimum), ("max", attr.maximum)) if v is not None}
        return forms.IntegerField(widget=forms.NumberInput(attrs={"class": "input", **bounds}), **options)
    if attr.kind == OPT_INT:
        options["help_text"] = f"{options['help_text']} " + str(_("A number, or %(mark)s for none.")
                                                                 % {"mark": NONE_MARK})
        return forms.CharField(max_length=8, widget=forms.TextInput(attrs={"class": "input"}), **options)
    if attr.kind == STR:
        if attr.name.endswith(("text", "condition")) or attr.name.startswith("side_"):
            return forms.CharField(widget=forms.Textarea(attrs={"class": "textarea", "rows": 3}), **options)
        return forms.CharField(widget=forms.TextInput(attrs={"class": "input"}), **options)
    if attr.kind == BOOL:
        return forms.BooleanField(**options)
    if attr.kind == CHOICE:
        return forms.ChoiceField(choices=[("", "—")] + [(c, label(c, japanese)) for c in attr.choices],
                                 widget=forms.Select(attrs={"class": "proposal-select"}), **options)
    if attr.kind == CHOICES:
        return forms.MultipleChoiceField(choices=[(c, label(c, japanese)) for c in attr.choices],
                                         widget=forms.CheckboxSelectMultiple, **options)
    if attr.kind == NAMES:
        options["help_text"] = f"{options['help_text']} " + str(_("One per line."))
        return forms.CharField(widget=forms.Textarea(attrs={"class": "textarea", "rows": 2}), **options)
    raise ValueError(f"no form field for attribute kind {attr.kind!r}")  # a schema bug


class ProposalImageField(forms.FileField):
    """A photo of the printed card, checked and normalised by ``cards.images`` (as the admin's card image)."""

    def to_python(self, data: Any) -> Any:
        upload = super().to_python(data)
        if upload is None:
            return None
        try:
            return process_card_image(upload)
        except ImageRejected as exc:
            raise forms.ValidationError(exc.localized(), code=exc.code) from exc


class ProposalForm(forms.Form):
    """The whole card (common fields and the game's attributes), prefilled with ``card``'s values for a
    correction; for a new card also its set, number and type. ``values()`` gives them by field path."""

    source_url = forms.URLField(label=_("Source: a page that shows the card"), required=False, max_length=500,
                                widget=forms.URLInput(attrs={"class": "input", "placeholder": "https://"}),
                                assume_scheme="https")
    source_image = ProposalImageField(label=_("Source: a photo of the printed card"), required=False,
                                      help_text=_("PNG, JPEG or WebP."))
    note = forms.CharField(label=_("Note for the editors"), required=False, max_length=2000,
                           widget=forms.Textarea(attrs={"class": "textarea", "rows": 2}))

    def __init__(self, *args: Any, game: Game, card: Card | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game, self.card = game, card
        japanese = (get_language() or "").startswith("ja")
        fields: dict[str, forms.Field] = {}
        if card is None:
            sets = forms.ModelChoiceField(
                label=capfirst(Card._meta.get_field("card_set").verbose_name),
                queryset=CardSet.objects.filter(game=game),
                widget=forms.Select(attrs={"class": "proposal-select"}))
            sets.label_from_instance = (lambda s: f"{s.code} — {s.name_ja or s.name}" if japanese  # type: ignore
                                        else f"{s.code} — {s.name}")
            fields["card_set"] = sets
            fields["collector_number"] = forms.CharField(
                label=capfirst(Card._meta.get_field("collector_number").verbose_name), max_length=16,
                widget=forms.TextInput(attrs={"class": "input"}))
            fields["card_type"] = forms.ChoiceField(
                label=capfirst(Card._meta.get_field("card_type").verbose_name),
                choices=[(t, label(t, japanese)) for t in SCHEMAS[game.code].card_types],
                widget=forms.Select(attrs={"class": "proposal-select"}))
        for name in COMMON:
            model_field = Card._meta.get_field(name)
            widget = (forms.Textarea(attrs={"class": "textarea", "rows": 3}) if name in TEXTAREAS
                      else forms.TextInput(attrs={"class": "input"}))
            fields[name] = forms.CharField(label=capfirst(model_field.verbose_name), required=name == "name",
                                           max_length=getattr(model_field, "max_length", None), widget=widget)
        top = {attr.name: attr for attr in SCHEMAS[game.code].attrs}
        for path, attr in attribute_paths(SCHEMAS[game.code]):
            if card is not None and not top[path.partition(".")[0]].applies_to(card.card_type):
                continue  # a correction keeps the card's type: only its type's attributes
            field = fields[attribute_field_name(game.code, path)] = _attribute_field(attr, japanese)
            if "." in path:  # a half's field: the error summary names the half too (上段・人数), the form shows it
                field.summary_label = path_label(game.code, path, japanese)  # type: ignore[attr-defined]
        # the card's fields first, the source and note last
        self.fields = {**fields, **self.fields}
        if card is not None and not self.is_bound:
            self.initial = {**{name: getattr(card, name) for name in COMMON},
                            **initial_from_attributes(SCHEMAS[game.code], card.attributes or {})}

    def clean(self) -> dict[str, Any]:
        """Every mistake at once. The card's values and a missing source are the service's to refuse (the schema
        via ``Card.clean``, ``services.missing_source``), but a form that refuses a value (a word for a number)
        never reaches the service: so when it does, the form also asks the schema about the values that cleaned,
        as the admin's card form does, and says a missing source itself."""
        data = super().clean()
        if self.errors:
            self._check_values(data)
        if self.errors and "source_image" not in self.errors and "source_url" not in self.errors:
            message = missing_source(data.get("source_url", ""), data.get("source_image"))
            if message:
                self.add_error("source_url", message)
        return data

    def _check_values(self, data: dict[str, Any]) -> None:
        """The schema's problems with the values that cleaned, each beside its field (none beside a field that
        has an error already; a problem with no field of its own waits for the service)."""
        schema = SCHEMAS[self.game.code]
        card_type = data.get("card_type") or (self.card.card_type if self.card else "")
        if card_type not in schema.card_types:
            return
        for problem in schema.validate(card_type, attributes_from_form(schema, card_type, data)):
            name = self.field_name(problem.field)
            if name is not None and name not in self.errors:
                self.add_error(name, localized_problem(schema, problem))

    @property
    def card_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in ("source_url", "source_image", "note")]

    @property
    def source_fields(self) -> list[forms.BoundField]:
        return [self["source_url"], self["source_image"], self["note"]]

    def values(self) -> dict[str, Any]:
        """The cleaned card by field path (common fields, attributes; a new card's type and number)."""
        data = self.cleaned_data
        card_type = data.get("card_type") or (self.card.card_type if self.card else "")
        out: dict[str, Any] = {name: data.get(name, "") for name in COMMON}
        if self.card is None:
            out["card_type"], out["collector_number"] = card_type, data.get("collector_number", "").strip()
        attributes = attributes_from_form(SCHEMAS[self.game.code], card_type, data)
        for path, _attr in attribute_paths(SCHEMAS[self.game.code]):
            head, _, tail = path.partition(".")
            source = attributes.get(head, {}) if tail else attributes
            key = tail or head
            if isinstance(source, dict) and key in source:
                out[path] = source[key]
        return out

    @property
    def image(self) -> ProcessedImage | None:
        value = self.cleaned_data.get("source_image")
        return value if isinstance(value, ProcessedImage) else None

    def field_name(self, path: str) -> str | None:
        """The form field showing a field path (an error's place), or None (the form's top)."""
        if path in self.fields:
            return path
        name = attribute_field_name(self.game.code, path)
        return name if name in self.fields else None


class DecisionForm(forms.Form):
    """An editor's reason (required to reject, checked by ``services.reject``): text of at most 2,000
    characters with no NUL (Django's CharField refuses it)."""

    reason = forms.CharField(required=False, max_length=2000)

"""The admin's card form: each game's attributes as real form fields, generated from ``cards.games`` schemas.

Every attribute of every game becomes one form field named ``attr__<game code>__<attribute>``; an Iron Leaguer
technique's halves become ``attr__iron_leaguer__upper__<field>`` / ``…__lower__<field>`` (the ``upper.*`` /
``lower.*`` paths of the schema). ``card_fieldsets`` groups them in one fieldset per game (and per technique
half). On save the fields of the card's game are gathered into ``Card.attributes``, checked by the game's
schema, and each problem is shown next to the field it names. The card's abilities are rows of fields built from
the game's vocabulary (``cards.ability_forms``), checked the same way. The image field runs every upload through
``cards.images.process_card_image`` and stores the normalised image and its thumbnail.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.contrib.admin import widgets as admin_widgets
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from referee import registry

from .abilities import abilities_problems
from .ability_forms import abilities_from_form, ability_fields, ability_fieldset, initial_from_abilities, problem_field
from .games import SCHEMAS, Attr, GameSchema
from .games.schema import BOOL, CHOICE, CHOICES, INT, NAMES, NESTED, NONE_MARK, OPT_INT, STR
from .images import ImageRejected, ProcessedImage, process_card_image
from .models import Card, Game, localized_problem

PREFIX = "attr"
SEP = "__"
# Common fields whose value may also be a sample value (besides each game's attributes).
# The same names the card importer accepts in ``sample_fields``.
COMMON_SAMPLE_FIELDS = (
    ("name", "Name"), ("reading", "Reading"), ("card_type", "Card type"), ("rarity", "Rarity"),
    ("rules_text", "Rules text"), ("flavour_text", "Flavour text"),
)
BASE_FIELDS = ("game", "card_set", "collector_number", "name", "reading", "card_type", "rarity")


def attribute_field_name(game_code: str, path: str) -> str:
    """Form field name of attribute ``path`` ("hp", "upper.kind") of ``game_code``: ``attr__legions__hp``."""
    return SEP.join((PREFIX, game_code, *path.split(".")))


def attribute_paths(schema: GameSchema) -> list[tuple[str, Attr]]:
    """Every editable attribute of a game as (dotted path, Attr); nested halves expand to their fields."""
    paths: list[tuple[str, Attr]] = []
    for attr in schema.attrs:
        if attr.kind == NESTED:
            paths.extend((f"{attr.name}.{sub.name}", sub) for sub in attr.fields)
        else:
            paths.append((attr.name, attr))
    return paths


def _help_text(attr: Attr) -> str:
    parts = []
    if attr.types:
        parts.append("On " + ", ".join(sorted(attr.types)) + " cards.")
    if attr.required and attr.required != frozenset({"*"}):
        parts.append("Required on " + ", ".join(sorted(attr.required)) + ".")
    elif attr.required:
        parts.append("Required.")
    if attr.minimum is not None or attr.maximum is not None:
        parts.append(f"{attr.minimum if attr.minimum is not None else '…'}–{attr.maximum or '…'}.")
    if attr.kind == OPT_INT:
        parts.append(f"A number, or {NONE_MARK} for none.")
    if attr.kind == NAMES:
        parts.append("One per line.")
    return " ".join(parts)


def _form_field(attr: Attr, path: str) -> forms.Field:
    """One optional form field for ``attr``; whether a value is required is the schema's call (per type)."""
    options: dict[str, Any] = {"required": False, "label": f"{path}: {attr.label} ({attr.label_ja})",
                               "help_text": _help_text(attr)}
    if attr.kind == INT:
        bounds = {k: v for k, v in (("min", attr.minimum), ("max", attr.maximum)) if v is not None}
        return forms.IntegerField(widget=admin_widgets.AdminIntegerFieldWidget(attrs=bounds), **options)
    if attr.kind == OPT_INT:
        return forms.CharField(max_length=8, widget=admin_widgets.AdminTextInputWidget, **options)
    if attr.kind == STR:
        if attr.name.endswith(("text", "condition")) or attr.name.startswith("side_"):
            return forms.CharField(widget=admin_widgets.AdminTextareaWidget(attrs={"rows": 3}), **options)
        return forms.CharField(widget=admin_widgets.AdminTextInputWidget, **options)
    if attr.kind == BOOL:
        return forms.BooleanField(**options)
    if attr.kind == CHOICE:
        return forms.ChoiceField(choices=[("", "---------")] + [(c, c) for c in attr.choices], **options)
    if attr.kind == CHOICES:
        return forms.MultipleChoiceField(choices=[(c, c) for c in attr.choices],
                                         widget=forms.CheckboxSelectMultiple, **options)
    if attr.kind == NAMES:
        return forms.CharField(widget=admin_widgets.AdminTextareaWidget(attrs={"rows": 2}), **options)
    raise ValueError(f"no form field for attribute kind {attr.kind!r}")  # a schema bug


def _value_from_form(attr: Attr, value: Any) -> Any:
    """The schema value of one form value, or None when the field was left empty (attribute absent)."""
    # Identity and type checks, not ``in``: 0 == False in Python, and 0 is a real value (unlock cost 0, heart 0).
    if value is None or value is False or (isinstance(value, str | list) and len(value) == 0):
        return None
    if attr.kind == NAMES:
        names = [part.strip() for line in value.splitlines() for part in line.split("|") if part.strip()]
        return names or None
    return value


def _value_to_form(attr: Attr, value: Any) -> Any:
    if attr.kind == OPT_INT:
        return NONE_MARK if value is None else str(value)
    if attr.kind == NAMES and isinstance(value, list):
        return "\n".join(value)
    return value


def attributes_from_form(schema: GameSchema, card_type: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Gather the game's attribute fields of cleaned form ``data`` into a raw ``Card.attributes`` mapping.

    Empty fields are left out (the schema fills defaults and reports missing required values). A nested half
    is sent whenever one of its fields is filled or the card type requires it, so each missing field is named.
    """
    attributes: dict[str, Any] = {}
    for attr in schema.attrs:
        if attr.kind == NESTED:
            half = {}
            for sub in attr.fields:
                name = attribute_field_name(schema.code, f"{attr.name}.{sub.name}")
                value = _value_from_form(sub, data.get(name))
                if value is not None:
                    half[sub.name] = value
            if half or card_type in attr.required:
                attributes[attr.name] = half
            continue
        value = _value_from_form(attr, data.get(attribute_field_name(schema.code, attr.name)))
        if value is not None:
            attributes[attr.name] = value
    return attributes


def initial_from_attributes(schema: GameSchema, attributes: Mapping[str, Any]) -> dict[str, Any]:
    """Form initial values (field name → value) showing a card's stored ``attributes``."""
    initial: dict[str, Any] = {}
    for path, attr in attribute_paths(schema):
        head, _, tail = path.partition(".")
        source = attributes.get(head, {}) if tail else attributes
        key = tail or head
        if isinstance(source, Mapping) and key in source:
            initial[attribute_field_name(schema.code, path)] = _value_to_form(attr, source[key])
    return initial


def game_fieldsets(schema: GameSchema) -> list[tuple[str, dict[str, Any]]]:
    """The admin fieldsets of one game: its attributes, then one fieldset per nested half (IL techniques)."""
    classes = ["game-attributes", f"game-{schema.code}"]
    flat = [attribute_field_name(schema.code, a.name) for a in schema.attrs if a.kind != NESTED]
    title = registry.spec(schema.code).title
    fieldsets = [(f"{title[0]} attributes ({title[1]})", {
        "fields": flat, "classes": classes,
        "description": f"Card types: {', '.join(schema.card_types)}. Leave fields of other card types empty.",
    })]
    for attr in schema.attrs:
        if attr.kind == NESTED:
            names = [attribute_field_name(schema.code, f"{attr.name}.{sub.name}") for sub in attr.fields]
            half = f"{title[0]}: {attr.label.lower()} of a technique ({attr.label_ja}, {attr.name}.*)"
            fieldsets.append((half, {"fields": names, "classes": classes}))
    return fieldsets


def card_fieldsets(game_codes: Iterable[str]) -> list[tuple[str | None, dict[str, Any]]]:
    """The card admin's fieldsets, with the attribute fieldsets of ``game_codes`` (one game, or all)."""
    fieldsets: list[tuple[str | None, dict[str, Any]]] = [
        (None, {"fields": list(BASE_FIELDS)}),
        ("Text", {"fields": ["rules_text", "flavour_text"]}),
    ]
    for code in game_codes:
        fieldsets.extend(game_fieldsets(SCHEMAS[code]))
    for code in game_codes:
        abilities = ability_fieldset(code)
        if abilities:
            fieldsets.append(abilities)
    fieldsets.append(("Image", {"fields": ["image", "thumbnail_preview"]}))
    fieldsets.append(("Sample values", {"fields": ["sample_fields"]}))
    return fieldsets


def sample_field_choices(game_codes: Iterable[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Grouped choices for ``Card.sample_fields``: common fields, then each game's attributes.

    A nested half is offered whole (``upper``) and field by field (``upper.attack``), as the importer accepts.
    """
    groups = [("Common fields", list(COMMON_SAMPLE_FIELDS))]
    for code in game_codes:
        schema = SCHEMAS[code]
        choices = []
        for attr in schema.attrs:
            choices.append((attr.name, f"{attr.name}: {attr.label}"))
            if attr.kind == NESTED:
                choices.extend((f"{attr.name}.{sub.name}", f"{attr.name}.{sub.name}: {sub.label}")
                               for sub in attr.fields)
        groups.append((registry.spec(code).title[0], choices))
    return groups


class CardImageField(forms.FileField):
    """An upload verified and normalised by ``process_card_image``; cleans to a ``ProcessedImage``."""

    widget = admin_widgets.AdminFileWidget

    def to_python(self, data: Any) -> Any:
        upload = super().to_python(data)
        if upload is None:
            return None
        try:
            return process_card_image(upload)
        except ImageRejected as exc:
            raise ValidationError(exc.localized(), code=exc.code) from exc


def _attribute_fields() -> dict[str, forms.Field]:
    return {
        attribute_field_name(code, path): _form_field(attr, path)
        for code, schema in SCHEMAS.items()
        for path, attr in attribute_paths(schema)
    }


def card_type_choices() -> list[tuple[str, Any]]:
    """The card types of every registered game, grouped by game (read each time a form is made)."""
    return [("", "---------")] + [(registry.spec(code).title[0], [(t, t) for t in schema.card_types])
                                  for code, schema in SCHEMAS.items()]


class CardFormBase(forms.ModelForm):
    card_type = forms.ChoiceField(label="Card type", choices=card_type_choices)
    image = CardImageField(required=False, label="Image",
                           help_text="PNG, JPEG or WebP. Stored as WebP without metadata, with a thumbnail.")
    sample_fields = forms.MultipleChoiceField(
        required=False, label="Sample values", widget=forms.CheckboxSelectMultiple,
        help_text="Tick the values that are samples for play, not the card's published values.",
    )

    class Meta:
        model = Card
        fields = [*BASE_FIELDS, "rules_text", "flavour_text", "image", "sample_fields"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_code = self._known_game_code()
        codes = [self.game_code] if self.game_code else list(SCHEMAS)
        choices = sample_field_choices(codes)
        known = {value for _, group in choices for value, _ in group}
        extra = [(v, v) for v in (self.instance.sample_fields or []) if v not in known]
        self.fields["sample_fields"].choices = choices + ([("Other", extra)] if extra else [])
        if self.instance.pk and self.instance.game_id:
            stored = initial_from_attributes(self.instance.game.schema, self.instance.attributes or {})
            stored.update(initial_from_abilities(self.instance.game.code, self.instance.abilities))
            for name, value in stored.items():
                self.initial.setdefault(name, value)
        self.attribute_problems_reported = False
        self.ability_problems_reported = False

    def _known_game_code(self) -> str | None:
        """The game whose fields the form shows: the posted game, else the card's, else the initial one."""
        game_id = self.data.get("game") if self.is_bound else self.initial.get("game")
        if not game_id and self.instance.game_id:
            return self.instance.game.code
        if isinstance(game_id, Game):
            return game_id.code
        if game_id and str(game_id).isdigit():
            return Game.objects.filter(pk=game_id).values_list("code", flat=True).first()
        return None

    def clean_image(self) -> Any:
        value = self.cleaned_data.get("image")
        if isinstance(value, ProcessedImage):
            self.instance.thumbnail = value.thumbnail
            return value.image
        if value is False:  # "Clear" ticked: the thumbnail goes with the image
            self.instance.thumbnail = ""
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        game, card_type = cleaned.get("game"), cleaned.get("card_type")
        if game is None or not card_type or card_type not in game.schema.card_types:
            return cleaned  # Card.clean names the card type that does not fit the game
        attributes = attributes_from_form(game.schema, card_type, cleaned)
        self.instance.attributes = attributes  # Card.clean validates and normalises it
        for problem in game.schema.validate(card_type, attributes):
            field = self._field_for(game.code, problem.field)
            if field is None or field not in self.errors:  # a field's own error (not a number) comes first
                self.add_error(field, f"{problem.field}: {localized_problem(game.schema, problem)}")
            self.attribute_problems_reported = True
        self._check_sample_fields(game.code, cleaned.get("sample_fields") or [])
        self._clean_abilities(game.code, cleaned)
        return cleaned

    def _clean_abilities(self, game_code: str, cleaned: dict[str, Any]) -> None:
        """Gather the abilities rows (or the JSON field) into ``Card.abilities`` and show each problem of the
        game's vocabulary next to the field it names (``cards.ability_forms``)."""
        abilities, json_error = abilities_from_form(game_code, cleaned)
        self.instance.abilities = abilities  # Card.clean validates it again
        if json_error:
            self.add_error(problem_field(game_code, "", rows=False), json_error)
            self.ability_problems_reported = True
            return
        from_rows = not (cleaned.get(problem_field(game_code, "", rows=False)) or "").strip()
        for problem in abilities_problems(game_code, abilities):
            field = problem_field(game_code, problem.field, rows=from_rows)
            self.add_error(field if field in self.fields else None, str(problem))
            self.ability_problems_reported = True

    def _field_for(self, game_code: str, path: str) -> str | None:
        """The form field showing schema path ``path`` (a whole half: its first field; None: top)."""
        name = attribute_field_name(game_code, path)
        if name in self.fields:
            return name
        return next((f for f in self.fields if f.startswith(name + SEP)), None)

    def _check_sample_fields(self, game_code: str, values: list[str]) -> None:
        allowed = {value for _, group in sample_field_choices([game_code]) for value, _ in group}
        allowed |= set(self.instance.sample_fields or [])  # values stored before stay editable
        wrong = [v for v in values if v not in allowed]
        if wrong:
            game = registry.spec(game_code).title[0]
            self.add_error("sample_fields", f"{', '.join(wrong)}: not a field of {game} cards")

    def _update_errors(self, errors: ValidationError) -> None:
        # Card.clean reports attribute problems under "attributes", which is not a form field: clean() already
        # showed them next to their own fields; anything it did not see goes to the top of the form.
        if hasattr(errors, "error_dict"):
            for key, reported in (("attributes", self.attribute_problems_reported),
                                  ("abilities", self.ability_problems_reported)):
                messages = errors.error_dict.pop(key, [])
                if messages and not reported:
                    errors.error_dict.setdefault(NON_FIELD_ERRORS, []).extend(messages)
        super()._update_errors(errors)


@registry.cached
def card_admin_form() -> type[CardFormBase]:
    """The admin's card form class: common fields, each registered game's attribute fields and abilities rows,
    image, samples (made again when the registered games change)."""
    form = type("CardAdminForm", (CardFormBase,), {"__module__": __name__, **_attribute_fields(), **ability_fields()})
    form.__doc__ = "The admin's card form: common fields, each game's attribute fields, image, samples."
    return form


CardAdminForm = card_admin_form()

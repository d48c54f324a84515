"""Request bodies taken as sent: a field the endpoint does not know is refused and named, and a value of the
wrong JSON type is refused rather than coerced (``{"text": 123}`` is not the text ``"123"``)."""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

UNKNOWN_FIELD = _("This field is not one this endpoint takes; it takes: {fields}.")
NOT_TEXT = _("Give text here, not a number, a list or an object.")
NOT_WHOLE_NUMBER = _("Give a whole number here.")


def _from_form(field: serializers.Field) -> bool:
    """Whether the body came as a form (every value text), not as JSON (values typed)."""
    root = field.root
    return isinstance(getattr(root, "initial_data", None), QueryDict)


class StrictCharField(serializers.CharField):
    default_error_messages = {"not_text": NOT_TEXT}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    default_error_messages = {"not_integer": NOT_WHOLE_NUMBER}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, (int, str)) or (
                isinstance(data, str) and not _from_form(self)):
            self.fail("not_integer")
        return super().to_internal_value(data)


class StrictSerializer(serializers.Serializer):
    """A serializer refusing the fields it does not declare (``unknown_field``, each one named) and, through
    its ``StrictCharField`` and ``StrictIntegerField``, text and whole numbers of the wrong JSON type."""

    def to_internal_value(self, data):
        errors = {}
        if hasattr(data, "keys"):
            known = ", ".join(self.fields)
            for name in data.keys():
                if name not in self.fields:
                    errors[name] = [serializers.ErrorDetail(str(UNKNOWN_FIELD).format(fields=known),
                                                            code="unknown_field")]
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            raise serializers.ValidationError(errors | exc.detail) from exc
        if errors:
            raise serializers.ValidationError(errors)
        return value

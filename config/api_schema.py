"""The OpenAPI schema's error answers: every operation documents the one error shape (``Error``, docs/api.md)
for the refusals any endpoint may answer, beside the statuses its view declares."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

# What any endpoint may answer: a bad request, no or bad credentials, refused, no such object or path, a method
# or media type it does not take, throttled, or our own failure.
COMMON_ERRORS = (400, 401, 403, 404, 405, 406, 429, 500)
BODY_ERRORS = (413, 415)  # with a request body: too large, or a content type it does not read


class ErrorItemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(required=False)
    line = serializers.IntegerField(required=False)
    position = serializers.IntegerField(required=False)


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable: compare this, never the message.")
    message = serializers.CharField(help_text="For people, in the request's language (Accept-Language).")
    field = serializers.CharField(required=False, help_text="The body field or query parameter concerned.")
    position = serializers.IntegerField(required=False, help_text="1-based position in that field's text.")
    fragment = serializers.CharField(required=False, help_text="The part of the field's text at fault.")
    line = serializers.IntegerField(required=False, help_text="The line of a decklist text.")
    clause = serializers.CharField(required=False, help_text="The rule clause that refuses a match action.")
    view = serializers.DictField(required=False, help_text="The match as it is now (a stale action).")
    details = serializers.ListField(child=serializers.DictField(), required=False,
                                    help_text="Every problem: one per field, or per decklist line.")


ERROR = inline_serializer("Error", {"error": ErrorDetailSerializer()})


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's schema, with ``Error`` answers for ``COMMON_ERRORS`` (and ``BODY_ERRORS`` on writes)
    wherever the view has not declared that status itself."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        extra = COMMON_ERRORS + (BODY_ERRORS if self.method in ("POST", "PUT", "PATCH") else ())
        for code in map(str, extra):
            if code not in responses:
                responses[code] = self._get_response_for_code(ERROR, code, direction=direction)
        return responses

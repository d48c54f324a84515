"""The API's cursor pagination: a cursor that is not one of ours is a 400 (``bad_cursor``), as in
``cards.api.SortedCursorPagination``, not DRF's 404; ``page_size`` up to 200."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import pagination
from rest_framework.exceptions import NotFound

from .api_errors import ApiError

BAD_CURSOR = _("The cursor is not one this list gave; start again from the first page.")


def bad_cursor() -> ApiError:
    return ApiError("bad_cursor", BAD_CURSOR, field="cursor")


class CursorPagination(pagination.CursorPagination):
    page_size_query_param = "page_size"
    max_page_size = 200

    def decode_cursor(self, request):
        try:
            return super().decode_cursor(request)
        except NotFound as exc:
            raise bad_cursor() from exc

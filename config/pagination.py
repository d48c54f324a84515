"""The API's cursor pagination: a cursor that is not one of ours is a 400 (``bad_cursor``), as in
``cards.api.pagination.SortedCursorPagination``, not DRF's 404; ``page_size`` a whole number from 1 to 200, anything
else a 400 (``bad_page_size``), never silently replaced by the default (docs/api.md)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import pagination
from rest_framework.exceptions import NotFound

from .api_errors import ApiError

BAD_CURSOR = _("The cursor is not one this list gave; start again from the first page.")
BAD_PAGE_SIZE = _("page_size must be a whole number from 1 to {maximum}, not '{value}'.")


def bad_cursor() -> ApiError:
    return ApiError("bad_cursor", BAD_CURSOR, field="cursor")


def page_size_from(request, *, param: str, default: int, maximum: int) -> int:
    """The page size the request asks for in ``param`` (``default`` when absent); ApiError ``bad_page_size``
    (400, naming the field) for text that is not a whole number from 1 to ``maximum``."""
    raw = request.query_params.get(param)
    if raw is None or raw == "":
        return default
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= maximum:
        raise ApiError("bad_page_size", str(BAD_PAGE_SIZE).format(maximum=maximum, value=raw[:20]), field=param)
    return int(raw)


class CursorPagination(pagination.CursorPagination):
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        return page_size_from(request, param=self.page_size_query_param, default=self.page_size,
                              maximum=self.max_page_size)

    def decode_cursor(self, request):
        try:
            return super().decode_cursor(request)
        except NotFound as exc:
            raise bad_cursor() from exc

"""The card list's pages: a keyset cursor over the search's sort order, with the number of matching cards."""

from __future__ import annotations

import base64
import binascii
import datetime
import json

from django.conf import settings
from django.db.models import QuerySet
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from config.pagination import bad_cursor, page_size_from

from ..search import order as sorting
from ..search.rows import CompiledRows
from .card_rows import JSON_TEXT_FIELDS
from .encoded import EncodedJSONResponse, plain_json_encoder
from .keyset import keyset_rows
from .search_plans import PLANS

PLAN_CODES = {plan[0]: plan for plan in PLANS}  # a cursor's "p": the plan's initial


class SortedCursorPagination(BasePagination):
    """Keyset pages over a queryset ordered by ``view.sort_keys`` (``search.order.apply_order``), with
    ``count``.

    The cursor (opaque base64 JSON) holds the sort values of the last row read (``"a"``: the page after it)
    or of the first (``"b"``: the page before it) and the count, which is counted once, on the first page,
    and carried along (a cheap ``count``: one ``COUNT`` per search, not per page). The order ends with the id,
    so a page never repeats or skips a card, whatever the sort.
    """

    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset, request, view=None):
        self.request, self.keys = request, tuple(view.sort_keys)
        # answered as plain JSON (``JSONRenderer``, no indent): the body is assembled from pre-encoded fragments,
        # the rows' ``attributes`` and ``sample_fields`` read as JSON text (``CompiledRows.fetch``)
        self.encoder = plain_json_encoder(request, view)
        json_text = JSON_TEXT_FIELDS if self.encoder else ()
        self.page_size = _page_size(request, self.page_size_query_param, self.max_page_size)
        names = [f"sort_{i}" for i in range(len(self.keys))]
        cursor = self._decode(request.query_params.get("cursor"))
        if cursor is None:
            rows = self._first_page(queryset, view, json_text)
        else:
            rows = self._cursor_page(queryset, view, cursor, json_text)
        self.more = len(rows) > self.page_size
        rows = rows[: self.page_size]
        if not self.forward:
            rows.reverse()
        self.first = [_jsonable(rows[0][name]) for name in names] if rows else None
        self.last = [_jsonable(rows[-1][name]) for name in names] if rows else None
        return rows

    def _first_page(self, queryset, view, json_text) -> list[dict]:
        """The first ``page_size + 1`` rows, and the count of them all."""
        # ``view.count_cards``: the view's cheaper count of the same cards (no joins, no sort columns)
        count = getattr(view, "count_cards", None)
        counted = count() if count is not None else queryset.count()
        # a ``CardCount`` (the search's: an estimate past its bound) or an exact number
        if isinstance(counted, int):
            self.count, self.count_exact, self.count_at_least, self.plan = counted, True, False, None
        else:
            self.count, self.count_exact, self.count_at_least = counted.value, counted.exact, counted.at_least
            self.plan = counted.plan  # a text search's plan (``search_plans``), carried by the cursors
        self.forward, self.from_cursor = True, False
        # ``view.first_rows``: the same rows from the view's statement compiled once (``CardSearch``)
        first = getattr(view, "first_rows", None)
        limit = self.page_size + 1
        if first is not None:
            return first(limit, json_text=json_text, plan=self.plan)
        return _read(queryset[:limit], json_text)

    def _cursor_page(self, queryset, view, cursor: dict, json_text) -> list[dict]:
        """The ``page_size + 1`` rows after (``"a"``) or before (``"b"``) the ``cursor``'s values, nearest first;
        the count carried by the cursor. A value its sort column refuses is a bad cursor (400)."""
        self.count, self.from_cursor = cursor["c"], True
        # "e": absent or 1 exact, 0 an estimate, 2 at least the count (``CardCount.at_least``)
        self.count_exact, self.count_at_least = cursor.get("e", 1) == 1, cursor.get("e") == 2
        self.plan = PLAN_CODES.get(cursor.get("p"))  # "w"/"b": a text search's plan; any other: PostgreSQL's choice
        self.forward = "a" in cursor
        values = cursor["a"] if self.forward else cursor["b"]
        # ``view.cursor_rows``: the page from the view's statement compiled once per shape (``CardSearch``)
        read = getattr(view, "cursor_rows", None)
        try:
            if read is not None:
                return read(self.page_size + 1, values, forward=self.forward, json_text=json_text, plan=self.plan)
            return keyset_rows(queryset, self.keys, values, self.forward, view.game, self.page_size + 1, json_text)
        except sorting.BadSortValue as exc:  # a value of the wrong kind: a cursor no page gave
            raise bad_cursor() from exc

    def _decode(self, text: str | None) -> dict | None:
        if not text:
            return None
        try:
            cursor = json.loads(base64.urlsafe_b64decode(text.encode("ascii")))
            values = cursor.get("a", cursor.get("b"))
            if isinstance(cursor["c"], int) and isinstance(values, list) and len(values) == len(self.keys):
                return cursor
        except (ValueError, KeyError, TypeError, AttributeError, binascii.Error):
            pass
        raise bad_cursor()

    def _link(self, direction: str, values) -> str | None:
        if values is None:
            return None
        exactness = {} if self.count_exact else {"e": 2 if self.count_at_least else 0}
        plan = {"p": self.plan[0]} if self.plan else {}
        cursor = json.dumps({direction: values, "c": self.count, **exactness, **plan}, separators=(",", ":"))
        url = self.request.build_absolute_uri()
        return replace_query_param(url, "cursor", base64.urlsafe_b64encode(cursor.encode()).decode("ascii"))

    def get_next_link(self) -> str | None:
        has_next = self.more if self.forward else self.from_cursor
        return self._link("a", self.last) if has_next else None

    def get_previous_link(self) -> str | None:
        has_previous = self.from_cursor if self.forward else self.more
        return self._link("b", self.first) if has_previous else None

    def get_paginated_response(self, data):
        return Response(
            {"count": self.count, "count_exact": self.count_exact, "count_at_least": self.count_at_least,
             "next": self.get_next_link(),
             "previous": self.get_previous_link(), "results": data}
        )

    def get_encoded_response(self, results: list[str]) -> Response:
        """``get_paginated_response`` of cards already encoded (``card_fragments``, one JSON text each), its
        body the bytes ``JSONRenderer`` renders for it; only when ``paginate_queryset`` set ``encoder``."""
        encode = self.encoder.encode
        body = (
            f'{{"count":{encode(self.count)},"count_exact":{encode(self.count_exact)},'
            f'"count_at_least":{encode(self.count_at_least)},'
            f'"next":{encode(self.get_next_link())},'
            f'"previous":{encode(self.get_previous_link())},"results":[{",".join(results)}]}}'
        )
        return EncodedJSONResponse(body.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode())

    def get_paginated_response_schema(self, schema):
        link = {"type": "string", "nullable": True, "format": "uri"}
        return {
            "type": "object",
            "required": ["count", "count_exact", "count_at_least", "results"],
            "properties": {
                "count": {"type": "integer", "example": 123, "description": "Cards matching the search: exact up "
                          "to 10,000, past it PostgreSQL's estimate rounded to two figures (count_exact false)."},
                "count_exact": {"type": "boolean", "example": True,
                                "description": "False when count is an estimate (a search matching over 10,000 "
                                               "cards)."},
                "count_at_least": {"type": "boolean", "example": False,
                                   "description": "True when more cards match than count says (count is then "
                                                  "10,000, the bound of the exact count, and PostgreSQL's estimate "
                                                  "was lower)."},
                "next": link,
                "previous": link,
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "cursor",
                "required": False,
                "in": "query",
                "schema": {"type": "string"},
                "description": "The pagination cursor value (from `next` or `previous`).",
            },
            {
                "name": self.page_size_query_param,
                "required": False,
                "in": "query",
                "schema": {"type": "integer"},
                "description": f"Number of results to return per page (at most {self.max_page_size}).",
            },
        ]


def _read(rows: QuerySet, json_text=()) -> list[dict]:
    """``list(rows)`` of a ``values()`` queryset, compiled for this request (``search.rows.CompiledRows``); the
    JSON columns named in ``json_text`` as JSON text where they can be (``CompiledRows.fetch``)."""
    return CompiledRows(rows).fetch(json_text=json_text)


def _page_size(request, param: str, maximum: int) -> int:
    default = settings.REST_FRAMEWORK.get("PAGE_SIZE") or 50
    return page_size_from(request, param=param, default=default, maximum=maximum)


def _jsonable(value):
    return value.isoformat() if isinstance(value, datetime.date) else value

"""One input layer for every form and endpoint (issue 31, point 2): a character PostgreSQL cannot store in text
(NUL, U+0000) in a query parameter, a form field or the path is answered 400 naming the field, before any view
runs; an oversized query string is answered 414. ``/api/`` answers in the API's one error shape
(``config.api_errors``); pages answer a short page in the reader's language. JSON bodies are the API's own parsers'
(they refuse NUL with 400 already)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

REFUSED = "\x00"  # PostgreSQL text and jsonb refuse it ("invalid byte sequence", "unsupported Unicode escape")
MAX_QUERY_STRING = 8192  # characters: more is answered 414 (browsers and proxies cap URLs near this too)


def bad_field(request: HttpRequest) -> str | None:
    """The name of the first parameter, field or path holding a refused character; None when there is none."""
    if REFUSED in request.path:
        return "path"
    parts = [request.GET]
    if request.method in ("POST", "PUT", "PATCH") and request.content_type in (
            "application/x-www-form-urlencoded", "multipart/form-data"):
        try:
            parts.append(request.POST)
        except Exception:  # noqa: BLE001 - a malformed body: the view's own parsing answers it
            pass
    for data in parts:
        for key, values in data.lists():
            if REFUSED in key or any(isinstance(v, str) and REFUSED in v for v in values):
                return key.replace(REFUSED, "\\0")
    return None


def _answer(request: HttpRequest, status: int, code: str, message: str, field: str | None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"code": code, "message": message, **({"field": field} if field else {})}},
                            status=status)
    body = (f'<!doctype html><html lang="{escape(getattr(request, "LANGUAGE_CODE", "en"))}"><meta charset="utf-8">'
            f"<title>{status}</title><h1>{status}</h1><p>{escape(message)}</p>")
    return HttpResponse(body, status=status)


class InputGuardMiddleware:
    """The module docstring; placed after the locale middleware, so its messages are in the reader's language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if len(request.META.get("QUERY_STRING", "")) > MAX_QUERY_STRING:
            return _answer(request, 414, "query_too_long",
                           _("The address is too long: at most %(n)s characters after the question mark.")
                           % {"n": MAX_QUERY_STRING}, None)
        field = bad_field(request)
        if field is not None:
            return _answer(request, 400, "bad_character",
                           _("The field “%(field)s” holds a character that cannot be stored (NUL); remove it.")
                           % {"field": field}, field)
        return self.get_response(request)

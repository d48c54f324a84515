"""One input layer for every form and endpoint (issue 31, point 2).

PostgreSQL cannot store NUL (U+0000) in text or jsonb: a NUL that reached a query gave a 500. This layer, one
middleware placed last (every other check, CSRF and sign-in, has run), answers every request that carries one:

- in a query parameter, a form field (urlencoded or multipart) or the path: **400 naming the field**, before the view
  runs (``/api/`` in the API's one error shape, ``config.api_errors``; pages a short page in the reader's language);
- a query string over ``MAX_QUERY_STRING`` characters: **414**, before anything else.

A view that gives better answers of its own (a form that shows the error beside the field and keeps what was
typed; the search, whose message gives the character's position) is marked with ``checks_own_input``. The layer then
lets it run, inside one transaction that is always rolled back, and still guarantees the outcome: the view's own
4xx is kept; a form shown again (200 to a POST) is kept with the status 400, and a POST sent back to its page to
show its errors there (a redirect) is kept; anything else is answered 400 as above, as is an exception (the NUL
that reached PostgreSQL). Nothing a view wrote with a refused character is kept.

In a JSON body, the API's parsers and serializers refuse NUL in a declared field's value with 400 already
(``rest_framework.fields.CharField`` carries ``ProhibitNullCharactersValidator``). What they let through,
this layer names (``json_refused``) and the API's JSON parser refuses in every body it reads, in any media type and
charset it takes (``config.parsers.SafeJSONParser``: ``application/*`` and UTF-16 bodies too): a lone surrogate
(``"\ud800"``, which no UTF-8 text can hold: neither PostgreSQL nor the answer that repeats it back could encode
it) anywhere, key or value, and NUL in a key: **400 naming the field** (its path, as ``action.card``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import DatabaseError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

REFUSED = ("\x00",)  # the characters PostgreSQL refuses in text ("invalid byte sequence") and jsonb
MAX_QUERY_STRING = 8192  # characters after "?": more is answered 414 (browsers and proxies cap URLs near this too)
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")

V = TypeVar("V", bound=Callable[..., Any])


def checks_own_input(view: V) -> V:
    """Mark a view (a function, or a class whose ``as_view`` is routed) as answering refused characters itself.

    The layer still runs it inside one transaction and makes sure the request ends 400 (module docstring).
    Returns the view unchanged but for the mark."""
    view.checks_own_input = True  # type: ignore[attr-defined]
    return view


def _marked(view_func: Callable[..., Any]) -> bool:
    for holder in (view_func, getattr(view_func, "view_class", None), getattr(view_func, "cls", None)):
        if holder is not None and getattr(holder, "checks_own_input", False):
            return True
    return False


def _shown(text: str) -> str:
    """``text`` as it can be shown: NUL written ``\\0``, a lone surrogate ``\\udxxx``."""
    for char in REFUSED:
        text = text.replace(char, "\\0" if char == "\x00" else f"\\u{ord(char):04x}")
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _json_refused(value: Any) -> tuple[str, str] | None:
    """``(the path of the first key or value of ``value`` holding a character no store takes, the character)``,
    or None. A NUL in a value is the serializers' (they name the field); a lone surrogate anywhere, and a NUL in a
    key, are this layer's. Walked with a stack of its own, not by recursion: JSON may nest as deep as the decoder
    allows."""
    stack: list[tuple[str, Any, bool]] = [("", value, False)]  # (path, item, whether the item is a key)
    while stack:
        path, item, is_key = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found:
                return path or "body", found.group(0)
            if is_key and "\x00" in item:
                return path, "\x00"
        elif isinstance(item, dict):
            for key, child in reversed(list(item.items())):  # popped in order: the first refused is named
                where = f"{path}.{key}" if path else key
                stack.append((where, child, False))
                stack.append((where, key, True))  # the key itself, before its value
        elif isinstance(item, list):
            stack.extend((f"{path}[{index}]", child, False) for index, child in reversed(list(enumerate(item))))
    return None


def json_refused(data: Any) -> tuple[str, str] | None:
    """``(field as it can be shown, the refused character)`` of parsed JSON ``data`` holding a lone surrogate
    anywhere or a NUL in a key; None when it holds neither. The API's JSON parser asks it of every body it reads,
    whatever its media type and charset (``config.parsers``)."""
    refused = _json_refused(data)
    return (_shown(refused[0]), refused[1]) if refused else None


def refused_field(request: HttpRequest) -> str | None:
    """The name of the first query parameter or form field holding a refused character, as it can be shown (NUL
    written ``\\0``); None when there is none (the path is checked before, in ``__call__``). A malformed body is
    left to the view's parsing."""
    sources = [request.GET]
    if request.method in ("POST", "PUT", "PATCH") and request.content_type in FORM_TYPES:
        try:
            sources.append(request.POST)
        except Exception:  # noqa: BLE001 - a body Django cannot parse: the view answers it
            pass
    for data in sources:
        for key, values in data.lists():
            if any(char in key for char in REFUSED) or any(
                    isinstance(v, str) and any(char in v for char in REFUSED) for v in values):
                return _shown(key)
    return None


def refusal(request: HttpRequest, status: int, code: str, message: str, field: str | None = None) -> HttpResponse:
    """The layer's answer: the API's error shape under ``/api/``, else the site's page in the reader's language
    (``input_refused.html``), with the HTTP ``status``, a stable ``code``, the ``message`` and the ``field``."""
    if request.path.startswith("/api/"):
        error = {"code": code, "message": message} | ({"field": field} if field else {})
        return JsonResponse({"error": error}, status=status)
    context = {"status": status, "refusal": message, "field": field}
    return render(request, "input_refused.html", context, status=status)


def bad_character_message(field: str, char: str = "\x00") -> str:
    """The refusal of ``char`` (NUL or a lone surrogate) in ``field`` (as it can be shown), in the reader's
    language."""
    if char == "\x00":
        return _("The field “%(field)s” holds a character that cannot be stored (NUL); remove it.") % {
            "field": field}
    return _("The field “%(field)s” holds a character that cannot be stored (a lone surrogate, "
             "%(code)s); remove it.") % {"field": field, "code": f"U+{ord(char):04X}"}


def _bad_character(request: HttpRequest, field: str, char: str = "\x00") -> HttpResponse:
    return refusal(request, 400, "bad_character", bad_character_message(field, char), field)


class InputLayerMiddleware:
    """The module docstring. Last in ``MIDDLEWARE``: its messages are in the reader's language, and a marked view
    it calls itself has passed every other middleware's checks (CSRF, sign-in) first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if len(request.META.get("QUERY_STRING", "")) > MAX_QUERY_STRING:
            message = _("The address is too long: at most %(n)s characters after the question mark.") % {
                "n": MAX_QUERY_STRING}
            request.META["QUERY_STRING"] = ""  # the page's links (sign in, language) repeat the address without it
            return refusal(request, 414, "query_too_long", message)
        if any(char in request.path for char in REFUSED):  # before resolving: a route's converter may take it
            return _bad_character(request, "path")
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func: Callable[..., Any], view_args: Any,
                     view_kwargs: Any) -> HttpResponse | None:
        field = refused_field(request)
        if field is None:
            return None
        if not _marked(view_func):
            return _bad_character(request, field)
        try:
            with transaction.atomic():
                response = view_func(request, *view_args, **view_kwargs)
                if hasattr(response, "render") and callable(response.render):
                    response = response.render()  # a template or DRF response: errors surface inside the block
                transaction.set_rollback(True)  # nothing a view wrote with a refused character is kept
        except (DatabaseError, ValueError):  # the refused character reached the database
            return _bad_character(request, field)
        if response.status_code >= 400:
            return response  # the view's own refusal (the search's position, a form's field)
        if request.method == "POST" and response.status_code in (200, 301, 302, 303):
            # a form shown again with its errors beside the fields (200, now 400), or sent back to its page to
            # show them there (a redirect, kept)
            if response.status_code == 200:
                response.status_code = 400
            return response
        return _bad_character(request, field)

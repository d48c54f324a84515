"""The one error shape of ``/api/`` (docs/api.md): every 4xx and 5xx answers

    {"error": {"code": str, "message": str, "field"?: str, "position"?: int, "fragment"?: str, "line"?: int,
               "clause"?: str, "view"?: object, "details"?: [{"code", "message", "field"?, "line"?, ...}]}}

``code`` is stable (tests and clients compare it); ``message`` is in the request's language (``Accept-Language``
or the language cookie, through ``LocaleMiddleware``). ``api_exception_handler`` (``REST_FRAMEWORK
["EXCEPTION_HANDLER"]``) turns every exception of a DRF view into it; ``api_views.not_found`` and
``server_error`` answer it for ``/api/`` paths no view matches and for a crash. Views raise ``ApiError`` (or
DRF's own exceptions, a ``MatchError``, a ``QueryError``) rather than building error responses.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

ERROR_MEMBERS = ("code", "message", "field", "position", "fragment", "line", "clause", "view", "details")
NO_SUCH_PATH = gettext_lazy("There is no such API path.")
SERVER_ERROR = gettext_lazy("Something went wrong on our side; the error has been logged.")

logger = logging.getLogger(__name__)


class ApiError(exceptions.APIException):
    """An error answered in the one shape: ``status`` (HTTP), ``code``, ``message`` (translated already, or
    lazy), and the optional members of ``ERROR_MEMBERS`` (``field``, ``position``, ``details``…)."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(self, code: str, message, *, status: int = 400, **members):
        unknown = set(members) - set(ERROR_MEMBERS)
        if unknown:
            raise TypeError(f"not members of the error shape: {sorted(unknown)}")
        super().__init__(str(message), code)
        self.status_code = status
        self.error = {"code": code, "message": str(message)} | {k: v for k, v in members.items() if v is not None}


def japanese() -> bool:
    """Whether the request's language is Japanese (for sentences that come as an English/Japanese pair)."""
    return (get_language() or "").startswith("ja")


def _flatten(detail, field: str | None = None) -> list[dict]:
    """DRF validation ``detail`` (nested dicts and lists of ``ErrorDetail``) as ``[{"code", "message",
    "field"?}]``, the field a dotted path (``action.type``, ``halves.0``)."""
    if isinstance(detail, dict):
        return [item for key, value in detail.items()
                for item in _flatten(value, None if key == "non_field_errors" else
                                     (f"{field}.{key}" if field else str(key)))]
    if isinstance(detail, list):
        if all(isinstance(d, exceptions.ErrorDetail) or isinstance(d, str) for d in detail):
            return [item for d in detail for item in _flatten(d, field)]
        return [item for i, d in enumerate(detail) for item in _flatten(d, f"{field}.{i}" if field else str(i))]
    item = {"code": getattr(detail, "code", None) or "invalid", "message": str(detail)}
    return [item | ({"field": field} if field else {})]


def _body(exc: exceptions.APIException) -> dict:
    if isinstance(exc, ApiError):
        return exc.error
    if isinstance(exc, exceptions.ValidationError):
        details = _flatten(exc.detail)
        first = details[0] if details else {"code": "invalid", "message": _("Invalid input.")}
        return {"code": "invalid", "message": first["message"], "details": details} | (
            {"field": first["field"]} if "field" in first else {})
    codes = exc.get_codes()
    code = codes if isinstance(codes, str) else exc.default_code
    return {"code": code, "message": str(exc.detail) if not isinstance(exc.detail, (dict, list)) else
            str(exc.default_detail)}


def _match_error(exc) -> ApiError:
    from matches.labels import error_label

    message = error_label(exc.code, exc.clause, exc.reason) if japanese() else exc.reason
    return ApiError(exc.code, message, status=exc.status, clause=exc.clause or None, view=exc.view,
                    details=getattr(exc, "details", None))


def _query_error(exc) -> ApiError:
    field = getattr(exc, "field", None) or ("game" if exc.key == "game" else "q")
    code = getattr(exc, "code", None) or {"game": "unknown_game", "order": "bad_order"}.get(field, "bad_query")
    return ApiError(code, exc.localized(), field=field, position=exc.position, fragment=exc.fragment or None)


def api_exception_handler(exc, context):
    """DRF's exception handler: ``exc`` answered in the one shape, with DRF's headers (``WWW-Authenticate``
    on a 401, ``Retry-After`` on a 429, ``Allow`` on a 405). Returns ``None`` for an exception that is not a
    refusal (a bug: a 500, answered by ``server_error``)."""
    from cards.search import QueryError
    from matches.errors import MatchError

    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, MatchError):
        exc = _match_error(exc)
    elif isinstance(exc, QueryError):
        exc = _query_error(exc)
    elif isinstance(exc, RequestDataTooBig):  # Django's own limit on a body read whole (found by acceptance
        # testing: it answered Django's HTML "Bad Request" page)
        exc = ApiError("too_large", _("The request body is larger than %(size)s MB.")
                       % {"size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024)}, status=413)
    if not isinstance(exc, exceptions.APIException):
        return None
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))
    set_rollback()
    return Response({"error": _body(exc)}, status=exc.status_code, headers=headers)


def server_error(request, *args, **kwargs):
    """``handler500``: a JSON 500 in the one shape under ``/api/``, the site's page elsewhere."""
    from django.views.defaults import server_error as site_server_error

    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"code": "server_error", "message": str(SERVER_ERROR)}}, status=500)
    return site_server_error(request, *args, **kwargs)

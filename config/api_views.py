"""The catch-all of ``/api/``: a path no API view matches answers a JSON 404 in the error shape
(``config.api_errors``), not the site's HTML page."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes

from .api_errors import NO_SUCH_PATH, ApiError


@api_view(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
@authentication_classes([])
@permission_classes([])
@throttle_classes([])
def not_found(request, path: str = ""):
    """Any ``/api/`` path no view matches: a 404 in the one shape, not the site's HTML page. A path missing
    only its final slash is redirected as Django's ``APPEND_SLASH`` does for the site."""
    if settings.APPEND_SLASH and not request.path.endswith("/") and request.method in ("GET", "HEAD"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.url_name != "api-not-found":
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(request.path + "/" + (f"?{query}" if query else ""))
    raise ApiError("not_found", NO_SUCH_PATH, status=404)


not_found.cls.schema = None  # not an endpoint: kept out of the OpenAPI schema

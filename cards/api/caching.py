"""ETag and ``Cache-Control`` on the catalogue API's answers, and 304 for a matching ``If-None-Match``."""

from __future__ import annotations

from django.utils.cache import get_conditional_response, patch_cache_control, set_response_etag

CACHE_SECONDS = 60


class ConditionalGetMixin:
    """ETag and Cache-Control on successful GETs, and 304 for a matching ``If-None-Match``."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        response.render()
        set_response_etag(response)
        patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
        return get_conditional_response(request, etag=response["ETag"], response=response)

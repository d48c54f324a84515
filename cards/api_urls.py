"""API routes: ``/api/games/``, ``/api/sets/``, ``/api/cards/``, ``/api/bulk/``, the OpenAPI schema and
docs."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
router.register("games", api.GameViewSet, basename="api-game")
router.register("sets", api.CardSetViewSet, basename="api-set")
router.register("cards", api.CardViewSet, basename="api-card")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("bulk/", api.BulkIndexView.as_view(), name="api-bulk"),
    path("bulk/<slug:code>.json", api.BulkFileView.as_view(), name="api-bulk-file"),
    path("bulk/<slug:code>.zip", api.BulkFileView.as_view(), {"fmt": "zip"}, name="api-bulk-archive"),
    path("", include(router.urls)),
]

"""API routes: ``/api/games/``, ``/api/sets/``, ``/api/cards/``, ``/api/bulk/``, the OpenAPI schema and
docs."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from .api.bulk import BulkFileView, BulkIndexView
from .api.cards import CardViewSet
from .api.games import CardSetViewSet, GameViewSet

router = DefaultRouter()
router.register("games", GameViewSet, basename="api-game")
router.register("sets", CardSetViewSet, basename="api-set")
router.register("cards", CardViewSet, basename="api-card")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("bulk/", BulkIndexView.as_view(), name="api-bulk"),
    path("bulk/<slug:code>.json", BulkFileView.as_view(), name="api-bulk-file"),
    path("bulk/<slug:code>.zip", BulkFileView.as_view(), {"fmt": "zip"}, name="api-bulk-archive"),
    path("", include(router.urls)),
]

"""``/api/decks/``: ``validate/`` (anonymous) and the owner's decks."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from . import api

router = SimpleRouter()
router.register("", api.DeckViewSet, basename="deck")

urlpatterns = [
    path("validate/", api.ValidateView.as_view(), name="decks-api-validate"),
    *router.urls,
]

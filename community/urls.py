"""``/cards/<id>/propose/``, ``/games/<code>/propose/``, ``/proposals/`` (and ``<id>/``, ``<id>/decide/``),
``/cards/<id>/history/``."""

from django.urls import path

from . import views

app_name = "community"

urlpatterns = [
    path("cards/<int:pk>/propose/", views.propose_correction, name="propose"),
    path("cards/<int:pk>/history/", views.card_history, name="history"),
    path("games/<slug:code>/propose/", views.propose_card, name="propose_card"),
    path("proposals/", views.proposal_list, name="proposals"),
    path("proposals/<int:pk>/", views.proposal_detail, name="proposal"),
    path("proposals/<int:pk>/decide/", views.proposal_decide, name="decide"),
    path("proposals/<int:pk>/photo/", views.proposal_photo, name="photo"),
]

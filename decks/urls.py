"""Deck pages under ``/decks/``."""

from django.urls import path

from . import views

app_name = "decks"

urlpatterns = [
    path("", views.deck_list, name="list"),
    path("new/", views.deck_new, name="new"),
    path("<int:pk>/", views.deck_detail, name="detail"),
    path("<int:pk>/edit/", views.deck_edit, name="edit"),
    path("<int:pk>/search/", views.deck_search, name="search"),
    path("<int:pk>/card/", views.deck_card, name="card"),
    path("<int:pk>/add/", views.deck_add, name="add"),
    path("<int:pk>/suggest/", views.deck_suggest, name="suggest"),
    path("<int:pk>/settings/", views.deck_settings, name="settings"),
    path("<int:pk>/export.txt", views.deck_export, name="export"),
    path("<int:pk>/list.png", views.deck_image, name="image"),
    path("<int:pk>/copy/", views.deck_copy, name="copy"),
    path("<int:pk>/delete/", views.deck_delete, name="delete"),
    path("<int:pk>/hand/", views.deck_hand, name="hand"),
]

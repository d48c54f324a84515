"""Catalogue pages: ``/`` the games, ``/games/<code>/`` sets and search,
``/games/<code>/sets/<set>/`` a set and its coverage, ``/cards/<id>/``,
``/search/help/``."""

from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/help/", views.search_help, name="search_help"),
    path("games/<slug:code>/", views.game_detail, name="game"),
    path("games/<slug:code>/sets/<str:set_code>/", views.set_detail, name="set"),
    path("cards/<int:pk>/", views.card_detail, name="card"),
]

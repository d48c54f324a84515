"""Catalogue pages."""

from django.shortcuts import render

from .models import Game


def home(request):
    """The home page: the games and how many cards each has."""
    games = Game.objects.all()
    return render(request, "cards/home.html", {"games": games})

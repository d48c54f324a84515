"""The player page (issue 30, point 3): a player's rating in each game with its history as a plot, their matches
with links to the replays, and their decks."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from matches.adapters import playable
from matches.labels import BOTS, game_label
from matches.models import Match

from . import accounts
from .models import Rating, RatingPoint
from .services import ratings_of

PROVISIONAL_RD = 110  # a rating this uncertain is shown with a "?" (lichess's threshold)
PLOT_W, PLOT_H, PAD = 320, 120, 8


def _plot(points: list[RatingPoint]) -> dict | None:
    """An SVG polyline of the ratings at each period's end: ``{"points", "low", "high", "w", "h"}``."""
    if not points:
        return None
    values = [p.rating for p in points]
    low, high = min(values), max(values)
    span = max(high - low, 50.0)
    step = (PLOT_W - 2 * PAD) / max(len(points) - 1, 1)
    coords = [(PAD + i * step, PLOT_H - PAD - (v - low) / span * (PLOT_H - 2 * PAD)) for i, v in enumerate(values)]
    return {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in coords), "last": coords[-1], "low": round(low),
            "high": round(high), "w": PLOT_W, "h": PLOT_H, "first": points[0].period_end,
            "end": points[-1].period_end}


def _label(result: str) -> tuple[str, str]:
    """A ``Match.result_for`` answer on the player page: its words and its tag colour."""
    return {"won": (_("Won"), "success"), "lost": (_("Lost"), "danger"), "draw": (_("Draw"), "light"),
            "open": (_("Waiting for an opponent"), "info"), "active": (_("In play"), "warning")}.get(
                result, (_("Aborted"), "light"))


def player(request, username: str):
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    for game in playable():
        ratings_of(game)
    ratings = []
    for rating in Rating.objects.filter(user=person).order_by("game"):
        points = list(RatingPoint.objects.filter(user=person, game=rating.game))
        ratings.append({"game": rating.game, "label": game_label(rating.game), "rating": round(rating.rating),
                        "rd": round(rating.rd), "provisional": rating.rd > PROVISIONAL_RD, "row": rating,
                        "plot": _plot(points), "points": points})
    matches = Match.objects.filter(seats__user=person).distinct().prefetch_related("seats__user")
    if request.user != person:  # an invitation waiting for its player is no one else's business
        matches = matches.exclude(status=Match.Status.OPEN, listed=False)
    matches = matches.order_by("-created_at", "-pk")[:50]
    rows = []
    played_decks: dict[tuple[str, str], dict] = {}
    for match in matches:
        seats = list(match.seats.all())
        mine = next((s for s in seats if s.user_id == person.pk), None)
        others = [s.user.get_username() if s.user_id else str(BOTS.get(s.bot, _("free seat")))
                  for s in seats if s is not mine]
        result = match.result_for(mine.seat if mine else None)
        words, tone = _label(result)
        rows.append({"match": match, "opponent": ", ".join(others), "result": words, "tone": tone,
                     "rated": bool((match.config or {}).get("rated")), "label": game_label(match.game)})
        text = (mine.deck or {}).get("text", "") if mine else ""
        if text and match.status == Match.Status.FINISHED:
            played = played_decks.setdefault((match.game, deck_label(text)), {
                "game": game_label(match.game), "name": deck_label(text), "matches": 0, "won": 0,
                "last": match})
            played["matches"] += 1
            played["won"] += result == "won"
    decks = person.decks.select_related("game", "format").order_by("-updated_at")
    if request.user != person:
        decks = decks.filter(visibility="public")  # unlisted and private decks are not listed
    return render(request, "ratings/player.html", {"person": person, "ratings": ratings, "rows": rows,
                                                   "decks": decks[:50], "own": request.user == person,
                                                   "played": sorted(played_decks.values(),
                                                                    key=lambda d: -d["matches"])})


NAME_LINE = re.compile(r"^\s*#?\s*name\s*:\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
CARD_LINE = re.compile(r"^\s*\d+\s*[x×]?\s+(.+?)\s*$", re.MULTILINE)


def deck_label(text: str) -> str:
    """A deck played, named: its list's ``Name:`` line, else its first card (a Legions list: its master)."""
    named = NAME_LINE.search(text)
    if named:
        return named.group(1)
    card = CARD_LINE.search(text)
    return card.group(1) if card else _("a deck")


@login_required
def my_data(request):
    """All of the signed-in player's data as one JSON file (``accounts.export``)."""
    response = JsonResponse(accounts.export(request.user), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="shinpan-{request.user.get_username()}.json"'
    return response


@login_required
def close_account(request):
    """The account page's last part: download one's data, or delete the account after typing the password."""
    error = ""
    if request.method == "POST":
        if not request.user.check_password(request.POST.get("password", "")):
            error = _("The password is not right: the account is kept.")
        else:
            accounts.close(request.user)
            logout(request)
            messages.success(request, _("Your account is deleted. Your past matches keep a neutral name."))
            return redirect("/")
    return render(request, "ratings/account.html", {"error": error}, status=400 if error else 200)

"""Event pages (issue 30, point 2): the list and the form to create one; an event's page with its entrants,
registration, the organiser's controls, each round's pairings and results and the standings (asked for again every
10 seconds while it runs), the decklists once it has ended."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST

from decks.models import Format
from matches.adapters import playable
from matches.boards import presenter_for
from matches.errors import MatchError
from matches.labels import BOT_CHOICES, error_label, game_label
from matches.selectors import lobby_decks

from . import events
from .models import Correction, Entry, Pairing, Tournament
from .records import standings_of

EVENT_ERRORS = {
    "not_organiser": _lazy("Only the event's organiser may do this."),
    "finished": _lazy("The event is over."),
    "locked": _lazy("The decklists are locked: the event has started or its deadline has passed."),
    "too_late": _lazy("The last Swiss round is already paired: entries are closed."),
    "started": _lazy("The event has already started."),
    "too_few": _lazy("An event needs at least two entrants."),
    "already_paired": _lazy("The next round has been paired from this result: it can no longer be corrected."),
    "no_reason": _lazy("Say why the result is corrected."),
    "deckless": _lazy("This event is played without decklists."),
    "sided": _lazy("A roster tied to one side cannot be registered: leave the list empty for the standard line-ups."),
    "closed": _lazy("Registration closed at the deadline; late entries open once the event runs."),
    "not_yours": _lazy("Only the entrant or the organiser may drop an entry."),
    "unknown_format": _lazy("Choose one of the game’s formats."),
    "unknown_game": _lazy("Choose one of the games."),
    "bad_name": _lazy("An event needs a name of 1 to 120 characters."),
    "bad_rounds": _lazy("From 1 to 20 Swiss rounds."),
    "bad_best_of": _lazy("A match is best of 1 or 3."),
    "bad_top_cut": _lazy("A top cut is of 2, 4 or 8 players, and no more than the entrants."),
    "bad_clock": _lazy("From 5 to 86400 seconds per decision."),
    "bad_bots": _lazy("From 1 to 64 bots of one of the kinds offered."),
    "bad_result": _lazy("Games won and drawn: from 0 to 9 in all."),
    "bad_deadline": _lazy("Give the deadline as a date and time."),
    "wrong_format": _lazy("That deck is for another format than the event’s."),
    "no_deck": _lazy("Register with a decklist or one of your saved decks."),
}


def _error(exc: Exception) -> str:
    """A refusal in the reader's words: never an exception's own text (a number that is not one, a pairing that
    does not exist: "Check the values.")."""
    if isinstance(exc, MatchError):
        return error_label(exc.code, exc.clause, exc.reason)
    if isinstance(exc, events.EventError):
        return str(EVENT_ERRORS.get(exc.code, exc.reason))
    return _("Check the values.")


def event_list(request, *, posted=None, error: str = "", status: int = 200):
    japanese = (get_language() or "").startswith("ja")
    formats = []  # (game label, [(format code, name)]): the deck formats and the formats played without decks
    for code in playable():
        named = [(f.code, f.name_ja if japanese and f.name_ja else f.name)
                 for f in Format.objects.filter(game__code=code).order_by("code")]
        named += [(k, str(v)) for k, v in presenter_for(code).deckless_formats.items()]
        formats.append((game_label(code), named))
    return render(request, "tournaments/list.html", {
        "events": Tournament.objects.select_related("organiser").prefetch_related("entries")[:100],
        "games": [(code, game_label(code)) for code in playable()], "formats": formats, "posted": posted or {},
        "error": error,
    }, status=status)


@login_required
@require_POST
def event_create(request):
    post = request.POST
    try:
        deadline = None
        if post.get("registration_deadline"):
            deadline = parse_datetime(post["registration_deadline"])
            if deadline is None:
                raise events.EventError("bad_deadline", "give the deadline as a date and time")
            if timezone.is_naive(deadline):
                deadline = timezone.make_aware(deadline)
        tournament = events.create_event(
            organiser=request.user, name=post.get("name", ""), game=post.get("game", ""),
            format_code=post.get("format", ""), best_of=int(post.get("best_of") or 1),
            top_cut=int(post.get("top_cut") or 0), rounds=int(post["rounds"]) if post.get("rounds") else None,
            decision_seconds=int(post["decision_seconds"]) if post.get("decision_seconds") else None,
            registration_deadline=deadline)
    except (events.EventError, ValueError) as exc:
        return event_list(request, posted=post, error=_error(exc) or _("Check the values."), status=400)
    return redirect("tournaments:detail", pk=tournament.pk)


def _rounds(tournament: Tournament) -> list[dict]:
    """Each round, newest first; ``correctable`` on the last round while the event runs (a result an earlier round
    gave has paired the next one and cannot be corrected)."""
    rounds: dict[int, dict] = {}
    for p in tournament.pairings.select_related("p1", "p2").prefetch_related("matches"):
        rounds.setdefault(p.round, {"round": p.round, "stage": p.stage, "pairings": []})["pairings"].append(p)
        p.match_list = sorted(p.matches.all(), key=lambda m: m.pk)
    ordered = [rounds[k] for k in sorted(rounds, reverse=True)]
    if ordered and tournament.status == Tournament.Status.RUNNING and ordered[0]["stage"] == Pairing.Stage.SWISS:
        ordered[0]["correctable"] = True
    return ordered


def _context(request, tournament: Tournament) -> dict:
    entries = list(tournament.entries.select_related("user"))
    mine = next((e for e in entries if request.user.is_authenticated and e.user_id == request.user.pk), None)
    organiser = request.user.is_authenticated and tournament.organiser_id == request.user.pk
    presenter = presenter_for(tournament.game)


    fmt = Format.objects.filter(code=tournament.format_code).first()
    japanese = (get_language() or "").startswith("ja")
    return {
        "format_name": (fmt.name_ja if japanese and getattr(fmt, "name_ja", "") else fmt.name) if fmt else "",
        "event": tournament, "entries": entries, "mine": mine, "organiser": organiser,
        "rounds": _rounds(tournament), "standings": standings_of(tournament),
        "locked": events.locked_lists(tournament), "bot_choices": list(BOT_CHOICES.items()),
        "deckless": presenter.deckless_formats.get(tournament.format_code),
        "deck_groups": lobby_decks(user=request.user, game=tournament.game) if request.user.is_authenticated else [],
        "deck_help": presenter.deck_help, "game_label": game_label(tournament.game),
        "show_lists": tournament.status == Tournament.Status.FINISHED,
        "corrections": list(Correction.objects.filter(pairing__tournament=tournament).select_related("pairing", "by")),
    }


def event_detail(request, pk: int, *, error: str = "", posted=None, status: int = 200):
    tournament = get_object_or_404(Tournament.objects.select_related("organiser"), pk=pk)
    if tournament.status == Tournament.Status.RUNNING:
        events.advance(tournament.pk)  # catches up a result whose signal a dying worker lost
        tournament.refresh_from_db()
    return render(request, "tournaments/detail.html", {**_context(request, tournament), "error": error,
                                                       "posted": posted or {}}, status=status)


def event_live(request, pk: int):
    """The part of the page that changes while the event runs (pairings, results, standings)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if tournament.status == Tournament.Status.RUNNING:
        events.advance(tournament.pk)
        tournament.refresh_from_db()
    return render(request, "tournaments/_live.html", _context(request, tournament))


def _act(request, pk: int, action, done: str = ""):
    try:
        action()
    except (events.EventError, MatchError, ValueError, Entry.DoesNotExist, Pairing.DoesNotExist) as exc:
        return event_detail(request, pk, error=_error(exc) or _("Check the values."), posted=request.POST, status=400)
    if done:
        messages.success(request, done)
    return redirect("tournaments:detail", pk=pk)


@login_required
@require_POST
def event_register(request, pk: int):
    registered = Entry.objects.filter(tournament_id=pk, user=request.user).exists()
    return _act(request, pk, lambda: events.register(tournament_id=pk, user=request.user,
                                                     deck=request.POST.get("deck", ""),
                                                     deck_id=request.POST.get("deck_id") or None),
                done=_("You were registered already: your decklist is changed.") if registered
                else _("You are registered."))


@login_required
@require_POST
def event_bots(request, pk: int):
    return _act(request, pk, lambda: events.add_bots(tournament_id=pk, by=request.user,
                                                     kind=request.POST.get("kind", ""),
                                                     count=int(request.POST.get("count") or 0)))


@login_required
@require_POST
def event_start(request, pk: int):
    return _act(request, pk, lambda: events.start(tournament_id=pk, by=request.user))


@login_required
@require_POST
def event_drop(request, pk: int):
    return _act(request, pk, lambda: events.drop(tournament_id=pk, by=request.user,
                                                 entry_id=int(request.POST.get("entry") or 0)))


@login_required
@require_POST
def event_correct(request, pk: int):
    post = request.POST
    return _act(request, pk, lambda: events.correct(
        tournament_id=pk, by=request.user, pairing_id=int(post.get("pairing") or 0),
        wins1=int(post.get("wins1") or 0), wins2=int(post.get("wins2") or 0), draws=int(post.get("draws") or 0),
        reason=post.get("reason", "")))

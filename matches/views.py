"""Match pages: sign-up, the lobby, the live match page (server-rendered board, htmx, WebSocket push with
polling by version as the fallback) and the replay of a finished match."""

from __future__ import annotations

import json
import uuid
from collections import OrderedDict
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ratings.accounts import SignupForm
from referee.engine import get_engine

from . import live, services
from .adapters import deckless_choices, playable, set_names
from .boards import (
    board_input,
    board_key,
    build_board,
    faces_available,
    presenter_for,
    replay_setup_lines,
    replay_steps,
)
from .boards.analysis import analysis_for
from .boards.replay import chapters as replay_chapters
from .boards.replay import replay_board
from .errors import MatchError
from .labels import BOT_CHOICES, BOTS, error_label, game_label, takeback_error
from .models import Match
from .selectors import lobby_decks, match_replay_log


def _signed_in_to_act(view):
    """``login_required`` for the board's actions: a signed-out reader (signed out in another tab) is sent to
    the sign-in page with ``next`` the match page — by ``HX-Redirect`` for an htmx request, so no sign-in page
    is ever swapped into the board."""

    @wraps(view)
    def wrapper(request, match_id: int, *args, **kwargs):
        if request.user.is_authenticated:
            return view(request, match_id, *args, **kwargs)
        login_url = redirect_to_login(reverse("matches:detail", args=[match_id]))["Location"]
        if request.htmx:
            return _whole_page_to(login_url, _("You are signed out. Sign in to play."), status=200)
        return redirect(login_url)

    return wrapper


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("matches:lobby")
    return render(request, "registration/signup.html", {"form": form})


def lobby(request, *, posted=None, joined=None, error: str = "", status: int = 200):
    """The lobby. After a refused "Create match" (``posted``: the form as sent, ``error``: why) or "Accept"
    (``joined``: ``(match id, the form as sent)``) the same form is shown again, open, with everything the
    player typed and the reason beside it: nothing is lost."""
    shown = Q(listed=True, invited__isnull=True)  # a challenge anyone may accept
    if request.user.is_authenticated:
        shown |= Q(created_by=request.user)  # and the player's own invitations, with their links
    open_matches = (Match.objects.filter(shown, status=Match.Status.OPEN)
                    .prefetch_related("seats__user").select_related("created_by", "invited")[:50])
    mine = (Match.objects.filter(Q(seats__user=request.user) | Q(created_by=request.user)).distinct()
            .only("id", "game", "status", "outcome", "to_act", "created_at").prefetch_related("seats__user")[:50]
            if request.user.is_authenticated else [])
    watching = list(Match.objects.live().filter(status=Match.Status.ACTIVE).prefetch_related("seats__user")[:20])
    for match in watching:  # the watch list: who plays, and how far they are
        match.players = [s.user.get_username() if s.user_id else str(BOTS.get(s.bot, "?"))
                         for s in sorted(match.seats.all(), key=lambda s: s.seat)]
        match.progress = presenter_for(match.game).progress(match.state or {})
    finished = (Match.objects.filter(status=Match.Status.FINISHED).order_by("-finished_at", "-pk")
                .only("id", "game", "status", "outcome", "finished_at")[:20])
    decks = {code: lobby_decks(user=request.user, game=code) for code in playable()}
    for match in open_matches:  # the acceptor picks a deck of the challenge's game (none in a draft)
        if request.user.is_authenticated and match.created_by_id == request.user.pk and match.invite_token:
            match.invite_url = request.build_absolute_uri(reverse("matches:invite", args=[match.invite_token]))
        match.deckless = presenter_for(match.game).deckless_formats.get(match.format_code)
        draft_set = (match.config.get("engine") or {}).get("set", "") if match.deckless else ""
        match.draft_set = set_names(match.game).get(draft_set, draft_set) if draft_set else ""
        match.deck_groups = [] if match.deckless else decks.get(match.game, [])
        match.deck_help = presenter_for(match.game).deck_help
        if joined and joined[0] == match.pk:
            match.posted, match.error = joined[1], error
    return render(request, "matches/lobby.html", {
        "open_matches": open_matches, "mine": mine, "watching": watching, "finished": finished,
        "games": [{"code": code, "label": game_label(code), "decks": decks[code],
                   "deck_help": presenter_for(code).deck_help, "clock_help": _clock_help(code),
                   "seats": [(seat, presenter_for(code).seat_label(seat)) for seat in get_engine(code).seats],
                   "formats": [{**choice, "label": presenter_for(code).deckless_formats.get(choice["code"],
                                                                                        choice["code"])}
                               for choice in deckless_choices(code)],
                   **({"posted": posted, "error": error} if posted and posted.get("game") == code else {})}
                  for code in playable()],
        "refused": bool(posted),
        "bot_choices": [(code, str(label)) for code, label in BOT_CHOICES.items()],
        "join_error": error if joined and not any(m.pk == joined[0] for m in open_matches) else "",
    }, status=status)


def _clock_help(game: str) -> str:
    return str(presenter_for(game).clock_help) % {"count": services.FORFEIT_AFTER_TIMEOUTS}


@login_required
@require_POST
def create(request):
    try:
        seconds = int(request.POST.get("decision_seconds") or 0) or None
        fmt = request.POST.get("format", "")
        # the set's select is sent with a constructed match too where no script hides it: it counts with a format
        draft_set = request.POST.get("draft_set", "") if fmt else ""
        match = services.match_challenge(
            user=request.user, game=request.POST.get("game", ""), seat=request.POST.get("seat", ""),
            opponent=request.POST.get("opponent", "open"), format=fmt,
            deck=request.POST.get("deck", ""), decision_seconds=seconds, deck_id=request.POST.get("deck_id") or None,
            entropy=request.POST.get("entropy", "").strip(), draft_set=draft_set,
            rated=request.POST.get("rated") == "on", invitee=request.POST.get("invitee", ""),
        )
    except MatchError as exc:
        return lobby(request, posted=request.POST, error=error_label(exc.code, exc.clause, exc.reason), status=400)
    except ValueError:
        return lobby(request, posted=request.POST, error=error_label("bad_request"), status=400)
    return redirect("matches:detail", match_id=match.pk)


@_signed_in_to_act
@require_POST
def join(request, match_id: int):
    try:
        services.match_join(match_id=match_id, user=request.user, deck=request.POST.get("deck", ""),
                            deck_id=request.POST.get("deck_id") or None,
                            entropy=request.POST.get("entropy", "").strip(), token=request.POST.get("token", ""))
    except MatchError as exc:
        error = error_label(exc.code, exc.clause, exc.reason)
        token = request.POST.get("token", "")
        invited = Match.objects.filter(pk=match_id, invite_token=token).first() if token else None
        if invited is not None:  # accepted from the invite page: shown again there, with what was typed
            return _invite_page(request, invited, posted=request.POST, error=error, status=400)
        return lobby(request, joined=(match_id, request.POST), error=error, status=400)
    return redirect("matches:detail", match_id=match_id)


@login_required
@require_POST
def resign(request, match_id: int):
    """The board's "Resign" (confirmed in the page): the match ends, the other side wins."""
    try:
        services.match_resign(match_id=match_id, user=request.user)
    except MatchError as exc:
        messages.error(request, error_label(exc.code, exc.clause))
    return redirect("matches:detail", match_id=match_id)


@login_required
@require_POST
def withdraw(request, match_id: int):
    """The lobby's "Withdraw" on one's own open challenge."""
    try:
        services.match_withdraw(match_id=match_id, user=request.user)
        messages.success(request, _("Your challenge was withdrawn."))
    except MatchError as exc:
        messages.error(request, error_label(exc.code, exc.clause))
    return redirect("matches:lobby")


@login_required
@require_POST
def rematch(request, match_id: int):
    """The end panel's "Rematch": the new match when it is made (against a bot, or accepting the other player's
    offer), else back to the board, which shows the offer waiting."""
    try:
        _old, new = services.match_rematch(match_id=match_id, user=request.user)
    except MatchError as exc:
        messages.error(request, error_label(exc.code, exc.clause))
        return redirect("matches:detail", match_id=match_id)
    if new is None:
        messages.success(request, _("Rematch offered: it starts when your opponent accepts."))
        return redirect("matches:detail", match_id=match_id)
    return redirect("matches:detail", match_id=new.pk)


@login_required
@require_POST
def takeback(request, match_id: int):
    """The board's "Take back" (ask, or take back at once against a bot) and "Accept" (the other player asked):
    back to the board, which shows the match rewound or the request waiting."""
    match = get_object_or_404(Match.objects.only("id", "config", "version", "status"), pk=match_id)
    accepting = match.takeback.get("offered_by") not in (None, services.seat_of(match, request.user))
    try:
        _match, done = services.match_takeback(match_id=match_id, user=request.user)
        if not done:
            messages.success(request, _("Takeback asked: it happens when your opponent accepts."))
        else:
            messages.success(request, _("You accepted the takeback: the board is back before your opponent's last "
                                        "decision.") if accepting else _("Your last decision was taken back."))
    except MatchError as exc:
        messages.error(request, takeback_error(exc))
    return redirect("matches:detail", match_id=match_id)


@login_required
@require_POST
def takeback_decline(request, match_id: int):
    """The board's "Decline" of the takeback the other player asked for (or "Cancel" of one's own)."""
    try:
        services.match_takeback_decline(match_id=match_id, user=request.user)
    except MatchError as exc:
        messages.error(request, error_label(exc.code, exc.clause))
    return redirect("matches:detail", match_id=match_id)


@login_required
@require_POST
def play_settings(request, game: str):
    """The board's settings form: which recurring decisions the referee makes for the player in ``game``; applied
    at once to the match the form was sent from (``match``) when it answers the decision pending there."""
    presenter = presenter_for(game)
    chosen = {s.kind: request.POST.get(s.kind, s.default) for s in presenter.settings}
    match_id = request.POST.get("match")
    try:
        services.save_play_settings(user=request.user, game=game, chosen=chosen, presenter=presenter,
                                    match_id=int(match_id) if match_id and match_id.isdigit() else None)
        messages.success(request, _("Your board settings are saved."))
    except MatchError as exc:
        messages.error(request, error_label(exc.code, exc.clause))
    if match_id and match_id.isdigit():
        return redirect("matches:detail", match_id=int(match_id))
    return redirect("matches:lobby")


def _page_language(request) -> None:
    """Answer a board request in the language of the page that sent it (``X-Page-Language``, set by board.js
    from ``<html lang>``, or ``?lang=``), not the session's, which another tab may have switched."""
    lang = request.headers.get("X-Page-Language") or request.GET.get("lang") or ""
    if lang in dict(settings.LANGUAGES):
        translation.activate(lang)
        request.LANGUAGE_CODE = lang


def _board_context(request, match: Match, *, error: str = "") -> dict:
    seat = services.seat_of(match, request.user)
    board = build_board(match, seat=seat, error=error)
    return {"match": match, "board": board, "seat": seat, "key": uuid.uuid4().hex,
            "act_url": reverse("matches:act", args=[match.pk]), "now_iso": timezone.now().isoformat(),
            "replay_url": reverse("matches:replay", args=[match.pk]) if match.status == Match.Status.FINISHED else "",
            "faces": faces_available(), "board_key": board_key(match, seat)}


def _live_match(match_id: int) -> Match:
    """The match, with an overdue deadline applied first (services.match_apply_overdue_deadline)."""
    match = get_object_or_404(Match.objects.live(), pk=match_id)
    if services.match_apply_overdue_deadline(match=match):
        match = get_object_or_404(Match.objects.live(), pk=match_id)
    return match


def detail(request, match_id: int):
    match = _live_match(match_id)
    context = _board_context(request, match)
    if match.status == Match.Status.OPEN and match.invite_token and request.user.is_authenticated \
            and match.created_by_id == request.user.pk:  # the challenger's link to share
        context["invite_url"] = request.build_absolute_uri(reverse("matches:invite", args=[match.invite_token]))
    return render(request, "matches/match.html", context)


def invite(request, token: str):
    """An invite link (/matches/invite/<token>/): the challenge (game, format, clock, challenger, rated) and, for
    a signed-in player who may accept it, the form to accept it with a deck. Any other token: 404."""
    match = get_object_or_404(Match.objects.select_related("created_by", "invited"), invite_token=token,
                              invite_token__gt="")
    return _invite_page(request, match)


def _invite_page(request, match: Match, *, posted=None, error: str = "", status: int = 200):
    if match.status != Match.Status.OPEN:
        return redirect("matches:detail", match_id=match.pk)
    presenter = presenter_for(match.game)
    deckless = presenter.deckless_formats.get(match.format_code)
    mine = request.user.is_authenticated and match.created_by_id == request.user.pk
    allowed = request.user.is_authenticated and not mine and match.invited_id in (None, request.user.pk)
    return render(request, "matches/invite.html", {
        "match": match, "deckless": deckless, "mine": mine, "allowed": allowed, "posted": posted or {},
        "error": error, "deck_help": presenter.deck_help,
        "deck_groups": [] if deckless or not allowed else lobby_decks(user=request.user, game=match.game),
        "invite_url": request.build_absolute_uri(reverse("matches:invite", args=[match.invite_token])),
        "seats": [(s.seat, presenter.seat_label(s.seat), s) for s in match.seats.select_related("user")],
    }, status=status)


def lobby_invitations(request):
    """The lobby's "Challenges to you" (polled by the lobby every few seconds: an invitation reaches its player
    while the page is open)."""
    invitations = (Match.objects.filter(status=Match.Status.OPEN, invited=request.user).select_related("created_by")
                   if request.user.is_authenticated else Match.objects.none())
    return render(request, "matches/_invitations.html", {"invitations": invitations[:20]})


def board(request, match_id: int):
    """The board partial; ``?v=N`` answers 204 (nothing to swap) while the match is still at version N."""
    _page_language(request)
    match = _live_match(match_id)
    known = request.GET.get("v")
    seat = services.seat_of(match, request.user)
    # An open board polls every 3 s: its reader is still there, so its push goes on even after a silence longer
    # than live.WATCH_SECONDS (the mark is otherwise renewed only by a delivered push).
    live.mark_watched(match.pk, seat)
    if known is not None and known == board_key(match, seat):
        return HttpResponse(status=204)
    return render(request, "matches/_board.html", _board_context(request, match))


@_signed_in_to_act
@require_POST
def act(request, match_id: int):
    _page_language(request)
    try:
        action = json.loads(request.POST.get("action", ""))
        version = int(request.POST.get("version", ""))
    except (ValueError, RecursionError):
        return HttpResponse(_("The action could not be read."), status=400)
    try:
        services.match_submit_action(match_id=match_id, user=request.user, action=action,
                                     expected_version=version, idempotency_key=request.POST.get("key", ""))
    except MatchError as exc:
        if request.htmx:
            match = get_object_or_404(Match.objects.live(), pk=match_id)
            context = _board_context(request, match, error=error_label(exc.code, exc.clause))
            return render(request, "matches/_board.html", context, status=200)
        messages.error(request, error_label(exc.code, exc.clause))
    if request.htmx:
        return render(request, "matches/_board.html",
                      _board_context(request, get_object_or_404(Match.objects.live(), pk=match_id)))
    return redirect("matches:detail", match_id=match_id)


def replay(request, match_id: int):
    """A finished match's replay (issue 27, point 7): the board at step ``?step=N`` (0: the setup) as ``?as=<seat>``
    (empty: a spectator; by default the reader's own seat), ``?hidden=1`` showing every hidden card, with the
    slider, the jumps and the narration; ``?partial=board`` answers the board alone (board.js fetches each step).
    The narrated steps below come in runs of ``REPLAY_PAGE`` (``?from=N[&all=1]`` the next run, for htmx)."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        log = _replay_log_cached(match)
    except ValueError:
        messages.error(request, _("The replay is available when the match has ended."))
        return redirect("matches:detail", match_id=match_id)
    _page_language(request)
    seats = get_engine(match.game).seats
    seat = request.GET.get("as")
    if seat is None:
        seat = services.seat_of(match, request.user) or ""
    seat = seat if seat in seats else None
    reveal = request.GET.get("hidden") == "1"
    view = f"&as={seat or ''}" + ("&hidden=1" if reveal else "")
    steps = _replay_steps_cached(match, log, seat, reveal)
    first = request.GET.get("from", "0")
    first = int(first) if first.isdigit() and int(first) < len(steps) else 0
    stop = len(steps) if request.GET.get("all") else first + REPLAY_PAGE
    more = {"steps": steps[first:stop], "first": first + 1, "total": len(steps),
            "more_url": f"?from={stop}{view}" if stop < len(steps) else "",
            "more_all_url": f"?from={stop}&all=1{view}"}
    panels, marks = analysis_for(match, seat, reveal)
    more["steps"] = [{**shown, "marks": marks.get(first + 1 + i, [])} for i, shown in enumerate(more["steps"])]
    if request.htmx and "from" in request.GET:
        return render(request, "matches/_replay_steps.html", more)
    asked = request.GET.get("step", "0")
    step = min(int(asked), len(steps)) if asked.isdigit() else 0
    if asked != str(step) and "step" in request.GET and request.GET.get("partial") != "board":
        query = request.GET.copy()  # a step out of range (or not a number): the address names the step shown
        query["step"] = str(step)
        return redirect(f"{request.path}?{query.urlencode()}")
    board = _replay_board_cached(match, log, steps, step, seat, reveal)
    context = {"match": match, "board": board, "step": step, "total": len(steps), "faces": faces_available(),
               "seat": seat or "", "reveal": reveal, "step_marks": marks.get(step, [])}
    if request.GET.get("partial") == "board":
        return render(request, "matches/_replay_board.html", context)
    presenter = presenter_for(match.game)
    return render(request, "matches/replay.html", {
        **context, **more, "log": log, "game_label": game_label(match.game),
        "outcome": presenter.outcome(board_input(match, None)[1]),
        "views": [("", _("Spectator"))] + [(code, presenter.seat_label(code)) for code in seats],
        "chapters": replay_chapters(match, log), "panels": panels, "waiting": _analysis_waiting(panels)})


def _whole_page_to(url: str, text: str = "", status: int = 204) -> HttpResponse:
    """An answer to an htmx request that sends the whole page to ``url`` (htmx's ``HX-Redirect``), never a page
    swapped into a part of this one."""
    response = HttpResponse(text, status=status)
    response["HX-Redirect"] = url
    return response


def _analysis_waiting(panels) -> bool:
    return any(panel.status in ("queued", "running") for panel in panels)


def analysis(request, match_id: int):
    """A finished match's analysis (issue 28, point 5). GET: the replay's analysis panel (htmx polls it while an
    analysis is being made; ``?waiting=1`` and none left running: the page reloads to show the marks). POST
    ``seat``: ask for that seat's analysis (signed in), then the panel (htmx) or the replay as it was (``step``,
    ``as``, ``hidden`` of the form, so a reader without JavaScript keeps their place). A refusal is said in the
    panel (or, without htmx, as a message); before the match has ended, on the match's page."""
    match = get_object_or_404(Match, pk=match_id)
    seats = get_engine(match.game).seats
    params = request.POST if request.method == "POST" else request.GET
    view_as = params.get("as", "")
    view_as = view_as if view_as in seats else ""
    reveal = params.get("hidden") == "1"
    step = params.get("step", "")
    step = step if step.isascii() and step.isdigit() and len(step) < 7 else ""
    replay_url = reverse("matches:replay", args=[match_id]) + "?" + urlencode(
        {**({"step": step} if step else {}), "as": view_as, **({"hidden": "1"} if reveal else {})})
    error = ""
    if request.method == "POST":
        if not request.user.is_authenticated:
            if request.htmx:  # signed out meanwhile (another tab): the whole page goes to the sign-in form
                return _whole_page_to(f"{reverse('login')}?{urlencode({'next': replay_url})}")
            return redirect_to_login(replay_url)
        try:
            services.match_request_analysis(match=match, seat=request.POST.get("seat", ""), user=request.user)
        except services.AnalysisRefused as refused:
            error = str(refused)
            if match.status != Match.Status.FINISHED:
                messages.error(request, error)
                detail = reverse("matches:detail", args=[match_id])
                return _whole_page_to(detail) if request.htmx else redirect(detail)
        if not request.htmx:
            if error:
                messages.error(request, error)
            return redirect(replay_url)
    elif match.status != Match.Status.FINISHED:
        return HttpResponse(_("The analysis is available when the match has ended."), status=409)
    _page_language(request)
    panels, _marks = analysis_for(match, view_as or None, reveal)
    waiting = _analysis_waiting(panels)
    response = render(request, "matches/_analysis.html", {
        "match": match, "panels": panels, "waiting": waiting, "seat": view_as, "reveal": reveal, "step": step,
        "error": error})
    if request.method == "GET" and request.GET.get("waiting") and not waiting:
        response["HX-Refresh"] = "true"  # the marks on the steps and the board come with the page
    return response


# The replay's narrated steps come this many at a time; the board is fetched step by step (issue 27, point 7: a
# 1,500-event Iron Leaguer replay was 1.2 MB of HTML).
REPLAY_PAGE = 30
_LOGS: OrderedDict[tuple, dict] = OrderedDict()  # the last replay logs built in this process


def _replay_log_cached(match: Match) -> dict:
    """``match_replay_log`` of a finished match, kept per process (it never changes; building it replays the
    game to record its draws). ValueError while the match is in play."""
    key = (match.pk, match.commitment, match.status)
    log = _LOGS.get(key)
    if log is None:
        log = _LOGS[key] = match_replay_log(match=match)
        while len(_LOGS) > 4:
            _LOGS.popitem(last=False)
    _LOGS.move_to_end(key)
    return log


def _replay_board_cached(match: Match, log: dict, steps: list[dict], step: int, seat: str | None, reveal: bool):
    """The replay's board at a step, kept in the cache per step, view and language: a finished match's boards
    never change."""
    from django.core.cache import cache

    language = translation.get_language()
    key = f"replay-board:{match.pk}:{match.commitment}:{step}:{seat or '-'}:{int(reveal)}:{language}"
    board = cache.get(key)
    if board is None:
        board = replay_board(match, log, steps, step, seat=seat, reveal=reveal,
                             setup=replay_setup_lines(match, log, seat, reveal) if step == 0 else None)
        cache.set(key, board, timeout=3600)
    return board


def _replay_steps_cached(match: Match, log: dict, seat: str | None = None, reveal: bool = True) -> list[dict]:
    """A finished match's replay steps never change: narrated once per language and view (``seat``, ``reveal``)
    and kept in the cache (keyed by the match's id and commitment, so a reused id never serves another match's)."""
    from django.core.cache import cache

    language = translation.get_language()
    key = f"replay-steps:{match.pk}:{match.commitment}:{language}:{seat or '-'}:{int(reveal)}"
    steps = cache.get(key)
    if steps is None:
        steps = replay_steps(match, log, seat, reveal)
        cache.set(key, steps, timeout=7 * 24 * 3600)
    return steps

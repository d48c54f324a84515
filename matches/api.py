"""The matches REST API: translate HTTP to the match services and back.

    GET  /api/matches/                       my matches (cursor-paginated)
    POST /api/matches/                       create: {game, seat, opponent: "open"|bot kind, format?,
                                             deck? | deck_id?, decision_seconds?, autoplay?: "random"|"greedy",
                                             entropy?}
    GET  /api/matches/{id}/                  the caller's own view (player or spectator)
    POST /api/matches/{id}/join/             accept an open challenge: {deck? | deck_id?, entropy?}
    POST /api/matches/{id}/actions/          {action, version, idempotency_key} → 202 {submission}
    POST /api/matches/{id}/resign/           resign (the other side wins)
    POST /api/matches/{id}/withdraw/         take back your open challenge
    POST /api/matches/{id}/rematch/          ask for a rematch of your finished match: 201 the new match's view,
                                             or 202 {"offered": true} while the other player has not asked too
    POST /api/matches/{id}/takeback/         take back your last decision, or accept the other player's request:
                                             200 the match's view once taken back, 202 {"offered": true} while the
                                             other player has not accepted; 409 not_allowed (details: why)
    POST /api/matches/{id}/takeback/decline/ decline the takeback asked of you (or withdraw yours): 200 the view
    GET  /api/matches/{id}/submissions/{sid}/  what became of a submission (the submitter's seat only)
    GET  /api/matches/{id}/log/?since=N      the log as the caller may see it
    GET  /api/matches/{id}/replay/           the complete log with the seed (finished matches)
    GET  /api/matches/{id}/analysis/         each seat's analysis (finished matches): status, progress, decisions
    POST /api/matches/{id}/analysis/         ask for one seat's: {seat} → 202 (queued now) or 200 (there already)
Every refusal is raised (a ``MatchError``, a validation error) and answered in the API's error shape
(docs/api.md, ``config.api_errors``): ``{"error": {"code", "message", "clause"?, "view"?, ...}}``.
"""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from cards.api.games import known_game
from config.api_errors import ApiError
from config.api_input import StrictCharField, StrictIntegerField, StrictSerializer
from config.api_schema import ERROR
from config.pagination import CursorPagination

from . import services
from .errors import NotFound
from .models import Match, Submission
from .selectors import match_log, match_replay_log, match_view

MATCH_VIEW = OpenApiResponse(OpenApiTypes.OBJECT, description="The match as the caller may see it (selectors."
                             "match_view): id, game, format, status, version, to_act, seats, state, legal_actions…; "
                             "GET /api/matches/{id}/ and the takeback answers add takeback ({offered_by} or null) and "
                             "taken_back ([[first, last]] versions).")


def _get(match_id) -> Match:
    try:
        return Match.objects.live().get(pk=int(match_id))
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc


class MatchSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Match
        fields = ["id", "game", "format_code", "status", "version", "created_at", "outcome"]


class MatchPagination(CursorPagination):
    ordering = "-created_at"
    page_size = 25


class CreateMatchSerializer(StrictSerializer):
    game = StrictCharField()
    seat = StrictCharField()
    opponent = serializers.ChoiceField(
        choices=["open", "link", "user", *services.BOTS], default="open",
        help_text="`open`: a challenge listed in the lobby, another player accepts; `link`: an invitation, not "
                  "listed, accepted through its invite link (`invite_url` in the answer); `user`: an invitation "
                  "to the player named `invitee` alone; a bot (`random`, `greedy`, or the search bot at `easy`, "
                  "`normal` or `hard`) takes the other seat and the match starts at once.")
    invitee = StrictCharField(required=False, allow_blank=True, default="", max_length=150,
                              help_text="With `opponent: user`: the user name of the player challenged.")
    format = StrictCharField(required=False, allow_blank=True, default="",
                             help_text="The deck's format code, or a format played without decks (Legions: "
                                       "`dantalion`, the Dantalion Draft; no `deck` then).")
    draft_set = StrictCharField(required=False, allow_blank=True, default="", max_length=20,
                                help_text="With a format played without decks: the set its boosters are opened "
                                          "from (default the format's own, Legions LG01).")
    deck = StrictCharField(required=False, allow_blank=True, default="")
    rated = serializers.BooleanField(required=False, default=False,
                                     help_text="The result counts for both players' ratings (an open challenge "
                                               "between people; a match against a bot is casual).")
    decision_seconds = StrictIntegerField(required=False, allow_null=True, min_value=5, max_value=86400)
    autoplay = serializers.ChoiceField(
        choices=["", *services.BOTS], required=False, default="",
        help_text="A bot of this kind plays your seat too, and you watch: with a bot `opponent`, a bot-versus-bot "
                  "match (listed among your matches).")
    deck_id = StrictIntegerField(required=False, allow_null=True, min_value=1,
                                 help_text="One of your saved decks of this game, used instead of `deck`.")
    entropy = StrictCharField(required=False, allow_blank=True, default="", max_length=64,
                              help_text="Your contribution to the dice seed (docs/dice.md); the site's pages send "
                                        "a random one.")


class SubmitSerializer(StrictSerializer):
    action = serializers.JSONField(help_text="The action as the game's codec writes it: an object with `type`.")
    version = StrictIntegerField(min_value=0)
    idempotency_key = StrictCharField(max_length=100)


class JoinSerializer(StrictSerializer):
    deck = StrictCharField(required=False, allow_blank=True, default="", help_text="Decklist text.")
    deck_id = StrictIntegerField(required=False, allow_null=True, min_value=1,
                                 help_text="One of your saved decks of this game, used instead of `deck`.")
    entropy = StrictCharField(required=False, allow_blank=True, default="", max_length=64,
                              help_text="Your contribution to the dice seed (docs/dice.md).")
    token = StrictCharField(required=False, allow_blank=True, default="", max_length=64,
                            help_text="An invitation's token (the last part of its invite link).")


class SubmissionSerializer(serializers.Serializer):
    submission = serializers.IntegerField()
    status = serializers.CharField()
    created = serializers.BooleanField()
    expected_version = serializers.IntegerField()
    applied_version = serializers.IntegerField(allow_null=True)
    error = serializers.JSONField(allow_null=True)


LOG = inline_serializer("MatchLog", {"match": serializers.IntegerField(), "status": serializers.CharField(),
                                     "events": serializers.ListField(child=serializers.DictField())})


MATCH_PAGE = inline_serializer("MatchPage", {
    "next": serializers.URLField(allow_null=True), "previous": serializers.URLField(allow_null=True),
    "results": MatchSummarySerializer(many=True)})


@extend_schema(methods=["GET"], operation_id="matches_list", responses=MATCH_PAGE,
               parameters=[OpenApiParameter("game", OpenApiTypes.STR, description="Only this game's matches."),
                           OpenApiParameter("cursor", OpenApiTypes.STR),
                           OpenApiParameter("page_size", OpenApiTypes.INT,
                                            description="Matches per page, 1 to 200 (default 25).")])
@extend_schema(methods=["POST"], operation_id="matches_create", request=CreateMatchSerializer,
               responses={201: MATCH_VIEW, 409: ERROR, 422: ERROR})
@api_view(["GET", "POST"])
@permission_classes([permissions.IsAuthenticatedOrReadOnly])
def match_list(request):
    if request.method == "GET":
        if request.user.is_authenticated:
            # my seats, and the bot matches I started to watch (autoplay: no seat of mine)
            qs = Match.objects.filter(Q(seats__user=request.user) | Q(created_by=request.user)).distinct()
        else:
            qs = Match.objects.filter(status=Match.Status.OPEN)
        game = known_game(request.query_params.get("game"))
        if game:
            qs = qs.filter(game=game)
        paginator = MatchPagination()
        page = paginator.paginate_queryset(qs, request)
        return paginator.get_paginated_response(MatchSummarySerializer(page, many=True).data)
    body = CreateMatchSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    match = services.match_challenge(user=request.user, **body.validated_data)
    seat = services.seat_of(match, request.user)
    view = match_view(match=match, seat=seat)
    if match.invite_token:  # the challenger's link to share (an invitation is accepted through it)
        view = {**view, "invite_url": request.build_absolute_uri(
            reverse("matches:invite", args=[match.invite_token]))}
    return Response(view, status=status.HTTP_201_CREATED)


@extend_schema(operation_id="matches_retrieve", responses=MATCH_VIEW)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def match_detail(request, match_id):
    match = _get(match_id)
    view = _with_takeback(match_view(match=match, seat=services.seat_of(match, request.user)), match)
    response = Response(view)
    asked = view["takeback"]["offered_by"] if view["takeback"] else ""
    response["ETag"] = f'W/"{match.pk}-{match.version}-{match.status}{"-t" + asked if asked else ""}"'
    return response


def _with_takeback(view: dict, match: Match) -> dict:
    """The view with the match's takebacks (docs/matches.md "Takebacks"): ``takeback``, the request waiting for an
    answer (``{"offered_by": seat}``, else null), and ``taken_back``, the versions taken back (``[[first, last]]``).
    Only the API's reads add them (they read ``config``, which the pushed views never load)."""
    offer = match.takeback
    return {**view, "takeback": {"offered_by": offer["offered_by"]} if offer else None,
            "taken_back": [list(pair) for pair in match.taken_back]}


@extend_schema(request=JoinSerializer, responses={200: MATCH_VIEW, 409: ERROR, 422: ERROR})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_join(request, match_id):
    body = JoinSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    if not str(match_id).isdigit():
        raise NotFound(f"no match {match_id}")
    match = services.match_join(match_id=int(match_id), user=request.user, deck=body.validated_data["deck"],
                                entropy=body.validated_data["entropy"], deck_id=body.validated_data.get("deck_id"),
                                token=body.validated_data["token"])
    return Response(match_view(match=match, seat=services.seat_of(match, request.user)))


@extend_schema(request=None, responses={200: MATCH_VIEW, 403: ERROR, 409: ERROR})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_resign(request, match_id):
    """Resign: the match ends and the other side wins (reason ``resigned``)."""
    if not str(match_id).isdigit():
        raise NotFound(f"no match {match_id}")
    match = services.match_resign(match_id=int(match_id), user=request.user)
    return Response(match_view(match=_get(match.pk), seat=services.seat_of(match, request.user)))


@extend_schema(request=None, responses={200: MATCH_VIEW, 403: ERROR, 409: ERROR})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_withdraw(request, match_id):
    """Withdraw your open challenge before anyone accepts it (it is aborted, reason ``withdrawn``)."""
    if not str(match_id).isdigit():
        raise NotFound(f"no match {match_id}")
    match = services.match_withdraw(match_id=int(match_id), user=request.user)
    return Response(match_view(match=_get(match.pk), seat=services.seat_of(match, request.user)))


@extend_schema(request=None, responses={201: MATCH_VIEW, 202: OpenApiResponse(OpenApiTypes.OBJECT,
               description='{"offered": true}: the rematch starts when the other player asks too.'),
               403: ERROR, 409: ERROR})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_rematch(request, match_id):
    """A rematch of your finished match (same game, format, clock, decks and seats; the other player first):
    made at once against a bot or when the other player asked first (201, the new match's view), else offered
    (202). Conflict ``not_finished`` while the match is open or in play."""
    if not str(match_id).isdigit():
        raise NotFound(f"no match {match_id}")
    _old, new = services.match_rematch(match_id=int(match_id), user=request.user)
    if new is None:
        return Response({"offered": True}, status=202)
    return Response(match_view(match=_get(new.pk), seat=services.seat_of(new, request.user)), status=201)


NOT_ALLOWED = ("409: ``not_allowed``, with ``details: [{code, message}]`` saying why: ``rated`` (a rated or "
               "tournament match), ``not_active``, ``no_decision`` (none of yours to take back), "
               "``hidden_information`` (a card drawn or looked at, a shuffle, a die, a card turned face up since "
               "your last decision).")


@extend_schema(request=None, responses={
    200: MATCH_VIEW, 202: OpenApiResponse(OpenApiTypes.OBJECT, description='{"offered": true}: taken back when the '
                                          'other player accepts (asks too) or declines.'),
    403: ERROR, 409: OpenApiResponse(ERROR, description=NOT_ALLOWED)})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_takeback(request, match_id):
    """Take back your last decision in a casual match: the match is rewound to the state before it, undoing what
    followed. Against a bot, or when the other player asked first (then this accepts), it happens at once (200,
    the view); else it waits for the other player (202). Refused (409 ``not_allowed``, with the reason) in a rated
    match or once new hidden information has appeared since the decision (a draw, a shuffle, a die, a card turned
    face up)."""
    if not str(match_id).isdigit():
        raise NotFound(f"no match {match_id}")
    match, done = services.match_takeback(match_id=int(match_id), user=request.user)
    if not done:
        return Response({"offered": True}, status=202)
    match = _get(match.pk)
    return Response(_with_takeback(match_view(match=match, seat=services.seat_of(match, request.user)), match))


@extend_schema(request=None, responses={200: MATCH_VIEW, 403: ERROR, 409: ERROR})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_takeback_decline(request, match_id):
    """Decline the takeback the other player asked for (or withdraw your own): the match goes on as it is.
    Conflict ``no_takeback`` when none is waiting."""
    if not str(match_id).isdigit():
        raise NotFound(f"no match {match_id}")
    match = _get(services.match_takeback_decline(match_id=int(match_id), user=request.user).pk)
    return Response(_with_takeback(match_view(match=match, seat=services.seat_of(match, request.user)), match))


@extend_schema(request=SubmitSerializer, responses={202: SubmissionSerializer, 409: ERROR, 422: ERROR, 429: ERROR})
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_actions(request, match_id):
    body = SubmitSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    submission, created = services.match_submit_action(
        match_id=match_id, user=request.user, action=body.validated_data["action"],
        expected_version=body.validated_data["version"],
        idempotency_key=body.validated_data["idempotency_key"],
    )
    return Response(_submission(submission, created), status=status.HTTP_202_ACCEPTED)


def _submission(submission: Submission, created: bool = False) -> dict:
    return {"submission": submission.pk, "status": submission.status, "created": created,
            "expected_version": submission.expected_version, "applied_version": submission.applied_version,
            "error": submission.error}


@extend_schema(responses=SubmissionSerializer)
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def submission_detail(request, match_id, submission_id):
    match = _get(match_id)
    seat = services.seat_of(match, request.user)
    try:
        submission = match.submissions.get(pk=int(submission_id), seat=seat)
    except (Submission.DoesNotExist, ValueError) as exc:
        raise NotFound(f"no submission {submission_id} of yours in match {match_id}") from exc
    return Response(_submission(submission))


@extend_schema(responses=LOG, parameters=[OpenApiParameter("since", OpenApiTypes.INT,
                                                           description="The first log sequence number wanted.")])
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def match_log_view(request, match_id):
    match = _get(match_id)
    raw = request.query_params.get("since", "0")
    if not raw.isascii() or not raw.isdigit():
        raise ApiError("bad_since", _("since must be a whole number ≥ 0 (a log sequence number), not '{value}'.")
                       .format(value=raw[:20]), field="since")
    since = int(raw)
    seat = services.seat_of(match, request.user)
    return Response({"match": match.pk, "status": match.status,
                     "events": match_log(match=match, seat=seat, since=since)})


@extend_schema(responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="The complete log with the seed."),
                          409: ERROR})
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def match_replay(request, match_id):
    match = _get(match_id)
    try:
        return Response(match_replay_log(match=match))
    except ValueError as exc:
        raise ApiError("in_play", str(exc), status=409) from exc


class AnalysisRequestSerializer(StrictSerializer):
    seat = StrictCharField(max_length=16, help_text="The seat whose decisions are weighed.")


ANALYSES = OpenApiResponse(OpenApiTypes.OBJECT, description=(
    "{match, analyses: [{seat, status: queued|running|done|failed, level, done, total, error, decisions: [{step, "
    "chosen, chosen_value, best, best_value, drop, options}]}]}: a decision's step is the replay's (1 = the first "
    "action); values are the search's estimated chances of winning, 0..1 (referee.engine.analysis)."))


def _analyses(match: Match) -> dict:
    from .models import Analysis

    rows = Analysis.objects.filter(match=match).order_by("seat")
    return {"match": match.pk, "analyses": [
        {"seat": row.seat, "status": row.status, "level": row.level, "done": row.done, "total": row.total,
         "error": row.error, "decisions": [{"step": entry["entry"] + 1, **{k: v for k, v in entry.items()
                                                                          if k != "entry"}} for entry in row.result]}
        for row in rows]}


@extend_schema(methods=["GET"], operation_id="matches_analysis_retrieve", responses={200: ANALYSES, 409: ERROR})
@extend_schema(methods=["POST"], operation_id="matches_analysis_create", request=AnalysisRequestSerializer,
               responses={200: ANALYSES, 202: ANALYSES, 409: ERROR, 422: ERROR})
@api_view(["GET", "POST"])
@permission_classes([permissions.IsAuthenticatedOrReadOnly])
def match_analysis(request, match_id):
    """The search bot's analysis of a finished match (issue 28, point 5; ``docs/bots.md``). POST ``{seat}`` asks
    for that seat's (made on the bots' queue): 202 when queued now, 200 when there already; 409 ``in_play`` before
    the match has ended, 422 for a seat the game does not have."""
    match = _get(match_id)
    if match.status != Match.Status.FINISHED:
        raise ApiError("in_play", _("A match is analysed only after it has ended."), status=409)
    if request.method == "GET":
        return Response(_analyses(match))
    body = AnalysisRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        _row, queued = services.match_request_analysis(match=match, seat=body.validated_data["seat"],
                                                       user=request.user)
    except services.AnalysisRefused as refused:
        raise ApiError("unknown_seat", str(refused), field="seat", status=422) from refused
    return Response(_analyses(match), status=status.HTTP_202_ACCEPTED if queued else status.HTTP_200_OK)

"""The matches REST API: translate HTTP to the match services and back.

    GET  /api/matches/                       my matches (cursor-paginated)
    POST /api/matches/                       create: {game, seat, opponent: "open"|"random"|"greedy", format?,
                                             deck?, decision_seconds?, autoplay?: "random"|"greedy"}
    GET  /api/matches/{id}/                  the caller's own view (player or spectator)
    POST /api/matches/{id}/join/             accept an open challenge
    POST /api/matches/{id}/actions/          {action, version, idempotency_key} → 202 {submission}
    GET  /api/matches/{id}/submissions/{sid}/  what became of a submission (the submitter's seat only)
    GET  /api/matches/{id}/log/?since=N      the log as the caller may see it
    GET  /api/matches/{id}/replay/           the complete log with the seed (finished matches)
Every refusal answers ``{"code", "reason", ...}`` with a 4xx status.
"""

from __future__ import annotations

from django.db.models import Q
from rest_framework import permissions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response

from . import services
from .errors import MatchError, NotAPlayer, NotFound
from .models import Match, Submission
from .selectors import match_log, match_replay_log, match_view


def _error(exc: MatchError) -> Response:
    return Response(exc.as_dict(), status=exc.status)


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


class CreateMatchSerializer(serializers.Serializer):
    game = serializers.CharField()
    seat = serializers.CharField()
    opponent = serializers.ChoiceField(choices=["open", "random", "greedy"], default="open")
    format = serializers.CharField(required=False, allow_blank=True, default="")
    deck = serializers.CharField(required=False, allow_blank=True, default="")
    decision_seconds = serializers.IntegerField(required=False, allow_null=True, min_value=5, max_value=86400)
    autoplay = serializers.ChoiceField(choices=["", "random", "greedy"], required=False, default="")


class SubmitSerializer(serializers.Serializer):
    action = serializers.JSONField()
    version = serializers.IntegerField(min_value=0)
    idempotency_key = serializers.CharField(max_length=100)


@api_view(["GET", "POST"])
@permission_classes([permissions.IsAuthenticatedOrReadOnly])
def match_list(request):
    if request.method == "GET":
        if request.user.is_authenticated:
            # my seats, and the bot matches I started to watch (autoplay: no seat of mine)
            qs = Match.objects.filter(Q(seats__user=request.user) | Q(created_by=request.user)).distinct()
        else:
            qs = Match.objects.filter(status=Match.Status.OPEN)
        paginator = MatchPagination()
        page = paginator.paginate_queryset(qs, request)
        return paginator.get_paginated_response(MatchSummarySerializer(page, many=True).data)
    body = CreateMatchSerializer(data=request.data)
    if not body.is_valid():
        return Response({"code": "bad_request", "reason": "invalid fields", "fields": body.errors}, status=400)
    try:
        match = services.match_challenge(user=request.user, **body.validated_data)
    except MatchError as exc:
        return _error(exc)
    seat = services.seat_of(match, request.user)
    return Response(match_view(match=match, seat=seat), status=status.HTTP_201_CREATED)


@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def match_detail(request, match_id):
    try:
        match = _get(match_id)
    except MatchError as exc:
        return _error(exc)
    view = match_view(match=match, seat=services.seat_of(match, request.user))
    response = Response(view)
    response["ETag"] = f'W/"{match.pk}-{match.version}-{match.status}"'
    return response


@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def match_join(request, match_id):
    try:
        deck = request.data.get("deck", "")
        if not isinstance(deck, str):
            return _error(MatchError("deck must be decklist text", code="bad_request"))
        match = services.match_join(match_id=int(match_id), user=request.user, deck=deck,
                                    entropy=str(request.data.get("entropy", ""))[:64])
    except ValueError:
        return _error(NotFound(f"no match {match_id}"))
    except MatchError as exc:
        return _error(exc)
    return Response(match_view(match=match, seat=services.seat_of(match, request.user)))


@api_view(["POST"])
@permission_classes([permissions.AllowAny])  # answered with the match layer's own 403 reason
def match_actions(request, match_id):
    if not request.user.is_authenticated:
        return _error(NotAPlayer("sign in to play", code="not_signed_in"))
    body = SubmitSerializer(data=request.data)
    if not body.is_valid():
        return Response({"code": "bad_request", "reason": "invalid fields", "fields": body.errors}, status=400)
    try:
        submission, created = services.match_submit_action(
            match_id=match_id, user=request.user, action=body.validated_data["action"],
            expected_version=body.validated_data["version"],
            idempotency_key=body.validated_data["idempotency_key"],
        )
    except MatchError as exc:
        return _error(exc)
    return Response(_submission(submission, created), status=status.HTTP_202_ACCEPTED)


def _submission(submission: Submission, created: bool = False) -> dict:
    return {"submission": submission.pk, "status": submission.status, "created": created,
            "expected_version": submission.expected_version, "applied_version": submission.applied_version,
            "error": submission.error}


@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def submission_detail(request, match_id, submission_id):
    try:
        match = _get(match_id)
        seat = services.seat_of(match, request.user)
        submission = match.submissions.get(pk=int(submission_id), seat=seat)
    except MatchError as exc:
        return _error(exc)
    except (Submission.DoesNotExist, ValueError):
        return _error(NotFound(f"no submission {submission_id} of yours in match {match_id}"))
    return Response(_submission(submission))


@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def match_log_view(request, match_id):
    try:
        match = _get(match_id)
        since = max(0, int(request.query_params.get("since", 0)))
    except MatchError as exc:
        return _error(exc)
    except ValueError:
        return Response({"code": "bad_request", "reason": "since must be a whole number"}, status=400)
    seat = services.seat_of(match, request.user)
    return Response({"match": match.pk, "status": match.status,
                     "events": match_log(match=match, seat=seat, since=since)})


@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def match_replay(request, match_id):
    try:
        match = _get(match_id)
        return Response(match_replay_log(match=match))
    except MatchError as exc:
        return _error(exc)
    except ValueError as exc:
        return Response({"code": "in_play", "reason": str(exc)}, status=409)

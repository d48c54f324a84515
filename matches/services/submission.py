"""Submitting an action (docs/matches.md "A move"): checked, stored as pending, and (after commit) queued for
adjudication; a retry with the same idempotency key answers the first submission."""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction

from referee.engine import ActionRefused, MalformedAction, encode, get_engine

from ..errors import BadRequest, Conflict, NotAPlayer, NotFound, Refused, TooMany
from ..models import Match, Submission
from ..selectors import match_view
from .handoff import enqueue_adjudication
from .locking import seat_of

# docs/matches.md "A move": a submission names the version its player saw. One ahead is a move sent while the
# player's previous one is still being refereed (a double-click, a fast player); further ahead it would be applied
# to a state nobody has seen, so it is refused. A seat has at most MAX_PENDING_PER_SEAT actions waiting at once.
MAX_VERSION_AHEAD = 1
MAX_PENDING_PER_SEAT = 4


def match_submit_action(*, match_id: int, user=None, action: object, expected_version: object,
                        idempotency_key: object, source: str = "player",
                        seat: str | None = None) -> tuple[Submission, bool]:
    """Store an action for adjudication; return ``(submission, created)``.

    The same ``idempotency_key`` from the same seat returns the first submission (``created`` False) and applies
    nothing again. Raises BadRequest (malformed body or action), NotFound, NotAPlayer (no seat, or the action names
    another seat), Conflict (match not active; ``expected_version`` older than the match or more than
    ``MAX_VERSION_AHEAD`` ahead — both with the caller's current view), TooMany (the seat already has
    ``MAX_PENDING_PER_SEAT`` actions waiting) and Refused (it is not the caller's turn, or the engine refuses the
    action, with code, reason and clause). A refused request changes nothing.
    """
    _check_request(action, expected_version, idempotency_key)
    try:
        match = Match.objects.live().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc
    seat = _acting_seat(match, user, source, seat)
    engine = get_engine(match.game)
    existing = Submission.objects.filter(match=match, seat=seat, idempotency_key=idempotency_key).first()
    if existing is not None:
        return _same_request(existing, engine, action, seat, expected_version), False
    decoded = _decode(engine, action, seat)
    _check_in_play(match, seat, expected_version)
    if source == "player":  # refused before the engine is asked; counted again under the lock in _store
        _refuse_over_cap(match, seat, expected_version)
    if expected_version == match.version and source == "player":  # bots and the clock pick legal actions
        _precheck(engine, match, decoded)
    return _store(match, seat=seat, action=encode(decoded), expected_version=expected_version, source=source,
                  idempotency_key=idempotency_key, submitted_by=user if source == "player" else None)


def _check_request(action: object, expected_version: object, idempotency_key: object) -> None:
    """BadRequest for a request whose parts have the wrong shape: ``bad_idempotency_key``, ``bad_version``,
    ``malformed`` (the action is not a JSON object)."""
    if not isinstance(idempotency_key, str) or not 1 <= len(idempotency_key) <= 100:
        raise BadRequest("idempotency_key must be text of 1 to 100 characters", code="bad_idempotency_key")
    if isinstance(expected_version, bool) or not isinstance(expected_version, int) or expected_version < 0:
        raise BadRequest("version must be a whole number ≥ 0 (the version you saw)", code="bad_version")
    if not isinstance(action, dict):
        raise BadRequest("action must be a JSON object", code="malformed")


def _check_in_play(match: Match, seat: str, expected_version: int) -> None:
    """Conflict unless ``match`` is in play (``not_active``) and ``expected_version`` is its version or at most
    ``MAX_VERSION_AHEAD`` ahead (``stale_version``, ``version_ahead``: both with ``seat``'s current view)."""
    if match.status != Match.Status.ACTIVE:
        raise Conflict(f"the match is {match.status}, not in play", code="not_active")
    if expected_version < match.version:
        raise Conflict(f"stale version {expected_version}: the match is at version {match.version}",
                       code="stale_version", view=match_view(match=match, seat=seat))
    if expected_version > match.version + MAX_VERSION_AHEAD:
        raise Conflict(f"version {expected_version} is ahead of the match (at version {match.version}): send the "
                       f"version you saw", code="version_ahead", view=match_view(match=match, seat=seat))


def _refuse_over_cap(match: Match, seat: str, expected_version: int) -> None:
    """TooMany when the seat already has ``MAX_PENDING_PER_SEAT`` submissions waiting of the kind of one for
    ``expected_version`` (``_pending_alike``)."""
    if _pending_alike(match, seat, expected_version).count() >= MAX_PENDING_PER_SEAT:
        raise TooMany(f"you already have {MAX_PENDING_PER_SEAT} actions waiting to be refereed; wait for them",
                      code="too_many_pending")


def _pending_alike(match: Match, seat: str, expected_version: int):
    """The seat's waiting submissions that count against ``MAX_PENDING_PER_SEAT`` beside one for
    ``expected_version``: those for the version to come, or those for the current one. Counted apart, so actions
    sent ahead can never keep a player from making the move they must make now (found by acceptance testing:
    four one-ahead submissions at their own turn locked a player out of the match)."""
    waiting = Submission.objects.filter(match=match, seat=seat, status=Submission.Status.PENDING)
    if expected_version > match.version:
        return waiting.filter(expected_version__gt=match.version)
    return waiting.filter(expected_version__lte=match.version)


def _same_request(existing: Submission, engine, action: dict, seat: str, expected_version: int) -> Submission:
    """A retry with a used key answers the first submission; a *different* request under that key is refused
    (Conflict ``idempotency_key_reused``), so a client that reuses a key by mistake finds out."""
    try:
        same = encode(engine.codec.decode({**action, "seat": seat})) == existing.action
    except MalformedAction:
        same = False
    if not same or expected_version != existing.expected_version:
        raise Conflict("this idempotency_key was already used for a different action or version",
                       code="idempotency_key_reused")
    return existing


def _store(match: Match, *, seat: str, action: dict, expected_version: int, source: str, idempotency_key: str,
           submitted_by=None) -> tuple[Submission, bool]:
    """Insert a pending submission and, after commit, enqueue its adjudication; the same key from the same seat
    returns the first one, ``created`` False."""
    try:
        with transaction.atomic():
            if source == "player":
                _hold_seat_cap(match, seat, expected_version)
            submission = Submission.objects.create(
                match=match, seat=seat, submitted_by=submitted_by, source=source, idempotency_key=idempotency_key,
                action=action, expected_version=expected_version,
            )
            transaction.on_commit(lambda: enqueue_adjudication(match.pk))
    except IntegrityError:  # the same key raced in from a second request: answer with the first one
        return Submission.objects.get(match=match, seat=seat, idempotency_key=idempotency_key), False
    return submission, True


def _hold_seat_cap(match: Match, seat: str, expected_version: int) -> None:
    """Within the storing transaction: take the seat's submission lock (PostgreSQL: a transaction-level advisory
    lock per match and seat; SQLite serialises writers already) and count again, so requests racing in parallel
    cannot go past ``MAX_PENDING_PER_SEAT`` between the count and the insert (found by acceptance testing: 8
    parallel requests ahead were all stored). Raises TooMany."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [f"submit:{match.pk}:{seat}"])
    _refuse_over_cap(match, seat, expected_version)


def _acting_seat(match: Match, user, source: str, bot_seat: str | None) -> str:
    if source != "player":  # a bot or the clock acts for the seat it names
        if bot_seat is None:
            raise BadRequest("a bot or clock submission names its seat", code="no_seat")
        return bot_seat
    seat = seat_of(match, user)
    if seat is None:
        raise NotAPlayer("you hold no seat in this match", code="not_a_player")
    return seat


def _decode(engine, action: dict, seat: str):
    claimed = action.get("seat", seat)
    if claimed != seat:
        raise NotAPlayer(f"you hold seat {seat!r}, not {claimed!r}", code="not_your_seat")
    try:
        return engine.codec.decode({**action, "seat": seat})
    except MalformedAction as exc:
        raise BadRequest(exc.reason, code="malformed") from exc


def _precheck(engine, match: Match, decoded) -> None:
    """Refuse at once what the engine would refuse now; the worker checks again when it applies."""
    if engine.to_act(match.state) != decoded.seat:
        raise Refused("it is not your turn", code="not_your_turn")
    try:
        engine.apply(match.state, decoded)
    except ActionRefused as exc:
        raise Refused(exc.reason, code=exc.code, clause=exc.clause) from exc

"""Match use cases (writes): create, join, start, submit an action, adjudicate, apply a deadline.

The layer knows no game: it calls the engine protocol of ``referee.engine`` (``get_engine(match.game)``).
Adjudication follows ARCHITECTURE.md "Matches and the referee": submissions are stored as pending, then one task
locks the match row, applies them in version order through the engine, appends the events, stores the new state
and version, and (after commit) pushes every seat its view.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import get_language

from referee.engine import ActionRefused, MalformedAction, RngSeed, encode, get_engine

from . import live
from . import rows as rows_module
from .errors import BadRequest, Conflict, NotAPlayer, NotFound, Refused, TooMany
from .models import PLAY_FIELDS, STATIC_KEY, Event, Match, Seat, Submission
from .selectors import match_view

# docs/matches.md "A move": a submission names the version its player saw. One ahead is a move sent while the
# player's previous one is still being refereed (a double-click, a fast player); further ahead it would be applied
# to a state nobody has seen, so it is refused. A seat has at most MAX_PENDING_PER_SEAT actions waiting at once.
MAX_VERSION_AHEAD = 1
MAX_PENDING_PER_SEAT = 4
BOTS = ("random", "greedy")


@dataclass(frozen=True)
class SeatSpec:
    """Who takes a seat: a user, or a bot kind ("random"/"greedy"); ``deck`` as submitted (JSON)."""

    seat: str
    user_id: int | None = None
    bot: str = ""
    deck: dict | None = None


def match_create(*, game: str, seats: Iterable[SeatSpec], config: dict | None = None, decks: dict | None = None,
                 created_by=None, format_code: str = "", decision_seconds: int | None = None,
                 start: bool = True, seed: bytes | None = None, entropy: str = "") -> Match:
    """Create a match; start it at once when every seat of the engine is taken and ``start`` is true.

    ``decks`` is what the engine's ``new_game`` receives (for Iron Leaguer ``{"cards": [...]}``), copied into the
    match so catalogue edits never change a running match. ``seed``: the 32-byte secret seed; None (every online
    match) draws a fresh one from the OS CSPRNG. A given seed is for ``manage.py playmatch --seed N`` alone (the
    same game again, between bots): it is never taken from the API or a form, since a seed a player chose or
    knew would let them foresee every die. The same seed twice gives two matches one commitment (the caches of
    ``matches.models`` are keyed by id and commitment). Raises BadRequest for an unknown game, seat or bot, or a
    seed that is not 32 bytes. ``entropy``: the creator's contribution to the dice (docs/dice.md), at most 64
    characters kept; the one who joins adds theirs (``match_join``), so the dice depend on both players' choices
    as well as the committed seed.
    """
    try:
        engine = get_engine(game)
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="unknown_game") from exc
    specs = list(seats)
    for spec in specs:
        if spec.seat not in engine.seats:
            raise BadRequest(f"seat {spec.seat!r} is not one of {', '.join(engine.seats)}", code="unknown_seat")
        if spec.bot and spec.bot not in BOTS:
            raise BadRequest(f"bot {spec.bot!r} is not one of {', '.join(BOTS)}", code="unknown_bot")
    if seed is None:
        seed = secrets.token_bytes(32)
    elif len(seed) != 32:
        raise BadRequest(f"the seed must be 32 bytes, not {len(seed)}", code="bad_seed")
    with transaction.atomic():
        match = Match.objects.create(
            game=game, format_code=format_code, created_by=created_by,
            config={"engine": config or {}, "decks": decks or {}},
            seed_hex=seed.hex(), commitment=hashlib.sha256(seed).hexdigest(), decision_seconds=decision_seconds,
            entropy=[entropy[:64]] if entropy else [],
        )
        for spec in specs:
            Seat.objects.create(match=match, seat=spec.seat, user_id=spec.user_id, bot=spec.bot,
                                deck=spec.deck or {})
        for seat in engine.seats:
            if not any(spec.seat == seat for spec in specs):
                Seat.objects.create(match=match, seat=seat)
        if start and _all_seats_taken(match):
            _start(match, engine)
    return match


def match_join(*, match_id: int, user, deck: str = "", entropy: str = "", deck_id: object = None) -> Match:
    """Take the free seat of an open match (accept a challenge) with ``deck`` (or the saved deck ``deck_id``,
    see ``saved_deck_text``) and start it.

    Every seat's deck is checked again at the start with the decks feature's legality check; an illegal deck
    refuses the start with its reasons (Conflict ``illegal_deck``) and changes nothing. Conflict also when the
    match is not open, the caller is already seated, or no seat is free.
    """
    from .adapters import engine_decks

    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.OPEN:
            raise Conflict("this match is not open for players", code="not_open")
        if match.seats.filter(user=user).exists():
            raise Conflict("you already hold a seat in this match", code="already_seated")
        free = match.seats.filter(user__isnull=True, bot="").first()
        if free is None:
            raise Conflict("every seat of this match is taken", code="no_free_seat")
        free.user = user
        format_code = match.format_code
        if deck_id not in (None, ""):
            deck, format_code = saved_deck_text(user=user, game=match.game, deck_id=deck_id)
        free.deck = deck_for_seat(game=match.game, format_code=format_code, text=deck, seat=free.seat)
        free.save(update_fields=["user", "deck"])
        seats = list(match.seats.all())
        for seat in seats:  # checked again when the match starts
            if seat.deck.get("text"):
                deck_for_seat(game=match.game, format_code=seat.deck.get("format") or match.format_code,
                              text=seat.deck["text"], seat=seat.seat)
        try:
            decks = engine_decks(match.game, {s.seat: s.deck for s in seats})
        except KeyError as exc:
            raise BadRequest(str(exc.args[0]), code="not_playable") from exc
        match.config = {**match.config, "decks": decks}
        if entropy:
            match.entropy = [*match.entropy, entropy[:64]]
        _start(match, get_engine(match.game))
    return match


def _all_seats_taken(match: Match) -> bool:
    return not match.seats.filter(user__isnull=True, bot="").exists()


def _start(match: Match, engine) -> None:
    """Set the match up through ``engine.new_game``; a deck the engine refuses (ValueError: for Legions a card
    it cannot referee yet, named) is Conflict ``deck_refused`` with the engine's reason, and nothing is
    written (the caller's transaction rolls back)."""
    rng = RngSeed(bytes.fromhex(match.seed_hex), tuple(match.entropy))
    try:
        state, events = engine.new_game(match.config.get("engine", {}), match.config.get("decks", {}), rng)
    except ValueError as exc:
        raise Conflict(f"the engine refuses the decks: {exc}", code="deck_refused") from exc
    match.state = state
    match.cards = state.get(STATIC_KEY)  # the static card table, stored once (see matches.models)
    match.version = 0
    match.status = Match.Status.ACTIVE
    match.started_at = match.moved_at = timezone.now()
    match.to_act = engine.to_act(state) or ""
    _set_deadline(match)
    match.next_seq = _append_events(match, events, version=0, submission=None, start_seq=0)
    match.save()
    transaction.on_commit(lambda: _after_commit(match))


def _locked(match_id: int) -> Match:
    try:
        return Match.objects.live().select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc


def _locked_for_play(match_id: int) -> Match:
    """``_locked`` with only the columns adjudication and the pushed views use (``PLAY_FIELDS``), by a statement
    compiled once per process (``matches.rows.get_row``): the hottest statement, taken on every action."""
    try:
        return rows_module.get_row(Match, int(match_id), PLAY_FIELDS, for_update=True)
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc


def seat_of(match: Match, user) -> str | None:
    """The seat ``user`` holds in ``match``, or None (spectator)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return match.seats.filter(user=user).values_list("seat", flat=True).first()


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
    if not isinstance(idempotency_key, str) or not 1 <= len(idempotency_key) <= 100:
        raise BadRequest("idempotency_key must be text of 1 to 100 characters", code="bad_idempotency_key")
    if isinstance(expected_version, bool) or not isinstance(expected_version, int) or expected_version < 0:
        raise BadRequest("version must be a whole number ≥ 0 (the version you saw)", code="bad_version")
    if not isinstance(action, dict):
        raise BadRequest("action must be a JSON object", code="malformed")
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
    if match.status != Match.Status.ACTIVE:
        raise Conflict(f"the match is {match.status}, not in play", code="not_active")
    if expected_version < match.version:
        raise Conflict(f"stale version {expected_version}: the match is at version {match.version}",
                       code="stale_version", view=match_view(match=match, seat=seat))
    if expected_version > match.version + MAX_VERSION_AHEAD:
        raise Conflict(f"version {expected_version} is ahead of the match (at version {match.version}): send the "
                       f"version you saw", code="version_ahead", view=match_view(match=match, seat=seat))
    if source == "player":  # refused before the engine is asked; counted again under the lock in _store
        _refuse_over_cap(match, seat, expected_version)
    if expected_version == match.version and source == "player":  # bots and the clock pick legal actions
        _precheck(engine, match, decoded)
    return _store(match, seat=seat, action=encode(decoded), expected_version=expected_version, source=source,
                  idempotency_key=idempotency_key, submitted_by=user if source == "player" else None)


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
            transaction.on_commit(lambda: _enqueue_adjudication(match.pk))
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


def _enqueue_adjudication(match_id: int) -> None:
    from referee.tasks import adjudicate

    adjudicate.delay(match_id)


def match_adjudicate(*, match_id: int) -> int:
    """Apply every pending submission that is due, in (expected version, arrival) order; return how many were
    processed (applied or rejected). Safe to run twice and concurrently: the match row lock serialises runs and
    only pending submissions are touched. A submission for a later version waits for its turn; one for an
    earlier version is rejected as stale; one the engine refuses is rejected with its code, reason and clause.
    """
    if not Submission.objects.filter(match_id=match_id, status=Submission.Status.PENDING).exists():
        return 0  # a run that came first took them; one stored after this check enqueues its own run
    with transaction.atomic():
        match = _locked_for_play(match_id)
        if match.status != Match.Status.ACTIVE:
            return 0
        return _adjudicate_locked(match, get_engine(match.game))


def _adjudicate_locked(match: Match, engine, seats: list[Seat] | None = None) -> int:
    """The body of ``match_adjudicate`` inside its transaction, the match row locked; ``seats`` (with users),
    when the caller has them, go on to the push after commit."""
    processed = 0
    state, version, seq = match.state, match.version, match.next_seq
    match_version_before = version
    pending = list(Submission.objects.filter(match_id=match.pk, status=Submission.Status.PENDING)
                   .order_by("expected_version", "id").only("id", "expected_version", "action"))
    now = timezone.now()
    for submission in pending:
        if submission.expected_version > version:
            break
        processed += 1
        submission.processed_at = now
        if submission.expected_version < version:
            _reject(submission, {"code": "stale_version", "clause": "",
                                 "reason": f"the match moved on to version {version}"})
            continue
        try:
            state, events = engine.apply(state, submission.action)
        except ActionRefused as exc:
            _reject(submission, exc.as_dict())
            continue
        version += 1
        rows_module.update_row(Submission, submission.pk, {
            "status": Submission.Status.APPLIED, "applied_version": version, "processed_at": now})
        seq = _append_events(match, events, version=version, submission=submission, start_seq=seq)
    if processed:
        _store_progress(match, engine, state=state, version=version, seq=seq, now=now, seats=seats,
                        moved=version != match_version_before)
    return processed


def _store_progress(match: Match, engine, *, state: dict, version: int, seq: int, now, seats, moved: bool) -> None:
    """Write the match row after applied actions (state, version, next event seq, the end if it came, the next
    deadline, when it moved and who is to act) and push after commit."""
    match.state, match.version, match.next_seq = state, version, seq
    _finish_if_over(match, engine)
    _set_deadline(match)
    if moved:
        match.moved_at = now
    match.to_act = (engine.to_act(state) or "") if match.status == Match.Status.ACTIVE else ""
    rows_module.update_row(Match, match.pk, {
        "state": state, "version": version, "next_seq": seq, "status": match.status, "finished_at": match.finished_at,
        "outcome": match.outcome, "deadline_at": match.deadline_at, "moved_at": match.moved_at,
        "to_act": match.to_act})
    transaction.on_commit(lambda: _after_commit(match, seats))


def _reject(submission: Submission, error: dict) -> None:
    submission.status = Submission.Status.REJECTED
    submission.error = error
    rows_module.update_row(Submission, submission.pk, {
        "status": Submission.Status.REJECTED, "error": error, "processed_at": submission.processed_at})


_EVENT_COLUMNS = ("match_id", "seq", "version", "submission_id", "kind", "clause", "data", "to", "created_at")


def _append_events(match: Match, events, *, version: int, submission, start_seq: int) -> int:
    """Append ``events`` to the log at ``version`` from seq ``start_seq`` in one precompiled INSERT
    (``matches.rows``); returns the next seq."""
    now = timezone.now()
    submission_id = submission.pk if submission is not None else None
    rows = []
    for offset, event in enumerate(events):
        raw = event.as_dict()
        rows.append((match.pk, start_seq + offset, version, submission_id, raw["kind"], raw["clause"], raw["data"],
                     raw["to"], now))
    rows_module.insert_rows(Event, _EVENT_COLUMNS, rows)
    return start_seq + len(rows)


def _finish_if_over(match: Match, engine) -> None:
    outcome = engine.outcome(match.state)
    if outcome is None:
        return
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.outcome = {"winner": outcome.winner, "reason": outcome.reason, "summary": outcome.summary}


def _set_deadline(match: Match) -> None:
    if match.decision_seconds and match.status == Match.Status.ACTIVE:
        match.deadline_at = timezone.now() + timedelta(seconds=match.decision_seconds)
    else:
        match.deadline_at = None


_drain = threading.local()


def _after_commit(match: Match | int, seats: list[Seat] | None = None) -> None:
    """Run the after-commit work for ``match`` (the instance just committed, or an id to load; ``seats`` with
    their users when known); when tasks run eagerly in-process (the embedded default) a bot's move commits
    inside this very call, so later runs are queued and drained in a loop instead of recursing."""
    queue = getattr(_drain, "queue", None)
    if queue is not None:
        queue.append((match, seats))
        return
    _drain.queue = [(match, seats)]
    try:
        while _drain.queue:
            _after_commit_once(*_drain.queue.pop(0))
    finally:
        _drain.queue = None


def _after_commit_once(match: Match | int, seats: list[Seat] | None = None) -> None:
    """Push views, then hand the turn to a bot as a task keyed by the version. The clock needs no task of its
    own: every worker's watchdog (``matches.watchdog``) fires a deadline once it has passed, so a deadline never
    sits in the memory of one worker that may die.

    The instance is the one just committed under the row lock, so it is used as it is (no second read); every
    pushed view carries its version, and a client keeps the highest it has seen."""
    from referee.tasks import bot_move

    if not isinstance(match, Match):
        match = Match.objects.live().get(pk=match)
    if seats is None:
        seats = match.seat_rows()
    live.push_views(match, seats=seats)
    if match.status != Match.Status.ACTIVE:
        return
    seat = get_engine(match.game).to_act(match.state)
    holder = next((s for s in seats if s.seat == seat), None)
    if holder is not None and holder.bot:
        if getattr(_chain, "until", 0) > time.monotonic():
            _chain.next = (match.pk, match.version)  # match_bot_chain makes this move itself, in this task
        elif any(s.user_id for s in seats):
            # a bot answering a person: on the players' queue, so the person never waits behind bot matches
            bot_move.apply_async((match.pk, match.version), queue=bot_move.app.conf.task_default_queue)
        else:
            bot_move.delay(match.pk, match.version)
    elif getattr(match, "bot_moved", False):
        # a bot's move is applied without reading the pending rows: one a player sent a version ahead is
        # adjudicated now, not when the watchdog finds it
        _enqueue_adjudication(match.pk)


BOT_SEED_DOMAIN = b"shinpan-bot\0"


def bot_seed(seed_hex: str, version: int) -> int:
    """The seed of the bot that decides at ``version`` (the number of actions applied so far) in a match whose
    secret seed is ``seed_hex``: HMAC-SHA256(secret seed, "shinpan-bot\\0" + version as 8 bytes big-endian), its
    first 16 bytes as an integer. Deterministic, so a bot move run twice is the same move (and ``manage.py
    playmatch --offline`` plays the online game), and a pseudorandom function of the seed, so a bot's moves
    reveal nothing of it (docs/dice.md). The message is never a dice block's (counter + framed entropy)."""
    message = BOT_SEED_DOMAIN + version.to_bytes(8, "big")
    return int.from_bytes(hmac.digest(bytes.fromhex(seed_hex), message, "sha256")[:16], "big")


def match_bot_move(*, match_id: int, version: int) -> bool:
    """Let the bot holding the seat to act at ``version`` choose its move, then store and adjudicate it in one
    transaction under the match row lock (no second trip through the broker); False if the match moved on.

    Safe to run twice: a run that committed moved the version on, and one that did not left nothing behind
    (the move is deterministic, seeded by the match and version, and keyed ``bot:<version>``)."""
    from referee.engine.bots import make_bot

    with transaction.atomic():
        match = _locked_for_play(match_id)
        if match.status != Match.Status.ACTIVE or match.version != version:
            return False
        engine = get_engine(match.game)
        seat = engine.to_act(match.state)
        seats = match.seat_rows()
        holder = next((s for s in seats if s.seat == seat), None)
        if holder is None or not holder.bot:
            return False
        actions = engine.legal_actions(match.state, seat)
        action = make_bot(holder.bot, bot_seed(match.seed_hex, version))(engine, match.state, seat, actions)
        if not _apply_bot_move_locked(match, engine, seats, seat, encode(action)):
            # a pending bot:<version> left by an earlier release (or a refused move): adjudicated as before
            Submission.objects.bulk_create([Submission(
                match_id=match.pk, seat=seat, source="bot", idempotency_key=f"bot:{version}",
                action=encode(action), expected_version=version)], ignore_conflicts=True)
            _adjudicate_locked(match, engine, seats)
    return True


def _apply_bot_move_locked(match: Match, engine, seats: list[Seat], seat: str, action: dict) -> bool:
    """Apply a bot's move and store its submission already applied (issue 14 "a cheaper action": no pending row
    to read back and update), under the match row lock. One ``INSERT … ON CONFLICT DO NOTHING RETURNING id``
    keyed ``bot:<version>``: False (nothing written) when that key exists already or the engine refuses the
    move, and the caller takes the pending path. Six statements an action: the lock, this insert, the events,
    the match row, and the transaction's two; the first four are compiled once per process (``matches.rows``:
    9.7 M → 7.3 M instructions a chained bot move, valgrind, with the ORM's statements before)."""
    version = match.version
    try:
        state, events = engine.apply(match.state, action)
    except ActionRefused:
        return False
    now = timezone.now()
    values = {"match_id": match.pk, "seat": seat, "source": "bot", "idempotency_key": f"bot:{version}",
              "action": action, "expected_version": version, "status": Submission.Status.APPLIED,
              "applied_version": version + 1, "created_at": now, "processed_at": now}
    submission_id = rows_module.insert_unless_conflict(Submission, values, ("match_id", "seat", "idempotency_key"))
    if submission_id is None:
        return False
    submission = Submission(pk=submission_id)
    match.bot_moved = True  # see _after_commit_once
    seq = _append_events(match, events, version=version + 1, submission=submission, start_seq=match.next_seq)
    _store_progress(match, engine, state=state, version=version + 1, seq=seq, now=now, seats=seats, moved=True)
    return True


# Issue 14 "bot-versus-bot moves chained": a bot_move task goes on making the moves of the bots to act next in
# the same match, each in its own transaction (its own version, idempotency key, log entries and push), for up
# to CHAIN_SECONDS, then hands the next one back to the queue. The budget keeps a chain from holding a worker
# process for long while a person's action waits.
CHAIN_SECONDS = 0.03
_chain = threading.local()


def match_bot_chain(*, match_id: int, version: int, seconds: float = CHAIN_SECONDS) -> int:
    """``match_bot_move`` at ``version``, then the moves of the bots to act after it, until a person is to act,
    the match ends or ``seconds`` have passed (the next move then goes back to the queue as a task). Returns
    the number of moves made. Each move is ``match_bot_move`` itself, so it is as safe to run twice."""
    made = 0
    _chain.until = time.monotonic() + seconds
    try:
        while True:
            _chain.next = None
            if not match_bot_move(match_id=match_id, version=version):
                return made
            made += 1
            if _chain.next is None:  # a person to act, the end, or the budget spent (the task was queued)
                return made
            match_id, version = _chain.next
    finally:
        _chain.until = 0
        _chain.next = None


def match_resume_all() -> dict[str, int]:
    """Queue again what a crashed worker may have lost between a commit and the tasks it queues after it (the
    next bot move, the clock): for every active match, the bot to act gets a ``bot_move`` for the current
    version and an overdue deadline an ``apply_deadline``. Every such task is keyed by the version and guarded
    by it, so one that was not lost runs twice harmlessly. Run by ``sweep_pending`` when a worker starts.
    Returns the counts queued: ``{"bot_moves": n, "deadlines": m}``."""
    from referee.tasks import apply_deadline, bot_move

    counts = {"bot_moves": 0, "deadlines": 0}
    now = timezone.now()
    bot_seats: dict[int, set[str]] = {}
    for match_id, seat in Seat.objects.filter(match__status=Match.Status.ACTIVE).exclude(bot="").values_list(
            "match_id", "seat"):
        bot_seats.setdefault(match_id, set()).add(seat)
    for match in Match.objects.live().filter(pk__in=bot_seats).only("id", "game", "state", "version", "status",
                                                                    "to_act"):
        seat = get_engine(match.game).to_act(match.state) or ""
        if match.to_act != seat:  # a match begun before the column existed: the watchdog reads it
            Match.objects.filter(pk=match.pk, version=match.version).update(to_act=seat)
        if seat in bot_seats[match.pk]:
            bot_move.delay(match.pk, match.version)
            counts["bot_moves"] += 1
    for match_id, version in Match.objects.filter(status=Match.Status.ACTIVE, deadline_at__lte=now).values_list(
            "id", "version"):
        apply_deadline.delay(match_id, version)
        counts["deadlines"] += 1
    return counts


# docs/matches.md "Abandoned matches": a seat whose decisions time out this many times in a row (with no action of
# its own between) forfeits; when both seats have, the match is aborted with no winner.
FORFEIT_AFTER_TIMEOUTS = 3


def _timed_out_in_a_row(match: Match, seat: str) -> int:
    """How many of ``seat``'s last applied decisions were played by the clock, counting back to its own action."""
    count = 0
    for source in (match.submissions.filter(seat=seat, status=Submission.Status.APPLIED)
                   .order_by("-applied_version").values_list("source", flat=True)[:FORFEIT_AFTER_TIMEOUTS]):
        if source != "clock":
            break
        count += 1
    return count


def _finish(match: Match, outcome: dict) -> None:
    """End ``match`` outside the engine (resignation, time, abandonment) with ``outcome``; actions still waiting
    are refused (``not_active``): none stays pending in an ended match."""
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.deadline_at = None
    match.to_act = ""
    match.outcome = outcome
    match.save()
    Submission.objects.filter(match_id=match.pk, status=Submission.Status.PENDING).update(
        status=Submission.Status.REJECTED, processed_at=match.finished_at,
        error={"code": "not_active", "clause": "", "reason": f"the match ended ({outcome.get('reason', '')})"})
    match_id = match.pk
    transaction.on_commit(lambda: live.push_views(Match.objects.get(pk=match_id)))


def match_apply_deadline(*, match_id: int, version: int) -> bool:
    """When the decision at ``version`` is still open after its deadline, submit the engine's documented default
    for the seat to act (``engine.default_action``), or end the match as a loss on time when the engine has none.
    A seat whose decisions timed out ``FORFEIT_AFTER_TIMEOUTS`` times in a row forfeits instead (reason
    ``abandoned``); if its opponent's have too, nobody is playing and the match is aborted (no winner).
    Returns False if the match moved on (safe to call twice, from a timer task or a board read)."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.ACTIVE or match.version != version:
            return False
        if match.deadline_at is None or match.deadline_at > timezone.now():
            return False
        engine = get_engine(match.game)
        seat = engine.to_act(match.state)
        others = [s for s in engine.seats if s != seat]
        if _timed_out_in_a_row(match, seat) >= FORFEIT_AFTER_TIMEOUTS:
            if others and all(_timed_out_in_a_row(match, other) >= FORFEIT_AFTER_TIMEOUTS for other in others):
                _finish(match, {"winner": None, "reason": "aborted", "summary": {"timed_out": list(engine.seats)}})
            else:
                _finish(match, {"winner": others[0] if others else None, "reason": "abandoned",
                                "summary": {"abandoned_by": seat, "timeouts": FORFEIT_AFTER_TIMEOUTS}})
            return True
        default = getattr(engine, "default_action", None)
        action = default(match.state, seat) if default else None
        if action is None:
            _finish(match, {"winner": others[0] if others else None, "reason": "time",
                            "summary": {"lost_on_time": seat}})
            return True
    match_submit_action(match_id=match_id, seat=seat, action=encode(action), expected_version=version,
                        idempotency_key=f"clock:{version}", source="clock")
    return True


def match_resign(*, match_id: int, user) -> Match:
    """``user`` resigns their match: it ends at once, the other seat wins (reason ``resigned``; docs/matches.md
    "Ending a match"). Raises NotFound, NotAPlayer (no seat of the user's), Conflict ``not_active``."""
    with transaction.atomic():
        match = _locked(match_id)
        seat = seat_of(match, user)
        if seat is None:
            raise NotAPlayer("you hold no seat in this match", code="not_a_player")
        if match.status != Match.Status.ACTIVE:
            raise Conflict(f"the match is {match.status}, not in play", code="not_active")
        others = [s for s in get_engine(match.game).seats if s != seat]
        _finish(match, {"winner": others[0] if others else None, "reason": "resigned",
                        "summary": {"resigned": seat, "version": match.version}})
    return match


def match_withdraw(*, match_id: int, user) -> Match:
    """The creator of an open challenge takes it back before anyone accepts: it is aborted with no winner
    (reason ``withdrawn``) and leaves the open challenges. Raises NotFound, NotAPlayer (not the creator),
    Conflict ``not_open``."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.created_by_id != getattr(user, "pk", None):
            raise NotAPlayer("only the player who opened the challenge can withdraw it", code="not_creator")
        if match.status != Match.Status.OPEN:
            raise Conflict("this challenge is no longer open", code="not_open")
        match.status = Match.Status.ABORTED
        match.finished_at = timezone.now()
        match.outcome = {"winner": None, "reason": "withdrawn", "summary": {}}
        match.save(update_fields=["status", "finished_at", "outcome"])
    return match


def match_apply_overdue_deadline(*, match: Match) -> bool:
    """Apply ``match``'s deadline now if it has passed: the board's reads call this, so a decision's time runs out
    even where no timer fired (the embedded default runs tasks in-process and cannot wait for an ETA; a worker
    holding the timer may have died). Idempotent with the timer task (row lock, version, idempotency key)."""
    if match.status != Match.Status.ACTIVE or match.deadline_at is None or match.deadline_at > timezone.now():
        return False
    return match_apply_deadline(match_id=match.pk, version=match.version)


def deck_for_seat(*, game: str, format_code: str, text: str, seat: str) -> dict:
    """Check a deck or roster text with the decks feature's legality check (the same check as everywhere) and
    return what the seat keeps: ``{"text", "format", "roster"?}``. Empty text: the format's default (Iron Leaguer
    standard line-up). Raises Conflict ``illegal_deck`` listing every reason, BadRequest for an unreadable text.
    """
    if not text.strip():
        return {}
    from decks.services import deck_check_text
    from decks.textcheck import Unreadable

    japanese = (get_language() or "").startswith("ja")  # the reasons go to a person: in the request's language
    try:
        result = deck_check_text(text=text, format_code=format_code or None, game_hint=game)
    except Unreadable as exc:
        raise BadRequest(exc.message_ja if japanese else str(exc), code="unreadable_deck") from exc
    if result.game != game:
        raise BadRequest(f"the deck is for {result.game}, not {game}", code="wrong_game")
    errors = result.report.errors
    if errors:
        raise Conflict(("" if japanese else " ").join(_problem_sentence(p, japanese) for p in errors),
                       code="illegal_deck",
                       details=[p.as_dict() for p in errors])
    side = result.meta.get("side")
    if side and side != seat:
        raise BadRequest(f"the roster is for the {side} side, not {seat}", code="wrong_side")
    from .adapters import wiring

    try:
        keep = wiring(game).keep
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="not_playable") from exc
    return {"text": text, "format": result.format.get("code", format_code), **keep(result)}


def _problem_sentence(problem, japanese: bool) -> str:
    """One legality problem as a sentence with its line, in English or Japanese (the deck pages' wording)."""
    if japanese:
        text = problem.message_ja or problem.message_en
        return f"{problem.line}行目：{text}" if problem.line and not text.startswith(f"{problem.line}行目") else text
    text = problem.message_en
    return f"Line {problem.line}: {text}" if problem.line and not text.startswith(f"Line {problem.line}") else text


def saved_deck_text(*, user, game: str, deck_id: object) -> tuple[str, str]:
    """``(decklist text, format code)`` of a saved deck ``user`` may play: one of their own decks, or a public
    one (the lobby offers the site's sample decks). Raises BadRequest ``unknown_deck`` for a deck that does not
    exist or is someone else's private or unlisted deck (the two look alike), ``wrong_game`` for a deck of
    another game."""
    from decks.models import Deck
    from decks.services import deck_to_text

    try:
        deck = Deck.objects.select_related("game", "format").get(pk=int(deck_id))
    except (Deck.DoesNotExist, ValueError, TypeError) as exc:
        raise BadRequest(f"no deck {deck_id!r} you may play", code="unknown_deck") from exc
    if deck.owner_id != getattr(user, "pk", None) and deck.visibility != Deck.PUBLIC:
        raise BadRequest(f"no deck {deck_id!r} you may play", code="unknown_deck")
    if deck.game.code != game:
        raise BadRequest(f"the deck is for {deck.game.code}, not {game}", code="wrong_game")
    return deck_to_text(deck), deck.format.code


def match_challenge(*, user, game: str, seat: str, opponent: str = "open", format: str = "",  # noqa: A002
                    deck: str = "", decision_seconds: int | None = None, autoplay: str = "",
                    deck_id: object = None, entropy: str = "") -> Match:
    """Create a challenge (``opponent="open"``, waiting for another player) or a match against a bot
    (``"random"``/``"greedy"``, started at once). With ``autoplay`` ("random"/"greedy") a bot plays the
    creator's seat too and the creator watches. ``deck_id``: a saved deck (``saved_deck_text``), used instead
    of the ``deck`` text. The deck is checked first; see ``deck_for_seat``; the engine checks it again when the
    match starts (a card it cannot referee yet: Conflict ``deck_refused`` naming the cards)."""
    try:
        engine = get_engine(game)
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="unknown_game") from exc
    if deck_id not in (None, ""):
        deck, format = saved_deck_text(user=user, game=game, deck_id=deck_id)  # noqa: A001
    if seat not in engine.seats:
        raise BadRequest(f"seat {seat!r} is not one of {', '.join(engine.seats)}", code="unknown_seat")
    kept = deck_for_seat(game=game, format_code=format, text=deck, seat=seat)
    if autoplay and autoplay not in BOTS:
        raise BadRequest(f"autoplay {autoplay!r} is not one of {', '.join(BOTS)}", code="unknown_bot")
    specs = [SeatSpec(seat=seat, user_id=None if autoplay else user.pk, bot=autoplay, deck=kept)]
    if opponent != "open":
        other = next(s for s in engine.seats if s != seat)
        specs.append(SeatSpec(seat=other, bot=opponent))
    from .adapters import engine_decks

    try:
        decks = engine_decks(game, {s.seat: s.deck or {} for s in specs})
    except KeyError as exc:
        raise BadRequest(str(exc.args[0]), code="not_playable") from exc
    return match_create(game=game, seats=specs, decks=decks, created_by=user, format_code=format,
                        decision_seconds=decision_seconds, start=opponent != "open", entropy=entropy)

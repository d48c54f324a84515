"""Takebacks in casual matches (issue 27, point 4; docs/matches.md "Takebacks").

A player may ask to take back their last decision — their latest applied submission with source ``player`` that
still counts — until new hidden information has appeared since it. The opponent accepts or declines; a bot
accepts at once. Taking it back rewinds the match to the state before that decision: the decision and every
action applied after it (the opponent's replies, decisions made for either player) no longer count, as on lichess.

How the rewind is kept (``match.version`` only grows; submissions name the version they saw):

- the state before the decision is rebuilt by replaying, from the seed, every applied action that still counts
  before it through the engine (the engines are deterministic);
- it is stored as a new version, whose one event is a public ``takeback`` event (``data``: ``seat`` who asked,
  ``accepted_by`` (a seat), ``first`` and ``last``, the versions taken back);
- ``config["taken_back"]`` lists those ranges (``Match.taken_back``): every reader that turns submissions and
  events into the game's log skips them (``selectors.match_replay_log``, ``boards.replay_steps``), the board's log
  keeps them, marked.

The offer waits in ``config["takeback"] = {"offered_by": seat, "version": V}`` (``Match.takeback``); any action
applied since voids it, as its version no longer matches.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from referee.engine import RngSeed, get_engine
from referee.engine.actions import Event

from .. import live
from .. import rows as rows_module
from ..errors import Conflict, NotAPlayer
from ..models import STATIC_KEY, Match, Submission
from ..selectors import TAKEBACK_KIND, counts
from .locking import locked, seat_of
from .progress import append_events, store_progress

# Why a takeback is not allowed: the ``details`` code of a Conflict ``not_allowed``, and its reason.
RATED = "rated"
NOT_ACTIVE = "not_active"
NO_DECISION = "no_decision"
HIDDEN = "hidden_information"
WHY = {
    RATED: "takebacks are for casual matches only, and this match is rated",
    NOT_ACTIVE: "the match is not in play",
    NO_DECISION: "you have no decision of your own to take back",
    HIDDEN: "new hidden information has appeared since your last decision (a card drawn or looked at, a shuffle, "
            "a die, a card turned face up)",
}
CHECK_SECONDS = 600  # how long the board keeps the answer for one (match, version, seat); a version never changes


def takebacks_allowed(match: Match) -> str:
    """The one place that says whether a match allows takebacks at all: ``""`` for a casual match, ``"rated"``
    for a rated or tournament match (``config["rated"]``, False unless a tournament sets it)."""
    return RATED if (match.config or {}).get("rated") else ""


def takeback_problem(match: Match, seat: str) -> tuple[int | None, dict | None, str]:
    """Whether ``seat`` may take back its last decision now: ``(its version, the engine state before it, "")``,
    or ``(None, None, why)`` with ``why`` one of ``WHY``'s codes. Cheap checks first: the rated flag, the status,
    the decision, the events after it (``_hidden_in_events``); then the state before it is rebuilt and its RNG
    counter compared with the current one (a die or shuffle at or after the decision moved it)."""
    why = takebacks_allowed(match) or ("" if match.status == Match.Status.ACTIVE else NOT_ACTIVE)
    if why:
        return None, None, why
    ranges = match.taken_back
    decisions = (match.submissions.filter(seat=seat, status=Submission.Status.APPLIED, source="player")
                 .order_by("-applied_version").values_list("applied_version", flat=True))
    version = next((v for v in decisions if counts(v, ranges)), None)
    if version is None:
        return None, None, NO_DECISION
    engine = get_engine(match.game)
    if _hidden_in_events(match, version, ranges):
        return None, None, HIDDEN
    before = state_before(match, engine, version)
    if (before.get("rng") or {}).get("counter") != (match.state.get("rng") or {}).get("counter"):
        return None, None, HIDDEN
    return version, before, ""


def takeback_why_not(match: Match, seat: str | None) -> str:
    """``takeback_problem``'s ``why`` for the board ("" when the button is offered), kept per (match, version,
    seat) in the cache: the board asks on every render and the answer needs a replay."""
    if seat is None or match.status != Match.Status.ACTIVE:
        return NOT_ACTIVE
    key = f"takeback:{match.pk}:{match.commitment}:{match.version}:{seat}"
    found = cache.get(key)
    if found is None:
        found = takeback_problem(match, seat)[2]
        cache.set(key, found, timeout=CHECK_SECONDS)
    return found


def _hidden_in_events(match: Match, version: int, ranges: list[tuple[int, int]]) -> bool:
    """True when an event still counting from ``version`` on is new hidden information: addressed to some seats
    only and not a seat's own secret told back to it, or turning a card face up (the presenter's
    ``own_secret_kinds``, ``reveals``)."""
    from ..boards import presenter_for

    presenter = presenter_for(match.game)
    seats = set(get_engine(match.game).seats)
    for event in match.events.filter(version__gte=version).exclude(kind=TAKEBACK_KIND).values(
            "version", "kind", "clause", "data", "to"):
        if not counts(event["version"], ranges):
            continue
        private = bool(event["to"]) and not seats <= set(event["to"])
        if (private and event["kind"] not in presenter.own_secret_kinds) or presenter.reveals(event):
            return True
    return False


def state_before(match: Match, engine, version: int) -> dict:
    """The engine state of ``match`` before its action at ``version``: the game set up again from the seed, the
    entropy, the config and the decks, and every applied action still counting before ``version`` applied."""
    config = match.config or {}
    rng = RngSeed(bytes.fromhex(match.seed_hex), tuple(match.entropy))
    state, _ = engine.new_game(config.get("engine", {}), config.get("decks", {}), rng)
    ranges = match.taken_back
    for applied, action in (match.submissions.filter(status=Submission.Status.APPLIED, applied_version__lt=version)
                            .order_by("applied_version").values_list("applied_version", "action")):
        if counts(applied, ranges):
            state, _ = engine.apply(state, action)
    if isinstance(match.state, dict) and STATIC_KEY in match.state:  # the match's shared card table, same content
        state = {**state, STATIC_KEY: match.state[STATIC_KEY]}
    return state


def match_takeback(*, match_id: int, user) -> tuple[Match, bool]:
    """``user`` asks to take back their last decision, or accepts the other player's request: ``(match, taken
    back?)``. Against a bot it is taken back at once; against a person the request waits for the other player
    (asking again changes nothing). Raises NotFound, NotAPlayer, Conflict ``not_allowed`` (``details``: one of
    ``WHY``'s codes with its reason)."""
    with transaction.atomic():
        match = locked(match_id)
        seat = seat_of(match, user)
        if seat is None:
            raise NotAPlayer("you hold no seat in this match", code="not_a_player")
        offer = match.takeback
        if offer.get("offered_by") == seat:
            return match, False
        requester = offer.get("offered_by") or seat
        version, before, why = takeback_problem(match, requester)
        if why:
            raise Conflict(f"no takeback: {WHY[why]}", code="not_allowed", details=[{"code": why, "message": WHY[why]}])
        if offer:  # the other player accepts
            _rewind(match, requester=requester, accepted_by=seat, version=version, state=before)
            return match, True
        other = next(s for s in match.seat_rows() if s.seat != seat)
        if other.user_id is None:  # a bot accepts at once
            _rewind(match, requester=seat, accepted_by=other.seat, version=version, state=before)
            return match, True
        _set_offer(match, {"offered_by": seat, "version": match.version})
    return match, False


def match_takeback_decline(*, match_id: int, user) -> Match:
    """The other player declines the takeback asked of them (or its player withdraws it): the match goes on as it
    is. Raises NotFound, NotAPlayer, Conflict ``no_takeback`` (none is waiting)."""
    with transaction.atomic():
        match = locked(match_id)
        if seat_of(match, user) is None:
            raise NotAPlayer("you hold no seat in this match", code="not_a_player")
        if not match.takeback:
            raise Conflict("no takeback is waiting for an answer", code="no_takeback")
        _set_offer(match, None)
    return match


def _set_offer(match: Match, offer: dict | None) -> None:
    """Store the offer (None: clear it) and push both boards after commit (the version stays the same: each
    board's key names the offer, so its refresh swaps)."""
    match.config = {**match.config, "takeback": offer}
    match.save(update_fields=["config"])
    transaction.on_commit(lambda: live.push_views(match))


def _rewind(match: Match, *, requester: str, accepted_by: str, version: int, state: dict) -> None:
    """Store ``state`` (the state before ``requester``'s decision at ``version``) as the next version: the
    ``takeback`` event, the range taken back in ``config["taken_back"]``, the offer cleared, the submissions still
    waiting refused as stale, then the row, deadline and hand-off (``store_progress``)."""
    engine = get_engine(match.game)
    now = timezone.now()
    last, new_version = match.version, match.version + 1
    event = Event(TAKEBACK_KIND, "", {"seat": requester, "accepted_by": accepted_by, "first": version, "last": last})
    seq = append_events(match, [event], version=new_version, submission=None, start_seq=match.next_seq)
    match.config = {**match.config, "takeback": None, "taken_back": [*match.taken_back, [version, last]]}
    match.save(update_fields=["config"])
    for pk in match.submissions.filter(status=Submission.Status.PENDING).values_list("pk", flat=True):
        rows_module.update_row(Submission, pk, {
            "status": Submission.Status.REJECTED, "processed_at": now,
            "error": {"code": "stale_version", "clause": "", "reason": f"a takeback moved the match to version "
                                                                       f"{new_version}"}})
    store_progress(match, engine, state=state, version=new_version, seq=seq, now=now, seats=None, moved=True)

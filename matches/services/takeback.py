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

from django.db import transaction
from django.utils import timezone

from referee.engine import get_engine
from referee.engine.actions import Event

from .. import live
from .. import rows as rows_module
from .. import takeback_rules as rules
from ..boards import presenter_for
from ..errors import Conflict, NotAPlayer
from ..models import Match, Submission
from ..selectors import TAKEBACK_KIND
from ..takeback_rules import WHY
from .locking import locked, seat_of
from .progress import append_events, store_progress


def takeback_problem(match: Match, seat: str) -> tuple[int | None, dict | None, str]:
    """``takeback_rules.takeback_problem`` with the game's presenter."""
    return rules.takeback_problem(match, seat, presenter_for(match.game))


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
    is, and a declined request is told to its player until the match moves on (``config["takeback_declined"]``).
    Raises NotFound, NotAPlayer, Conflict ``no_takeback`` (none is waiting)."""
    with transaction.atomic():
        match = locked(match_id)
        seat = seat_of(match, user)
        if seat is None:
            raise NotAPlayer("you hold no seat in this match", code="not_a_player")
        offer = match.takeback
        if not offer:
            raise Conflict("no takeback is waiting for an answer", code="no_takeback")
        if offer.get("offered_by") != seat:
            match.config = {**match.config, "takeback_declined": {"seat": offer["offered_by"],
                                                                  "version": match.version}}
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

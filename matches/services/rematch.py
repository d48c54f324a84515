"""A rematch: the same game, format, clock, decks and players again, the first player swapped (issue 27, point 6).

Either player of a finished match may offer it. Against a bot the new match starts at once; against a person the
offer waits in the finished match's config (``config["rematch"] = {"offered_by": seat}``) until the other player
accepts it by asking for a rematch too, and then the new match starts with both seats taken. Once made, the
finished match names it (``config["rematch"] = {"match": id}``), so both boards link to it and a second request
does not make another. ``Match.rematch`` reads it.
"""

from __future__ import annotations

from django.db import transaction

from referee.engine import get_engine

from ..errors import Conflict, NotAPlayer
from ..models import Match
from .creation import SeatSpec, match_create
from .locking import locked, seat_of


def match_rematch(*, match_id: int, user) -> tuple[Match, Match | None]:
    """``user`` asks for a rematch of their finished match: ``(the finished match, the new match or None while
    the offer waits for the other player)``. Asking again returns the rematch already made. Raises NotFound,
    NotAPlayer (no seat of the user's), Conflict ``not_finished`` (the match is still open or in play)."""
    with transaction.atomic():
        match = locked(match_id)
        seat = seat_of(match, user)
        if seat is None:
            raise NotAPlayer("you hold no seat in this match", code="not_a_player")
        if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED) or match.started_at is None:
            raise Conflict(f"the match is {match.status}: a rematch follows a finished game", code="not_finished")
        state = match.rematch
        if "match" in state:
            return match, Match.objects.get(pk=state["match"])
        seats = list(match.seats.all())
        people = [s for s in seats if s.user_id is not None]
        offered_by = state.get("offered_by")
        if len(people) > 1 and offered_by in (None, seat):  # the other player accepts by asking too
            match.config = {**match.config, "rematch": {"offered_by": seat}}
            match.save(update_fields=["config"])
            return match, None
        rematch = _create(match, seats)
        match.config = {**match.config, "rematch": {"match": rematch.pk}}
        match.save(update_fields=["config"])
    return match, rematch


def _create(match: Match, seats: list) -> Match:
    """The new match: same seats (users, bots, decks), game, format, clock and rating; the other seat plays first where
    the game has a first player (``state["first"]``, given to ``new_game`` as ``config["first"]``)."""
    engine = get_engine(match.game)
    config = dict((match.config or {}).get("engine") or {})
    first = (match.state or {}).get("first")
    if first in engine.seats:
        config["first"] = next(s for s in engine.seats if s != first)
    return match_create(
        game=match.game, seats=[SeatSpec(seat=s.seat, user_id=s.user_id, bot=s.bot, deck=s.deck) for s in seats],
        config=config, decks=(match.config or {}).get("decks") or {}, created_by=match.created_by,
        format_code=match.format_code, decision_seconds=match.decision_seconds,
        rated=bool((match.config or {}).get("rated")))  # a rated match's rematch is rated too

"""A match read under its row lock, and the seat a user holds in it: what every use case that writes a match
starts from."""

from __future__ import annotations

from .. import rows as rows_module
from ..errors import NotFound
from ..models import PLAY_FIELDS, Match, Submission


def locked(match_id: int) -> Match:
    """The live match ``match_id``, its row locked until the transaction ends; NotFound when there is none."""
    try:
        return Match.objects.live().select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc


def locked_for_play(match_id: int) -> Match:
    """``locked`` with only the columns adjudication and the pushed views use (``PLAY_FIELDS``), by a statement
    compiled once per process (``matches.rows.get_row``): the hottest statement, taken on every action."""
    try:
        return rows_module.get_row(Match, int(match_id), PLAY_FIELDS, for_update=True)
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc


# What adjudication reads of the pending submissions, and their order (expected version, then arrival).
PENDING_FIELDS = ("id", "expected_version", "action")
PENDING_ORDER = ("expected_version", "id")
_PENDING = {"fk": "match_id", "where": ("status", Submission.Status.PENDING.value), "order": PENDING_ORDER}


def pending_of(match_id: int) -> list[Submission]:
    """The match's pending submissions (``PENDING_FIELDS``, in ``PENDING_ORDER``), by a statement of their own."""
    return rows_module.children_of(Submission, match_id, PENDING_FIELDS, **_PENDING)


def locked_with_pending(match_id: int) -> tuple[Match, list[Submission]]:
    """``locked_for_play`` and the match's pending submissions (``PENDING_FIELDS``, in ``PENDING_ORDER``), in one
    statement on PostgreSQL (``rows.get_row_locked_with_children``): a person's action is adjudicated in that
    statement and one write (issue 31, point 4). NotFound when there is no such match."""
    try:
        return rows_module.get_row_locked_with_children(
            Match, int(match_id), PLAY_FIELDS, child=Submission, child_names=PENDING_FIELDS, **_PENDING)
    except (Match.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound(f"no match {match_id}") from exc


def seat_of(match: Match, user) -> str | None:
    """The seat ``user`` holds in ``match``, or None (spectator)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return match.seats.filter(user=user).values_list("seat", flat=True).first()

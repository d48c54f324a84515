"""Why a match request is refused. Each error carries an HTTP status, a stable code and a reason for people.

The API turns them into ``{"code", "reason", "clause"?, "view"?}`` answers; the codes are what tests assert.
"""

from __future__ import annotations


class MatchError(Exception):
    status = 400
    code = "match_error"

    def __init__(self, reason: str, *, code: str | None = None, clause: str = "", view: dict | None = None,
                 details: list[dict] | None = None):
        super().__init__(reason)
        self.reason = reason
        self.code = code or self.code
        self.clause = clause
        self.view = view
        self.details = details  # one entry per problem (a deck's: {"code", "message", "line", ...})

    def as_dict(self) -> dict:
        body: dict = {"code": self.code, "reason": self.reason}
        if self.clause:
            body["clause"] = self.clause
        if self.view is not None:
            body["view"] = self.view
        return body


class BadRequest(MatchError):
    """The request itself is unreadable: missing fields, wrong types, a malformed action."""

    status = 400
    code = "bad_request"


class NotAPlayer(MatchError):
    """The caller holds no seat of this match (or is not signed in)."""

    status = 403
    code = "not_a_player"


class NotFound(MatchError):
    status = 404
    code = "not_found"


class Conflict(MatchError):
    """The match is not in a state that allows the request (not active, seat taken, stale version)."""

    status = 409
    code = "conflict"


class Refused(MatchError):
    """The referee refused the action: not your turn, or illegal under the rules (code, reason, clause)."""

    status = 422
    code = "illegal_action"


class TooMany(MatchError):
    """The seat already has as many actions waiting as it may (a flood): nothing is stored."""

    status = 429
    code = "too_many_pending"

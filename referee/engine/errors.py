"""The three ways an action is refused (ARCHITECTURE: "separate errors for malformed input, acting out of
turn, and
an illegal action"). A refused action never changes the state: ``apply`` validates before it mutates a
copy."""

from __future__ import annotations

from typing import Any


class ActionRefused(Exception):
    """Base of every refusal; ``code`` is stable, ``reason`` is for people."""

    code = "refused"

    def __init__(self, reason: str, code: str | None = None, clause: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        if code is not None:
            self.code = code
        self.clause = clause

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, "clause": self.clause}


class MalformedAction(ActionRefused):
    """The action could not be read: unknown type, missing or mistyped field."""

    code = "malformed"


class NotYourTurn(ActionRefused):
    """The action's seat is not the seat to act (or the game is over)."""

    code = "not_your_turn"


class IllegalAction(ActionRefused):
    """A well-formed action by the right seat that the rules forbid: ``IllegalAction(code, reason,
    clause)``."""

    def __init__(self, code: str, reason: str, clause: str = "") -> None:
        super().__init__(reason, code=code, clause=clause)

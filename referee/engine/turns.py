"""The turn checks every engine makes before it applies an action (the first half of ``apply``, in
``referee.engine.shell``), in one place so every game refuses a malformed or out-of-turn action with the same
errors.

State contract: ``state["outcome"]`` (falsy while the game runs) and ``state["pending"]`` =
``{"seat": …, "kind": …}``, the one decision the game waits for.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import MalformedAction, NotYourTurn


def checked_turn(
    codec: Any, seats: tuple[str, ...], state: dict[str, Any], action: Action | dict[str, Any]
) -> tuple[Action, dict[str, Any]]:
    """Decode ``action`` (an Action or its JSON) and check it is the turn of its seat.

    Returns ``(action, pending)``. Raises MalformedAction for an undecodable action or a seat not in ``seats``,
    NotYourTurn when the game is over or another seat is to act. Whether the action fits the pending decision is
    the game's own check."""
    action = codec.decode(action)
    assert isinstance(action, Action)
    if action.seat not in seats:
        raise MalformedAction(f"seat must be {' or '.join(seats)}, not {action.seat!r}")
    if state["outcome"]:
        raise NotYourTurn("the game is over")
    pending: dict[str, Any] = state["pending"]
    if action.seat != pending["seat"]:
        raise NotYourTurn(f"{pending['seat']} is to act ({pending['kind']}), not {action.seat}")
    return action, pending

"""勝利条件 (spec B8): a player with no mission left loses (a state check once the opening missions are laid);
a player whose deck is empty loses at that instant, even in the middle of an action (B4.8). Both at once: a draw
(reading ``both_lose_draw``; otherwise the turn player wins).

``check`` is called right after anything that can empty a deck or a mission zone, and after every step by the
flow; once ``state["outcome"]`` is set every step and effect stops.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State
from referee.engine.shell import end_game, settle

from . import readings as readings_mod
from .state import SEATS


def losers(state: State) -> dict[str, tuple[str, str]]:
    """seat -> (reason, clause) for every seat that has lost now."""
    out: dict[str, tuple[str, str]] = {}
    for seat in SEATS:
        player = state["players"][seat]
        if player["deck_out"]:
            out[seat] = ("the deck ran out", "勝利条件/B4.8 デッキが尽きる（その瞬間）")
        elif state["setup_done"] and not any(player["missions"]):  # no mission (a mission is a non-empty dict)
            out[seat] = ("no mission left", "勝利条件/B8 ミッションを0枚にする")
    return out


def check(state: State, events: list[Event]) -> bool:
    """End the game when a player has lost; True when the game is over."""
    if state["outcome"] is not None:
        return True
    p1, p2 = state["players"]["p1"], state["players"]["p2"]
    if not (p1["deck_out"] or p2["deck_out"]) and (not state["setup_done"] or (any(p1["missions"])
                                                                               and any(p2["missions"]))):
        return False  # ``losers`` is empty, in short: this check runs after every step
    lost = losers(state)
    if not lost:
        return False
    outcome = settle(lost, seats=SEATS, turn_seat=state["turn_seat"],
                     both_lose_draw=readings_mod.of(state).both_lose_draw,
                     draw_clause="勝利条件/B8 (reading both_lose_draw)")
    state["queue"] = []
    state["combat"] = None
    end_game(state, events, outcome)
    return True

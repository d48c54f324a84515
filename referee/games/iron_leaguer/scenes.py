"""IL 3 (the 17-scene sequence): a match's start (3.1/3.3) and end (4.3/4.4), victory (22) and the start of
the interval (10.1). Which scene follows which is flow.py's (``end_match`` says the scene is over, the flow
starts the next one); this module imports no other step module.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State

from . import rules
from .state import SEATS, Then, clear_penalties, other, unact_all


def start_match(state: State, events: list[Event]) -> None:
    """IL 3.1/3.3: an odd scene; the previous match's winner attacks first (Dark in scene 1, IL 3.2)."""
    attacker = state["results"][-1]["winner"] if state["results"] else "dark"
    unact_all(state)
    clear_penalties(state)
    state["interval"] = None
    state["match"] = {"score": {"silver": 0, "dark": 0}, "attacker": attacker, "rough_plays": 0}
    state["pending"] = {"kind": "attack", "seat": attacker}
    events.append(
        Event(
            "match_start",
            "3.3/4.4",
            {
                "scene": state["scene"],
                "league": rules.league(state["scene"]),
                "attacker": attacker,
                "points_to_win": rules.points_to_win(state["scene"]),
            },
        )
    )


def world_tour_wins(state: State) -> dict[str, int]:
    wins = {seat: 0 for seat in SEATS}
    for result in state["results"]:
        if result["scene"] in rules.WORLD_TOUR_SCENES:
            wins[result["winner"]] += 1
    return wins


def end_match(state: State, events: list[Event], winner: str) -> Then:
    """IL 4.3: the first to the scene's points wins; IL 22.1: two World Tour wins end the game (None);
    otherwise the scene is over (``("scene", None)``: the flow goes on to the interval)."""
    score = dict(state["match"]["score"])
    loser = other(winner)
    result = {
        "scene": state["scene"],
        "winner": winner,
        "score": score,
        "lost_by": score[winner] - score[loser],
        "rough_plays": state["match"]["rough_plays"],
    }
    state["results"] = [*state["results"], result]  # replaced, not appended (copy_state)
    events.append(Event("match_end", "4.3/4.4", result))
    wins = world_tour_wins(state)
    if wins[winner] >= 2:
        state["outcome"] = {
            "winner": winner,
            "reason": "two World Tour wins",
            "clause": "22.1",
            "world_tour_wins": wins,
        }
        state["pending"] = None
        state["match"] = None
        events.append(Event("game_end", "22.1", state["outcome"]))
        return None
    state["match"] = None
    return "scene", None


def begin_interval(state: State, events: list[Event]) -> None:
    """IL 10.1: after the match of the previous scene, penalties are removed (and every IL unacted); the
    interval's steps (10.2) follow (flow.py)."""
    result = state["results"][-1]
    clear_penalties(state)
    unact_all(state)
    state["interval"] = {
        "step": None,
        "winner": result["winner"],
        "loser": other(result["winner"]),
    }
    events.append(Event("interval_start", "10.1", {"scene": state["scene"]}))

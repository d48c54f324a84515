"""IL 3 (the 17-scene sequence), 4.3/4.4 (match end), 10.1 (into the interval) and 22 (victory)."""

from __future__ import annotations

from referee.engine.actions import Event

from . import rules
from .state import SEATS, clear_penalties, other, unact_all


def start_match(state: dict, events: list[Event]) -> None:
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


def world_tour_wins(state: dict) -> dict[str, int]:
    wins = {seat: 0 for seat in SEATS}
    for result in state["results"]:
        if result["scene"] in rules.WORLD_TOUR_SCENES:
            wins[result["winner"]] += 1
    return wins


def end_match(state: dict, events: list[Event], winner: str) -> None:
    """IL 4.3: the first to the scene's points wins; IL 22.1: two World Tour wins end the game; otherwise
    IL 10.1: the interval begins (penalties removed)."""
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
        return
    state["match"] = None
    state["scene"] += 1
    from .interval import begin

    begin(state, events)

"""The analysis of a finished game (issue 28, point 5): for each decision a seat made with more than one legal
action, the search bot's estimated chance of winning after the action chosen beside its own best one.

Each decision is searched from the seat's information set at that moment (``information.information_set``): what
the player knew then, never the cards the log shows now, so a move is judged by what could be known. The search
(``search.estimates``) runs at a level's budget, then gives the chosen action iterations of its own when the search
tried it fewer than ``CHOSEN_ITERATIONS`` times (or would not weigh it: ``Knowledge.considered``), so both figures
rest on playouts. The best action is the search's most visited.

Pure and deterministic: the same log, seat, level and seed give the same figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .actions import encode
from .information import information_set
from .knowledge import knowledge_for
from .protocol import RngSeed, get_engine
from .search import LEVELS, estimates

# Iterations the chosen action gets when the search itself tried it fewer times.
CHOSEN_ITERATIONS = 24


@dataclass(frozen=True)
class Assessment:
    """One decision: ``entry`` (the log's entry index; the replay's step is ``entry + 1``), the ``chosen``
    and ``best`` actions (encoded, ``actions.encode``), their estimated chances of winning for the seat (0..1),
    ``drop`` (best − chosen, never below 0) and ``options`` (how many legal actions there were)."""

    entry: int
    chosen: dict[str, Any]
    chosen_value: float
    best: dict[str, Any]
    best_value: float
    drop: float
    options: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def decisions(log: dict[str, Any], seat: str) -> Iterator[tuple[int, dict[str, Any], Sequence[Any]]]:
    """``(entry index, state before it, its legal actions)`` for each entry of ``log`` that ``seat`` chose among
    more than one legal action. The log must replay (``replay.replay``); an action the engine refuses raises."""
    engine = get_engine(log["game"])
    state, _ = engine.new_game(log["config"], log["decks"], RngSeed(bytes.fromhex(log["seed"]),
                                                                        tuple(log["entropy"])))
    for i, entry in enumerate(log["entries"]):
        if engine.to_act(state) == seat:
            legal = engine.legal_actions(state, seat)
            if len(legal) > 1:
                yield i, state, legal
        state, _ = engine.apply(state, entry["action"])


def count_decisions(log: dict[str, Any], seat: str) -> int:
    """How many decisions ``analyse`` will assess for ``seat``."""
    return sum(1 for _ in decisions(log, seat))


def analyse(log: dict[str, Any], seat: str, level: str = "hard", seed: int = 0,
            progress: Callable[[int, int], None] | None = None) -> list[Assessment]:
    """Assess every decision ``seat`` made in ``log`` (a finished game's log, ``replay``'s shape) at ``level``
    (``search.LEVELS``). ``progress(done, total)`` is called once the decisions are found (done 0) and after each
    one. ValueError for an unknown level or a seat the game does not have."""
    engine = get_engine(log["game"])
    if seat not in engine.seats:
        raise ValueError(f"{log['game']} has no seat {seat!r}; its seats are {', '.join(engine.seats)}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    budget = LEVELS[level]
    knowledge = knowledge_for(log["game"])
    seeds = random.Random(seed)
    found: list[Assessment] = []
    points = list(decisions(log, seat))  # the game replayed once: the total is known before the searches
    if progress is not None:
        progress(0, len(points))
    for i, state, legal in points:
        wanted = log["entries"][i]["action"]
        chosen = next((a for a in legal if encode(a) == wanted), None)
        if chosen is None:  # the log's action is not one the engine lists (an older log): nothing to weigh
            continue
        info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
        figures = estimates(engine, info, knowledge, budget, seeds.getrandbits(64), include=chosen,
                            include_iterations=CHOSEN_ITERATIONS)
        best = figures[0]
        mine = next(e for e in figures if e.action == chosen)
        best_value = round(best.value if best.value is not None else 0.5, 4)
        chosen_value = round(mine.value, 4) if mine.value is not None else best_value
        assessment = Assessment(entry=i, chosen=encode(chosen), chosen_value=chosen_value,
                                best=encode(best.action), best_value=best_value,
                                drop=round(max(0.0, best_value - chosen_value), 4), options=len(legal))
        found.append(assessment)
        if progress is not None:
            progress(len(found), len(points))
    return found

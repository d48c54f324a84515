"""The game as data (IL 3: seventeen scenes, a match in each odd one and an interval in each even one; 10.2: the
interval's seven steps): the one place that says which step follows which. The step modules (match, scoring,
rough_play, scenes, interval, interval_steps, growth) never import each other; this module imports them.

Every function the flow calls — a decision's handler (engine.STEPS), an interval step's ``enter``, each entry
of ``FOLLOWS`` — returns what follows it (``state.Then``): None when it has set a decision pending (or ended the
game), else ``(step, data)``: ``step`` is over and ``FOLLOWS[step]`` carries the game on with ``data``.
``advance`` runs that after every action until a decision waits. ``"growth"`` is the one entry that names no
step: a step's growth checks, each of which may wait for its split (IL 11.6); once they are made, the step
they belong to (``data["then"]``) is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import growth, interval, interval_steps, match, scenes, scoring
from .state import Then

# IL 10.2: the interval's steps in order, each with its ``enter`` (None while it waits for a decision, else
# what follows it: ``("interval", None)`` once it is over, or its growth checks first)
INTERVAL: tuple[tuple[str, Callable[[Data, list[Event]], Then]], ...] = (
    ("growth", interval.enter_growth),  # IL 11
    ("retirement", interval.enter_retirement),  # IL 12
    ("rescue", interval.enter_rescue),  # IL 13
    ("replenish", interval_steps.enter_replenish),  # IL 14
    ("newcomers", interval_steps.enter_newcomers),  # IL 15
    ("actions", interval_steps.enter_actions),  # IL 16–20
    ("departure", interval_steps.enter_departure),  # IL 21
)
INTERVAL_STEPS = tuple(step for step, _ in INTERVAL)
_ENTER = dict(INTERVAL)
_NUMBER = {step: number for number, step in enumerate(INTERVAL_STEPS, 1)}
# the step after each (None: the interval has not begun; after the last, None: the next scene)
_NEXT = dict(zip((None, *INTERVAL_STEPS), (*INTERVAL_STEPS, None), strict=True))


def next_scene(state: State, events: list[Event], data: None = None) -> Then:
    """IL 3.1: after a scene, the next: an even scene is an interval (10.1, then its first step), an odd one a
    match (3.3, its first attack)."""
    state["scene"] += 1
    if state["scene"] % 2:
        scenes.start_match(state, events)
        return None
    scenes.begin_interval(state, events)
    return "interval", None


def next_interval_step(state: State, events: list[Event], data: Data | None = None) -> Then:
    """IL 10.2: after an interval step (``data``: unused; ``{}`` after the step's growth checks) the next is
    entered; after the last the scene is over."""
    iv = state["interval"]
    step = _NEXT[iv["step"]]
    if step is None:
        return "scene", None
    iv["step"] = step
    events.append(Event("interval_step", "10.2", {"step": _NUMBER[step], "name": step}))
    return _ENTER[step](state, events)


# step -> what carries the game on once it is over (state, events, data) -> Then. The names of the steps a
# growth check may belong to ("attack", "defence", "interval", "action") are stored in a waiting check's
# ``pending["then"]`` (growth.py), with a match's state: renamed, a match saved while one waits could not go on.
FOLLOWS: dict[str, Callable[[Data, list[Event], Any], Then]] = {
    "growth": growth.start,  # IL 11.6: a step's growth checks, then ``data["then"]`` is over
    "attack": match.after_attack,  # an attack and its checks (6.8/11.4): a failed one 6.5, else the defence 7.1
    "defence": scoring.after_defence,  # a defence and its checks (7.8/11.4), or a pass in defence (7.6): 8.1–8.6
    "exchange": scoring.after_exchange,  # an exchange (6.5, 8.3/8.6, a rough play 9.7): 8.7, the holder attacks
    "match": scenes.end_match,  # a team has the scene's points (``data``: the winner): 4.3/4.4, victory 22.1
    "scene": next_scene,  # IL 3.1
    "interval": next_interval_step,  # an interval step: the next one (10.2)
    "action": interval_steps.next_action_turn,  # an interval action and its checks (``{"seat"}``): 16.3
}


def advance(state: State, events: list[Event], then: Then) -> None:
    """Carry the game on from ``then`` (what the last handler returned) to the next decision, or its end."""
    while then is not None:
        step, data = then
        then = FOLLOWS[step](state, events, data)

"""Bots: a seat whose decisions a function makes. A bot sees only ``legal_actions`` and the state through the
engine; its own randomness is a private ``random.Random`` (never the game's dice stream).

``random_bot`` picks an action type uniformly, then an action of that type uniformly (so a few hundred ways of
discarding do not drown out the one way of attacking). ``greedy_bot`` takes the action the engine scores
highest
(``engine.greedy_score``), ties broken at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from itertools import compress
from operator import attrgetter, is_
from typing import Any

from .actions import Action

Bot = Callable[[Any, dict, str, list[Action]], Action]


_TYPE_NAME = attrgetter("type")  # an action class's JSON tag (a ClassVar)


def make_random_bot(seed: int) -> Bot:
    chooser = random.Random(seed)
    # ``chooser.choice(seq)`` is ``seq[chooser._randbelow(len(seq))]``: called directly, the same draws
    # without a Python frame per choice (the bench plays hundreds of thousands of them)
    below = chooser._randbelow

    def random_bot(engine: Any, state: dict, seat: str, actions: list[Action]) -> Action:
        types = list(map(type, actions))
        kinds = sorted(set(types), key=_TYPE_NAME)  # one class per ``type``
        if len(kinds) == 1:
            below(1)  # the choice of the one kind still draws, as ``choice`` does
            return actions[below(len(actions))]
        kind = kinds[below(len(kinds))]
        start, count = types.index(kind), types.count(kind)
        if types[start : start + count].count(kind) == count:  # listed together (as engines list them)
            return actions[start + below(count)]
        group = list(compress(actions, map(partial(is_, kind), types)))
        return group[below(len(group))]

    return random_bot


def make_greedy_bot(seed: int) -> Bot:
    chooser = random.Random(seed)

    def greedy_bot(engine: Any, state: dict, seat: str, actions: list[Action]) -> Action:
        scored = [
            (engine.greedy_score(state, action), chooser.random(), i) for i, action in enumerate(actions)
        ]
        return actions[max(scored)[2]]

    return greedy_bot


def make_bot(kind: str, seed: int) -> Bot:
    """``"random"`` or ``"greedy"``; ValueError otherwise."""
    if kind == "random":
        return make_random_bot(seed)
    if kind == "greedy":
        return make_greedy_bot(seed)
    raise ValueError(f"unknown bot {kind!r}; choose random or greedy")

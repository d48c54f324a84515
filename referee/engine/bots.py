"""Bots: a seat whose decisions a function makes. A bot sees only ``legal_actions`` and the state through the
engine; its own randomness is a private ``random.Random`` (never the game's dice stream).

``random_bot`` picks an action type uniformly, then an action of that type uniformly (so a few hundred ways of
discarding do not drown out the one way of attacking). ``greedy_bot`` takes the action the engine scores
highest
(``engine.greedy_score``), ties broken at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

from .actions import Action
from .listing import Listing, shape_of_runs

Bot = Callable[[Any, dict[str, Any], str, Sequence[Action]], Action]


# The kinds of a list of actions, by its classes in order (``_shape``): lists of one shape come back decision
# after decision (the same few types in the same numbers), so each is worked out once. Cleared past 1,024
# shapes (bounded memory).
Shape = tuple[tuple[type[Any], int | None, int], ...]
_SHAPES: dict[tuple[type[Any], ...], Shape] = {}


def _shape(types: tuple[type[Any], ...]) -> Shape:
    """``(class, start, count)`` for each class of ``types``, sorted by ``type`` (its JSON tag): the class's
    actions are ``actions[start : start + count]`` when listed together (as engines list them), else
    ``start`` is None (``listing.shape_of_runs`` of the list's runs)."""
    return shape_of_runs((cls, sum(1 for _ in run)) for cls, run in groupby(types))


def make_random_bot(seed: int) -> Bot:
    chooser = random.Random(seed)
    # ``chooser.choice(seq)`` is ``seq[chooser._randbelow(len(seq))]``, and ``_randbelow(n)`` draws
    # ``getrandbits(n.bit_length())`` until the draw is below ``n`` (random.py): made here with the C method
    # itself, the same draws without two Python frames per decision (the bench makes hundreds of thousands)
    bits = chooser.getrandbits

    def random_bot(engine: Any, state: dict[str, Any], seat: str, actions: Sequence[Action]) -> Action:
        shape: Shape | None
        if type(actions) is Listing:  # its parts say the classes and counts without making every action
            shape = actions.shape()
        else:
            types = tuple(map(type, actions))
            shape = _SHAPES.get(types)
            if shape is None:
                if len(_SHAPES) >= 1024:
                    _SHAPES.clear()
                shape = _SHAPES[types] = _shape(types)
        n = len(shape)
        width = n.bit_length()
        i = bits(width)  # the kind: ``_randbelow(n)`` (one kind still draws, as ``choice`` does)
        while i >= n:
            i = bits(width)
        kind, start, count = shape[i]
        if start is None:  # not listed together: that kind's actions in their order
            actions, start = [action for action in actions if type(action) is kind], 0
        width = count.bit_length()
        j = bits(width)  # the action of that kind: ``_randbelow(count)``
        while j >= count:
            j = bits(width)
        return actions[start + j]

    return random_bot


def make_greedy_bot(seed: int) -> Bot:
    chooser = random.Random(seed)

    def greedy_bot(engine: Any, state: dict[str, Any], seat: str, actions: Sequence[Action]) -> Action:
        scored = [
            (engine.greedy_score(state, action), chooser.random(), i) for i, action in enumerate(actions)
        ]
        return actions[max(scored)[2]]

    return greedy_bot


# Every kind of bot: the two rule-of-thumb bots, then the search bot's levels (``referee.engine.search.LEVELS``).
KINDS = ("random", "greedy", "easy", "normal", "hard")


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of ``kind`` (``KINDS``): ``"random"``, ``"greedy"``, or the search bot at ``"easy"``, ``"normal"``
    or ``"hard"`` (issue 28); ValueError otherwise."""
    if kind == "random":
        return make_random_bot(seed)
    if kind == "greedy":
        return make_greedy_bot(seed)
    from .search import LEVELS, make_search_bot

    if kind in LEVELS:
        from .knowledge import knowledge_for

        return make_search_bot(kind, seed, knowledge_for)
    raise ValueError(f"unknown bot {kind!r}; choose one of {', '.join(KINDS)}")

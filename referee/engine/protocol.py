"""The game protocol every engine implements (ARCHITECTURE: "The engine protocol"), declared as ``Engine``, and
``get_engine``, a registered game's engine (``referee.registry``).

    new_game(config, decks, rng) -> (state, events) rng: ``RngSeed`` (32-byte seed, optional player entropy);
                                                    the events: the setup shuffles (the log's start)
    to_act(state) -> seat | None                    None once the game is over
    legal_actions(state, seat) -> Sequence[Action]  every complete choice; empty when ``seat`` is not to act (a
                                                    list, or an immutable ``listing.Listing`` whose long parts
                                                    are counted and made on demand)
    apply(state, action) -> (state, events)         validates first; a refused action changes nothing
    view(state, seat | None) -> dict                what ``seat`` may see (None: a spectator)
    views(state, seats) -> {seat: view}             the views of several seats together
    outcome(state) -> Outcome | None
    greedy_score(state, action) -> float            the greedy bot's liking
    default_action(state, seat) -> Action | None    what the clock plays
    report(state) -> [str]                          a finished game in words for commands

``state`` is plain JSON (dicts, lists, str, int, bool, None). ``apply`` never mutates its input. Most of it is
written once, for every game, in ``referee.engine.shell.Shell``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action, Codec, Event


@dataclass(frozen=True)
class RngSeed:
    """The secret seed (32 bytes) and the players' optional entropy strings."""

    seed: bytes
    entropy: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` (a seat, or None for a draw), ``reason`` and a ``summary`` dict."""

    winner: str | None
    reason: str
    summary: dict[str, Any] = field(default_factory=dict)


State = dict[str, Any]

Data = dict[str, Any]
"""A JSON object inside a state or a view (a unit, a card's data, a pending decision, an event's data)."""
"""A game's state: plain JSON (dicts, lists, str, int, bool, None), never changed by ``apply``."""


class Engine(Protocol):
    """What the match layer, the bots, the replay and the commands call on a game's engine (every registered
    game's ``engine`` part; most of it written once in ``referee.engine.shell.Shell``)."""

    name: str
    seats: tuple[str, ...]
    codec: Codec

    def new_game(self, config: dict[str, Any], decks: dict[str, Any], rng: RngSeed) -> tuple[State, list[Event]]:
        """The initial state and the setup events (the log's start: shuffles, draws) from the match's ``config``
        (readings, first player…), the ``decks`` the game's decklist wiring made, and the seed."""
        ...

    def to_act(self, state: State) -> str | None:
        """The one seat the game waits for; None once it is over."""
        ...

    def legal_actions(self, state: State, seat: str) -> Sequence[Action]:
        """Every complete choice ``seat`` can make now; empty when it is not to act."""
        ...

    def apply(self, state: State, action: Action | dict[str, Any]) -> tuple[State, list[Event]]:
        """The new state and the events of ``action``; validates first (MalformedAction, NotYourTurn,
        IllegalAction) and never changes ``state``."""
        ...

    def view(self, state: State, seat: str | None) -> State:
        """What ``seat`` may see (None: a spectator): hidden cards stripped."""
        ...

    def views(self, state: State, seats: list[str | None]) -> dict[str | None, State]:
        """``{seat: view(state, seat)}`` for each of ``seats``, their public parts possibly one shared object
        (the live push then sends each seat only its difference from the spectators' view)."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """The end of the game, None while it runs."""
        ...

    def greedy_score(self, state: State, action: Action) -> float:
        """How much the greedy bot likes ``action`` (higher is better)."""
        ...

    def default_action(self, state: State, seat: str) -> Action | None:
        """What the clock plays for ``seat`` when its decision times out (a legal action; None when it is not to
        act)."""
        ...

    def report(self, state: State) -> list[str]:
        """A finished game in plain-text lines for commands (``manage.py playmatch``): scores, lives…"""
        ...


def views_of(engine: Engine, state: State, seats: list[str | None]) -> dict[str | None, State]:
    """``{seat: engine.view(state, seat)}`` for each of ``seats`` (None: a spectator), made together by the
    engine (``Engine.views``): their public parts may be one and the same object in every view, so the live push
    sends each seat only its difference from the spectators' view and ``matches.viewdelta.diff`` skips a shared
    part without walking it."""
    return engine.views(state, seats)


def get_engine(game: str) -> Engine:
    """The engine of a registered game (its spec's ``engine`` part in ``referee.registry``); KeyError names the
    known games."""
    from referee import registry

    if not registry.is_game(game):
        raise KeyError(f"no engine for game {game!r}; known: {', '.join(sorted(registry.codes()))}")
    engine: Engine = registry.spec(game).part("engine")
    return engine

"""The game protocol every engine implements (ARCHITECTURE: "The engine protocol") and the engine registry.

    new_game(config, decks, rng) -> (state, events) rng: ``RngSeed`` (32-byte seed, optional player entropy);
                                                    the events: the setup shuffles (the log's start)
    to_act(state) -> seat | None                    None once the game is over
    legal_actions(state, seat) -> Sequence[Action]  every complete choice; empty when ``seat`` is not to act (a
                                                    list, or an immutable ``listing.Listing`` whose long parts
                                                    are counted and made on demand)
    apply(state, action) -> (state, events)         validates first; a refused action changes nothing
    view(state, seat | None) -> dict                what ``seat`` may see (None: a spectator)
    outcome(state) -> Outcome | None

``state`` is plain JSON (dicts, lists, str, int, bool, None). ``apply`` never mutates its input.
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
    summary: dict = field(default_factory=dict)


class Engine(Protocol):
    name: str
    seats: tuple[str, ...]
    codec: Codec

    def new_game(self, config: dict, decks: dict, rng: RngSeed) -> tuple[dict, list[Event]]: ...

    def to_act(self, state: dict) -> str | None: ...

    def legal_actions(self, state: dict, seat: str) -> Sequence[Action]: ...

    def apply(self, state: dict, action: Action | dict) -> tuple[dict, list[Event]]: ...

    def view(self, state: dict, seat: str | None) -> dict: ...

    def outcome(self, state: dict) -> Outcome | None: ...

    def greedy_score(self, state: dict, action: Action) -> float: ...


def views_of(engine: Any, state: dict, seats: list[str | None]) -> dict[str | None, dict]:
    """``{seat: engine.view(state, seat)}`` for each of ``seats`` (None: a spectator). An engine may offer
    ``views(state, seats)`` making them together, their public parts one and the same object in every view: the
    live push then sends each seat only its difference from the spectators' view, and
    ``matches.viewdelta.diff`` skips a shared part without walking it. Same values either way."""
    together = getattr(engine, "views", None)
    if together is not None:
        return together(state, seats)
    return {seat: engine.view(state, seat) for seat in seats}


def get_engine(game: str) -> Any:
    """The engine of a registered game (its spec's ``engine`` part in ``referee.registry``); KeyError names the
    known games."""
    from referee import registry

    if not registry.is_game(game):
        raise KeyError(f"no engine for game {game!r}; known: {', '.join(sorted(registry.codes()))}")
    return registry.spec(game).part("engine")

"""The shell every engine shares (ARCHITECTURE, "Engine layout"): the protocol of ``referee.engine.protocol`` around
a game's decisions, written once.

A game's engine subclasses ``Shell`` and gives, as data, its ``Decision`` for each kind of pending decision
(``state["pending"]["kind"]``): the action classes the decision takes, each with its handler, and the function
listing its legal actions. The shell then does what every engine did the same way:

- ``to_act``: the one seat the game waits for (``state["pending"]["seat"]``), None once it is over;
- ``legal_actions``: ``[]`` for a seat not to act, else the pending decision's listing;
- ``apply``: decode and check the turn (``turns.checked_turn``: MalformedAction, NotYourTurn), refuse an action
  the decision does not take (IllegalAction ``wrong_step``), run its handler on a copy (``copy``), let the game
  run on to the next decision (``advance``) and count the version; a handler raises IllegalAction before it
  changes the copy, so a refused action changes nothing;
- ``outcome``: ``state["outcome"]`` as an ``Outcome``, its reason with the rule it applied;
- ``views``: every seat's view (a game may share the public parts of its views).

An action of a class the pending decision takes, sent by the seat to act (what bots and the listing make), goes
straight to its handler; anything else (a JSON action, a refusal) takes the full check, which accepts the same
actions (``tests/referee/test_shell.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import Action, Codec, Event
from .errors import IllegalAction
from .protocol import Outcome, State
from .turns import checked_turn

Handler = Callable[[State, Any, list[Event]], Any]
"""Applies one action to the state's copy (appending its events) and returns what the game's ``advance`` takes."""
Listing = Callable[[State, str], Sequence[Action]]
"""The legal actions of the seat to act at one kind of decision."""


@dataclass(frozen=True)
class Decision:
    """One kind of pending decision: ``handlers`` maps each action class it takes to its handler; ``listing``
    gives the legal actions of the seat to act."""

    handlers: Mapping[type[Action], Handler]
    listing: Listing

    @property
    def takes(self) -> str:
        """The action types it takes, for a refusal: ``"block, no_block"``."""
        return ", ".join(cls.type for cls in self.handlers)


class Shell:
    """The protocol around a game's decisions (see the module docstring). A subclass sets ``name``, ``seats``,
    ``codec``, ``decisions`` (or overrides ``decision``), ``rule_prefix`` and the clause a wrong-step refusal
    cites (``step_clause`` or ``wrong_step_clause``), and implements ``new_game``, ``view``, ``greedy_score``,
    ``default_action``, ``report`` and ``copy``; ``advance`` and ``summary`` when the game has them."""

    name: ClassVar[str]
    seats: ClassVar[tuple[str, ...]]
    codec: ClassVar[Codec]
    decisions: ClassVar[Mapping[str, Decision]] = {}
    rule_prefix: ClassVar[str] = ""  # the rule book's name in an outcome's reason: "Legions", "IL"
    step_clause: ClassVar[str] = ""  # the clause a wrong-step refusal cites
    decision_noun: ClassVar[str] = "decision"  # what a refusal calls a decision ("the block decision takes …")

    def __init__(self) -> None:
        # (kind, action class) -> handler, for the decisions that do not depend on the state
        self._dispatch: dict[tuple[str, type[Action]], Handler] = {
            (kind, cls): handler for kind, decision in self.decisions.items()
            for cls, handler in decision.handlers.items()
        }

    # -- what a game gives ------------------------------------------------------------------------------------
    def decision(self, state: State, kind: str) -> Decision:
        """The decision of ``kind`` in ``state`` (default: ``decisions[kind]``; a game whose decisions depend on
        its readings overrides it and leaves ``decisions`` empty)."""
        return self.decisions[kind]

    def copy(self, state: State) -> State:
        """The copy ``apply`` changes, deep enough for every handler (a game shares what its rules never change in
        place)."""
        raise NotImplementedError

    def advance(self, state: State, events: list[Event], result: Any) -> None:
        """Run the game on from a handler to the next decision or the end (``result``: what the handler
        returned). Default: nothing (the handler leaves the next decision pending itself)."""

    def run(self, handler: Handler, state: State, action: Action, events: list[Event]) -> None:
        """Run ``handler`` on the copy ``state`` and ``advance`` from it (a game wraps both in a context of its
        own by overriding this)."""
        self.advance(state, events, handler(state, action, events))

    def wrong_step_clause(self, state: State) -> str:
        """The clause a refusal of an action the decision does not take cites (default ``step_clause``)."""
        return self.step_clause

    def summary(self, state: State) -> dict[str, Any]:
        """What an ``Outcome`` carries beside its winner and reason (lives, scores…)."""
        return {}

    # -- the protocol ----------------------------------------------------------------------------------------
    def to_act(self, state: State) -> str | None:
        """The one seat to act, or None once the game is over."""
        seat: str | None = None if state["outcome"] else state["pending"]["seat"]
        return seat

    def legal_actions(self, state: State, seat: str) -> Sequence[Action]:
        """Every complete choice ``seat`` can make now; empty when it is not to act."""
        if (None if state["outcome"] else state["pending"]["seat"]) != seat:
            return []
        kind: str = state["pending"]["kind"]
        return self.decision(state, kind).listing(state, seat)

    def apply(self, state: State, action: Action | dict[str, Any]) -> tuple[State, list[Event]]:
        """Validate and apply ``action`` (an Action or its JSON) to a copy of ``state``; returns ``(new state,
        events)``. Raises MalformedAction (undecodable, or a seat not of the game), NotYourTurn (the game is over
        or another seat is to act) or IllegalAction(code, reason, clause); a refused action changes nothing."""
        pending = state["pending"]
        handler = None
        if pending is not None and not state["outcome"] and isinstance(action, Action) \
                and action.seat == pending["seat"]:
            handler = self._dispatch.get((pending["kind"], type(action)))
        if handler is None:
            action, pending = checked_turn(self.codec, self.seats, state, action)
            decision = self.decision(state, pending["kind"])
            handler = decision.handlers.get(type(action))
            if handler is None:
                raise IllegalAction(
                    "wrong_step",
                    f"the {pending['kind']} {self.decision_noun} takes {decision.takes}, not {action.type}",
                    self.wrong_step_clause(state))
        assert isinstance(action, Action)
        new = self.copy(state)
        events: list[Event] = []
        self.run(handler, new, action, events)
        new["version"] += 1
        return new, events

    def outcome(self, state: State) -> Outcome | None:
        """The end of the game (None while it runs): its winner (None: a draw), its reason with the rule it
        applied (``"the deck ran out (Legions 勝利条件/A8.2)"``) and the game's ``summary``."""
        out = state["outcome"]
        if not out:
            return None
        return Outcome(out["winner"], f"{out['reason']} ({self.rule_prefix} {out['clause']})", self.summary(state))

    def view(self, state: State, seat: str | None) -> State:
        raise NotImplementedError

    def views(self, state: State, seats: list[str | None]) -> dict[str | None, State]:
        """The views of ``seats`` (None: a spectator); a game may make them together, sharing their public
        parts."""
        return {seat: self.view(state, seat) for seat in seats}


def other_seat(seats: tuple[str, ...], seat: str) -> str:
    """The other seat of a two-seat game."""
    return seats[1] if seat == seats[0] else seats[0]


def settle(lost: Mapping[str, tuple[str, str]], *, seats: tuple[str, str], turn_seat: str, both_lose_draw: bool,
           draw_clause: str) -> dict[str, Any]:
    """The outcome of a two-seat game once ``lost`` (seat -> (reason, clause), not empty) names who lost: one
    seat lost, the other wins; both at once, a draw when the game's reading ``both_lose_draw`` says so (citing
    ``draw_clause``), else the turn player wins (the other lost first). ``{"winner", "reason", "clause"}``."""
    if len(lost) == 2:
        if both_lose_draw:
            return {"winner": None, "reason": "both players lost at once", "clause": draw_clause}
        loser = other_seat(seats, turn_seat)
        return {"winner": turn_seat, "reason": lost[loser][0], "clause": lost[loser][1]}
    (loser, (reason, clause)), = lost.items()
    return {"winner": other_seat(seats, loser), "reason": reason, "clause": clause}


def end_game(state: State, events: list[Event], outcome: dict[str, Any]) -> None:
    """Record ``outcome`` (``{"winner", "reason", "clause", …}``): nothing is pending any more, and the log says
    so (a ``game_end`` event citing the clause)."""
    state["outcome"] = outcome
    state["pending"] = None
    events.append(Event("game_end", outcome["clause"], dict(outcome)))



"""The Iron Leaguer engine: the protocol of referee.engine.protocol over the state of state.py.

``apply`` decodes the action (MalformedAction), checks the seat (NotYourTurn), then runs the step's handler
on a copy (``state.copy_state``) and lets the flow (flow.py) carry the game on from what the handler returns
to the next decision; a handler raises IllegalAction before the copy is returned, so a refused action changes
nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Outcome
from referee.engine.turns import checked_turn, seat_to_act

from . import flow, growth, interval, interval_steps, match, rough_play, scoring, setup
from .actions import (
    CODEC,
    AddHalf,
    Assign,
    Cancel,
    ChooseInstruction,
    ChooseRescuers,
    Declare,
    Discard,
    EndRescue,
    GrowthSplit,
    Pass,
    Persuade,
    Practice,
    Recruit,
    Refill,
    Release,
    Rescue,
    Rough,
    Scout,
    Training,
)
from .bot import greedy_score
from .state import SEATS, copy_state
from .view import view as _view
from .view import views as _views

# step kind -> (action types it accepts, legal_actions function, handler); a handler returns what follows it
# (``state.Then``, carried on by ``flow.advance``)
STEPS: dict[str, tuple[tuple[type, ...], Any, Any]] = {
    "attack": ((Declare, Rough, Pass), match.legal, None),
    "defence": ((Declare, Pass), match.legal, None),
    "assign": ((Assign, AddHalf, Cancel), match.legal, None),
    "discard": ((Discard, Refill), match.legal, match.do_discard_refill),
    "instruction": ((ChooseInstruction,), scoring.instruction_actions, scoring.do_instruction),
    "growth": ((GrowthSplit,), growth.growth_actions, growth.do_growth_split),
    "rescuers": ((ChooseRescuers, EndRescue), interval.rescuers_actions, interval.do_rescuers),
    "rescue": ((Rescue, EndRescue), interval.rescue_actions, interval.do_rescue),
    "replenish": ((Discard, Refill), interval_steps.replenish_actions, interval_steps.do_replenish),
    "release": ((Release,), interval_steps.release_actions, interval_steps.do_release),
    "action": (
        (Practice, Training, Scout, Persuade),
        interval_steps.action_actions,
        interval_steps.do_action,
    ),
    "recruit": ((Recruit,), interval_steps.recruit_actions, interval_steps.do_recruit),
}
HANDLERS = {
    Declare: match.do_declare,
    Assign: match.do_assign,
    AddHalf: match.do_add_half,
    Cancel: match.do_cancel,
    Rough: rough_play.do_rough,
    Pass: match.do_pass,
}

# (step kind, action class) -> its handler: what ``apply`` runs for an action of a class the step takes
DISPATCH = {
    (kind, cls): handler or HANDLERS[cls] for kind, (accepted, _, handler) in STEPS.items() for cls in accepted
}


class IronLeaguerEngine:
    name = "iron_leaguer"
    seats = SEATS
    codec = CODEC

    new_game = staticmethod(setup.new_game)
    greedy_score = staticmethod(greedy_score)

    to_act = staticmethod(seat_to_act)

    @staticmethod
    def legal_actions(state: dict, seat: str) -> Sequence[Action]:
        """Every complete choice ``seat`` can make now (empty when it is not to act): a list, or for the long
        lists (assignments, interval actions, rescuers) an immutable ``referee.engine.listing.Listing``."""
        if (None if state["outcome"] else state["pending"]["seat"]) != seat:  # seat_to_act, inlined
            return []
        return STEPS[state["pending"]["kind"]][1](state, seat)

    @staticmethod
    def apply(state: dict, action: Action | dict) -> tuple[dict, list[Event]]:
        """Validate and apply; raises MalformedAction, NotYourTurn or IllegalAction(code, reason, clause).

        An action of a class the waiting step takes (``DISPATCH``), by the seat to act, goes straight to its
        handler; anything else (a JSON action, a refusal) takes ``checked_turn`` and the step's check, which
        accept exactly those."""
        pending = state["pending"]
        handler = (
            DISPATCH.get((pending["kind"], type(action))) if pending is not None and not state["outcome"] else None
        )
        if handler is None or action.seat != pending["seat"] or action.seat not in SEATS:
            action, pending = checked_turn(CODEC, SEATS, state, action)
            accepted, _, handler = STEPS[pending["kind"]]
            if not isinstance(action, accepted):
                names = ", ".join(cls.type for cls in accepted)
                raise IllegalAction(
                    "wrong_step",
                    f"the {pending['kind']} step takes {names}, not {action.type}",
                    "10.2" if state["interval"] else "6/7",
                )
            handler = handler or HANDLERS[type(action)]
        new = copy_state(state)
        events: list[Event] = []
        then = handler(new, action, events)
        if then is not None:  # the step is over: the flow goes on to the next decision
            flow.advance(new, events, then)
        new["version"] += 1
        return new, events

    @staticmethod
    def view(state: dict, seat: str | None) -> dict:
        return _view(state, seat)

    @staticmethod
    def views(state: dict, seats: list[str | None]) -> dict[str | None, dict]:
        """The views of ``seats`` together, sharing their public parts (``view.views``)."""
        return _views(state, seats)

    @staticmethod
    def default_action(state: dict, seat: str) -> Action | None:
        """What the clock plays for a seat whose decision timed out (docs/rules/iron_leaguer.md, "Time"): the
        choice that gives up least and decides nothing else, named per decision in ``CLOCK_DEFAULTS``. A missed
        decision never loses the game; it is always a legal action of that seat (None only when it is not
        the seat's turn)."""
        if IronLeaguerEngine.to_act(state) != seat:
            return None
        kind = state["pending"]["kind"]
        if kind == "growth":
            return growth.single_check(state, seat)  # IL 11.2: the one check 11.6 only allows to split
        legal = IronLeaguerEngine.legal_actions(state, seat)
        wanted = CLOCK_DEFAULTS.get(kind)
        for action in legal:
            if action.type == wanted and (action.type != "pass" or getattr(action, "option", "none") == "none"):
                return action
        return legal[0] if legal else None  # a forced choice (release, recruit, instruction): the first listed

    @staticmethod
    def outcome(state: dict) -> Outcome | None:
        out = state["outcome"]
        if not out:
            return None
        return Outcome(
            out["winner"],
            f"{out['reason']} (IL {out['clause']})",
            {"world_tour_wins": out["world_tour_wins"], "results": state["results"]},
        )

    @staticmethod
    def report(state: dict) -> list[str]:
        """The game in plain text for commands (``manage.py playmatch``): each scene's score and winner (IL 22)."""
        return [f"scene {r['scene']:>2}: silver {r['score']['silver']} - {r['score']['dark']} dark "
                f"(winner {r['winner']})" for r in state.get("results", [])]


# Our reading where the rules give no clock (docs/rules/iron_leaguer.md, "Time"): the action the clock plays for
# each decision; a decision not named here takes the first legal action in the engine's listed order.
CLOCK_DEFAULTS = {
    "attack": "pass",  # IL 6.6.4: the plain pass
    "defence": "pass",  # IL 7.6.3
    "assign": "cancel",  # the declaration is withdrawn, the seat decides again (nothing revealed or rolled)
    "replenish": "refill",  # IL 14.1: keep the hand, draw up to the limit
    "discard": "refill",  # IL 6.6.2/7.6.2: stop discarding, draw up to the limit
    "action": "practice",  # IL 17: draw one card — decides nothing about any IL
    "rescuers": "end_rescue",  # IL 13.1: Dark "may" rescue
    "rescue": "end_rescue",  # IL 13.5: no more attempts
}

ENGINE = IronLeaguerEngine()

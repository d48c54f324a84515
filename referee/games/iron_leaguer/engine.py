"""The Iron Leaguer engine: the protocol of referee.engine.protocol over the state of state.py, on the shell every
engine shares (``referee.engine.shell``): ``STEPS`` says, per step waiting for a decision, which actions it takes
with their handlers and how its legal actions are listed. The shell runs the step's handler on a copy
(``state.copy_state``) and the flow (flow.py) carries the game on from what the handler returns to the next
decision; a handler raises IllegalAction before the copy is returned, so a refused action changes nothing.
"""

from __future__ import annotations

from referee.engine.actions import Action, Event
from referee.engine.protocol import Data, State
from referee.engine.shell import Decision, Handler, Shell

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
from .state import SEATS, Then, copy_state
from .view import view as _view
from .view import views as _views

# step kind -> its decision: the action types it takes with their handlers (a handler returns what follows it,
# ``state.Then``, carried on by ``flow.advance``), and the function listing its legal actions
_ATTACK: dict[type[Action], Handler] = {Declare: match.do_declare, Rough: rough_play.do_rough, Pass: match.do_pass}
STEPS: dict[str, Decision] = {
    "attack": Decision(_ATTACK, match.legal),
    "defence": Decision({Declare: match.do_declare, Pass: match.do_pass}, match.legal),
    "assign": Decision({Assign: match.do_assign, AddHalf: match.do_add_half, Cancel: match.do_cancel}, match.legal),
    "discard": Decision(dict.fromkeys((Discard, Refill), match.do_discard_refill), match.legal),
    "instruction": Decision({ChooseInstruction: scoring.do_instruction}, scoring.instruction_actions),
    "growth": Decision({GrowthSplit: growth.do_growth_split}, growth.growth_actions),
    "rescuers": Decision(dict.fromkeys((ChooseRescuers, EndRescue), interval.do_rescuers), interval.rescuers_actions),
    "rescue": Decision(dict.fromkeys((Rescue, EndRescue), interval.do_rescue), interval.rescue_actions),
    "replenish": Decision(dict.fromkeys((Discard, Refill), interval_steps.do_replenish),
                          interval_steps.replenish_actions),
    "release": Decision({Release: interval_steps.do_release}, interval_steps.release_actions),
    "action": Decision(dict.fromkeys((Practice, Training, Scout, Persuade), interval_steps.do_action),
                       interval_steps.action_actions),
    "recruit": Decision({Recruit: interval_steps.do_recruit}, interval_steps.recruit_actions),
}


class IronLeaguerEngine(Shell):
    name = "iron_leaguer"
    seats = SEATS
    codec = CODEC
    decisions = STEPS
    rule_prefix = "IL"
    decision_noun = "step"

    new_game = staticmethod(setup.new_game)
    greedy_score = staticmethod(greedy_score)
    copy = staticmethod(copy_state)

    @staticmethod
    def advance(state: State, events: list[Event], then: Then) -> None:
        if then is not None:  # the step is over: the flow goes on to the next decision
            flow.advance(state, events, then)

    @staticmethod
    def wrong_step_clause(state: State) -> str:
        return "10.2" if state["interval"] else "6/7"

    @staticmethod
    def view(state: State, seat: str | None) -> Data:
        return _view(state, seat)

    @staticmethod
    def views(state: State, seats: list[str | None]) -> dict[str | None, Data]:
        """The views of ``seats`` together, sharing their public parts (``view.views``)."""
        return _views(state, seats)

    def default_action(self, state: State, seat: str) -> Action | None:
        """What the clock plays for a seat whose decision timed out (docs/rules/iron_leaguer.md, "Time"): the
        choice that gives up least and decides nothing else, named per decision in ``CLOCK_DEFAULTS``. A missed
        decision never loses the game; it is always a legal action of that seat (None only when it is not
        the seat's turn)."""
        if self.to_act(state) != seat:
            return None
        kind = state["pending"]["kind"]
        if kind == "growth":
            return growth.single_check(state, seat)  # IL 11.2: the one check 11.6 only allows to split
        legal = self.legal_actions(state, seat)
        wanted = CLOCK_DEFAULTS.get(kind)
        for action in legal:
            if action.type == wanted and (action.type != "pass" or getattr(action, "option", "none") == "none"):
                return action
        return legal[0] if legal else None  # a forced choice (release, recruit, instruction): the first listed

    @staticmethod
    def summary(state: State) -> Data:
        """The World Tour wins (IL 22) and every scene's result."""
        return {"world_tour_wins": state["outcome"]["world_tour_wins"], "results": state["results"]}

    @staticmethod
    def report(state: State) -> list[str]:
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

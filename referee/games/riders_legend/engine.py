"""The Riders' Legend engine: the protocol of referee.engine.protocol over the state of state.py, on the shell
every engine shares (``referee.engine.shell``): ``decision`` says, per pending decision and under the match's
readings, which actions it takes with their handlers and how its legal actions are listed; after a handler the
flow (flow.py) runs on to the next decision. A handler raises IllegalAction before it changes anything, so a
refused action changes nothing. The copy shares what the action does not change with the input state
(``state.copy_state``: copy on write, while ``state.FRESH`` is set), so the input is never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.abilities import declarations
from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State
from referee.engine.shell import Decision, Handler, Listing, Shell

from . import action_phase, combat, deck, effects, field, flow, movement, placement, setup
from . import characters as chars_mod
from . import readings as readings_mod
from .actions import (
    CODEC,
    AcceptDeclaration,
    AcceptDestruction,
    Attack,
    Block,
    Choose,
    Declare,
    DeclineDeclaration,
    Discard,
    DisputeDeclaration,
    EndOpening,
    EndPhase,
    Execute,
    Investigate,
    KeepHand,
    Move,
    Mulligan,
    NoBlock,
    PlaceCharacter,
    PlaceMission,
    PlayAction,
    ReturnInstead,
    StrikeBack,
    Transform,
    Untransform,
)
from .bot import greedy_score
from .state import FRESH, SEATS, characters, copy_state, missions, name, other, own


def _mulligan(state: State, a: Action, events: list[Event]) -> None:
    state["pending"] = None
    setup_ = state["setup"]  # shared with the state copied (state.copy_state): replaced, not changed in place
    state["setup"] = {**setup_, "decided": [*setup_["decided"], a.seat]}
    if isinstance(a, Mulligan):
        deck.mulligan(state, a.seat, events)
    else:
        events.append(Event("keep_hand", "開始時基本設定/B1.3", {"seat": a.seat}))


def _opening(state: State, a: Action, events: list[Event]) -> None:
    pending = state["pending"]
    if isinstance(a, EndOpening):
        if len(missions(state["players"][a.seat])) < pending["min"]:
            raise IllegalAction("opening_missions", f"lay at least {pending['min']} mission", "開始準備/B1.5")
        state["setup"] = {**state["setup"], "opening_ended": True}  # shared with the state copied: replaced
        state["pending"] = None
        events.append(Event("end_opening", "開始準備/B1.5", {"seat": a.seat}))
        return
    assert isinstance(a, PlaceMission)
    placement.do_mission(state, a, events, setup=True)
    state["pending"] = None


def _turn(handler: Callable[[State, Any, list[Event]], None]) -> Handler:
    """An action of a phase decision: the decision is answered (the flow sets it again after the action)."""
    def run(state: State, a: Action, events: list[Event]) -> None:
        state["pending"] = None
        handler(state, a, events)
    return run


def _end_phase(state: State, a: EndPhase, events: list[Event]) -> None:
    events.append(Event("end_phase", "全体の基本進行", {"seat": a.seat, "phase": state["step"].split(".")[0]}))
    flow.finish_step(state)


def _discard(state: State, a: Discard, events: list[Event]) -> None:
    player = state["players"][a.seat]
    if a.card not in player["hand"]:
        raise IllegalAction("not_in_hand", f"{a.card} is not in your hand", "B1.6")
    state["pending"] = None
    player["hand"].remove(a.card)
    own(state, a.seat, "graveyard").append(a.card)
    events.append(Event("discard", "開始時基本設定/B1.6 手札上限 (reading hand_limit_in_end_phase)",
                        {"seat": a.seat, "card": a.card, "name": name(state, a.card)}))


def _block(state: State, a: Block, events: list[Event]) -> None:
    if a.card not in state["pending"]["options"]:
        raise IllegalAction("bad_blocker", f"{a.card} cannot block this attack", "B4.5 (reading blockers)")
    state["pending"] = None
    combat.block(state, a.card, events)


def _no_block(state: State, a: NoBlock, events: list[Event]) -> None:
    state["pending"] = None
    combat.block(state, None, events)


def _strike_back(state: State, a: StrikeBack, events: list[Event]) -> None:
    if a.card not in state["pending"]["options"]:
        raise IllegalAction("bad_choice", f"{a.card} is not one of the attackers", "B4.6")
    state["pending"] = None
    combat.strike_back(state, a.card, events)


def _choose(state: State, a: Choose, events: list[Event]) -> None:
    if a.option not in state["pending"]["options"]:
        raise IllegalAction("bad_choice", f"{a.option!r} is not one of the choices", "カード効果 (abilities)")
    effects.pick(state, a.option)


def _instead(state: State, a: Action, events: list[Event]) -> None:
    char = state["pending"]["character"]
    state["pending"] = None
    chars_mod.instead(state, char, isinstance(a, ReturnInstead), events)


def _declare(state: State, a: Action, events: list[Event]) -> None:
    pending = state["pending"]
    made = isinstance(a, Declare)
    events.append(declarations.declared(pending, made))
    if made:
        state["pending"] = declarations.ask_opponent(pending, other(a.seat))
    else:
        effects.answer_declaration(state, False, events)


def _answer(state: State, a: Action, events: list[Event]) -> None:
    accepted = isinstance(a, AcceptDeclaration)
    events.append(declarations.answered(state["pending"], accepted))
    effects.answer_declaration(state, accepted, events)


_PLACEMENT: dict[type[Action], Handler] = {PlaceMission: _turn(placement.do_mission),
                                           PlaceCharacter: _turn(placement.do_character)}
_TRANSFORM: dict[type[Action], Handler] = {Transform: _turn(placement.do_transform),
                                           Untransform: _turn(placement.do_untransform)}
_ACTION: dict[type[Action], Handler] = {Attack: _turn(action_phase.do_attack), Execute: _turn(action_phase.do_execute),
           Investigate: _turn(action_phase.do_investigate)}
_CARDS: dict[type[Action], Handler] = {PlayAction: _turn(action_phase.do_play)}
_MOVE: dict[type[Action], Handler] = {Move: _turn(movement.do_move)}


def _mulligans(state: State, seat: str) -> list[Action]:
    return [KeepHand.of(seat), Mulligan.of(seat)]


def _discards(state: State, seat: str) -> list[Action]:
    return [Discard.of(seat, c) for c in dict.fromkeys(state["players"][seat]["hand"])]


def _blocks(state: State, seat: str) -> list[Action]:
    return [NoBlock.of(seat), *(Block.of(seat, c) for c in state["pending"]["options"])]


def _strikes_back(state: State, seat: str) -> list[Action]:
    return [StrikeBack.of(seat, c) for c in state["pending"]["options"]]


def _choices(state: State, seat: str) -> list[Action]:
    return [Choose.of(seat, o) for o in state["pending"]["options"]]


def _insteads(state: State, seat: str) -> list[Action]:
    return [ReturnInstead.of(seat), AcceptDestruction.of(seat)]


def _declarations(state: State, seat: str) -> list[Action]:
    return [Declare.of(seat), DeclineDeclaration.of(seat)]


def _answers(state: State, seat: str) -> list[Action]:
    return [AcceptDeclaration.of(seat), DisputeDeclaration.of(seat)]


def _phase(kind: str) -> Listing:
    return lambda state, seat: _phase_actions(state, seat, kind)


def _decision_tables(later: bool, cards_always: bool) -> dict[str, Decision]:
    """The decisions under the readings that move transformations and action cards outside their default
    phases (``later``: transform in the movement and action phases too; ``cards_always``: action cards in every
    phase)."""
    cards: dict[type[Action], Handler] = _CARDS if cards_always else {}
    transform: dict[type[Action], Handler] = _TRANSFORM if later else {}
    return {
        "mulligan": Decision({Mulligan: _mulligan, KeepHand: _mulligan}, _mulligans),
        "opening": Decision({PlaceMission: _opening, EndOpening: _opening}, _opening_actions),
        "placement": Decision({**_PLACEMENT, **_TRANSFORM, **cards, EndPhase: _end_phase}, _phase("placement")),
        "movement": Decision({**_MOVE, **transform, **cards, EndPhase: _end_phase}, _phase("movement")),
        "action": Decision({**_ACTION, **_CARDS, **transform, EndPhase: _end_phase}, _phase("action")),
        "discard": Decision({Discard: _discard}, _discards),
        "block": Decision({Block: _block, NoBlock: _no_block}, _blocks),
        "strike_back": Decision({StrikeBack: _strike_back}, _strikes_back),
        "choose": Decision({Choose: _choose}, _choices),
        "instead": Decision({ReturnInstead: _instead, AcceptDestruction: _instead}, _insteads),
        "declare": Decision({Declare: _declare, DeclineDeclaration: _declare}, _declarations),
        "answer_declaration": Decision({AcceptDeclaration: _answer, DisputeDeclaration: _answer}, _answers),
    }


_TABLES: dict[tuple[str, str], dict[str, Decision]] = {}


def decision(state: State, kind: str) -> Decision:
    """The decision of ``kind`` under the match's readings (transformations and action cards outside their
    default phases)."""
    r = readings_mod.of(state)
    key = (r.transform_when, r.action_cards_when)
    tables = _TABLES.get(key)
    if tables is None:
        tables = _TABLES[key] = _decision_tables(key[0] == "own_turn", key[1] == "own_turn")
    return tables[kind]


def _opening_actions(state: State, seat: str) -> list[Action]:
    out: list[Action] = [a for a in placement.legal_missions(state, seat, setup=True)]
    return out + ([EndOpening(seat=seat)] if state["pending"].get("laid", 0) >= state["pending"]["min"] else [])


def _phase_actions(state: State, seat: str, kind: str) -> list[Action]:
    """The actions of a phase decision, in the order of its table, ``EndPhase`` last; the names on the field
    (uniqueness, B6) are worked out once for placing and transforming."""
    table = decision(state, kind).handlers
    out: list[Action] = []
    on_field = characters(state, seat)
    names = field.side_names(state, seat, on_field)  # (each side's names worked out when first needed)
    if PlaceMission in table:
        out += placement.legal_missions(state, seat)
    if PlaceCharacter in table:
        out += placement.legal_characters(state, seat, names)
    if Transform in table:
        out += placement.legal_transforms(state, seat, names, on_field)
    if Move in table:
        out += movement.legal(state, seat, on_field)
    if Attack in table:
        out += action_phase.legal(state, seat, on_field=on_field)
    elif PlayAction in table:
        out += action_phase.legal(state, seat, cards_only=True)
    return [*out, EndPhase.of(seat)]


class RidersLegendEngine(Shell):
    name = "riders_legend"
    seats = SEATS
    codec = CODEC
    rule_prefix = "Riders' Legend"
    step_clause = "全体の基本進行"

    new_game = staticmethod(setup.new_game)
    greedy_score = staticmethod(greedy_score)
    copy = staticmethod(copy_state)
    decision = staticmethod(decision)

    @staticmethod
    def run(handler: Handler, state: State, action: Action, events: list[Event]) -> None:
        """The handler and the flow run with ``FRESH`` set: the copy shares with the input state what it has not
        changed yet (``state.own_character``, ``own_mission`` copy on write)."""
        token = FRESH.set(set())
        try:
            handler(state, action, events)
            flow.advance(state, events)
        finally:
            FRESH.reset(token)

    @staticmethod
    def view(state: State, seat: str | None) -> Data:
        from .view import view

        return view(state, seat)

    @staticmethod
    def views(state: State, seats: list[str | None]) -> dict[str | None, Data]:
        """The views of ``seats`` together, sharing their public parts (``view.views``)."""
        from .view import views

        return views(state, seats)

    @staticmethod
    def visible_events(events: list[Event], seat: str | None) -> list[Event]:
        """The events ``seat`` (None: a spectator) may read while the game runs: public ones and those addressed
        to it (the online layer's per-seat filtering, ``matches.selectors.match_log``, does the same)."""
        return [e for e in events if not e.to or (seat is not None and seat in e.to)]

    def default_action(self, state: State, seat: str) -> Action | None:
        """What the clock plays for a seat whose decision timed out (docs/rules/riders_legend.md, "Time"): keep
        the hand, end the phase, no block, decline a declaration, accept the opponent's, else the first listed
        option."""
        if self.to_act(state) != seat:
            return None
        kind = state["pending"]["kind"]
        if kind in ("placement", "movement", "action"):
            return EndPhase(seat=seat)
        if kind == "declare":
            return DeclineDeclaration(seat=seat)
        return self.legal_actions(state, seat)[0]

    @staticmethod
    def summary(state: State) -> Data:
        """The last turn, each side's missions and the cards left in its deck."""
        players = state["players"]
        return {"turn": state["turn"], "missions": {s: len(missions(players[s])) for s in SEATS},
                "deck": {s: len(players[s]["deck"]) for s in SEATS}}

    def report(self, state: State) -> list[str]:
        """A finished game in plain text for commands (``manage.py playmatch``): the last turn, each side's
        missions and cards left in its deck; ``[]`` while the game runs."""
        out = self.outcome(state)
        if out is None:
            return []
        missions_left = " - ".join(f"{seat} {n}" for seat, n in out.summary["missions"].items())
        decks = " - ".join(f"{seat} {n}" for seat, n in out.summary["deck"].items())
        return [f"turn {out.summary['turn']}: missions {missions_left}, deck {decks}"]


ENGINE = RidersLegendEngine()

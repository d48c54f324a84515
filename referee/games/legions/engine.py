"""The Legions! engine: the protocol of referee.engine.protocol over the state of state.py, on the shell every
engine shares (``referee.engine.shell``): ``DECISIONS`` says, per pending decision, which actions it takes with
their handlers and how its legal actions are listed; after a handler the flow (flow.py) runs on to the next
decision. A handler raises IllegalAction before it changes anything, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State
from referee.engine.shell import Decision, Handler, Shell

from . import combat, draft, effects, flow, main, setup, timeline
from .actions import (
    CODEC,
    Activate,
    Attack,
    Block,
    CardChange,
    Choose,
    ChooseMaster,
    Deploy,
    EndTurn,
    Keep,
    Move,
    NoBlock,
    NoCardChange,
    Pick,
    RemoveStandby,
    Unlock,
    cached,
)
from .bot import greedy_score
from .state import SEATS, copy_state
from .view import view as _view
from .view import views as _views


def _card_change(state: State, a: CardChange, events: list[Event]) -> None:
    player = state["players"][a.seat]
    if a.card not in player["hand"]:
        raise IllegalAction("not_in_hand", f"{a.card} is not in your hand", "ドローフェイズ/D2")
    player["hand"].remove(a.card)
    timeline.exile(state, a.seat, [a.card], events, "ドローフェイズ/D2 カードチェンジ")
    effects.draw(state, a.seat, 1, events, "ドローフェイズ/D2")
    flow.finish_step(state)


def _no_change(state: State, a: NoCardChange, events: list[Event]) -> None:
    """Legions ドローフェイズ/D2: the turn player keeps the hand (no card change); said in the log, so the decision
    (asked, or made by the player's setting) is seen by both players."""
    events.append(Event("no_card_change", "ドローフェイズ/D2", {"seat": a.seat}))
    flow.finish_step(state)


def _end_turn(state: State, a: EndTurn, events: list[Event]) -> None:
    events.append(Event("end_main", "メインフェイズ", {"seat": a.seat}))
    flow.finish_step(state)


def _main(handler: Callable[[State, Any, list[Event]], None]) -> Handler:
    """A main-phase action: the decision is answered (the flow sets it again after the action)."""
    def run(state: State, a: Action, events: list[Event]) -> None:
        state["pending"] = None
        handler(state, a, events)
    return run


def _block(state: State, a: Block, events: list[Event]) -> None:
    if a.card not in state["pending"]["options"]:
        raise IllegalAction("bad_blocker", f"{a.card} cannot block this attack", "場の構成/A6.5-A6.6")
    state["pending"] = None
    combat.block(state, a.card, events)


def _no_block(state: State, a: NoBlock, events: list[Event]) -> None:
    state["pending"] = None
    combat.block(state, None, events)


def _choose(state: State, a: Choose, events: list[Event]) -> None:
    if a.option not in state["pending"]["options"]:
        raise IllegalAction("bad_choice", f"{a.option!r} is not one of the choices", "A7")
    effects.pick(state, a.option)


def _keep(state: State, a: Keep, events: list[Event]) -> None:
    pending = state["pending"]
    need = min(pending["n"], len(pending["options"]))
    if len(set(a.cards)) != need or len(a.cards) != need or not set(a.cards) <= set(pending["options"]):
        raise IllegalAction("bad_keep", f"keep exactly {need} of {', '.join(pending['options'])}",
                            "スタンバイカードについて/A4 (reading)")
    timeline.do_keep(state, a.seat, a.cards, events)
    if pending["origin"] == "step":
        flow.finish_step(state)
    else:
        state["pending"] = None


def _keeps(state: State, seat: str) -> list[Action]:
    from itertools import combinations

    pending = state["pending"]
    options, n = pending["options"], pending["n"]
    return [Keep(seat=seat, cards=tuple(c)) for c in combinations(options, min(n, len(options)))]


def _main_actions(state: State, seat: str) -> list[Action]:
    out = main.legal(state, seat)
    out.append(cached(EndTurn, seat))
    return out


def _card_changes(state: State, seat: str) -> list[Action]:
    hand = dict.fromkeys(state["players"][seat]["hand"])
    return [cached(NoCardChange, seat), *(cached(CardChange, seat, c) for c in hand)]


def _blocks(state: State, seat: str) -> list[Action]:
    return [cached(NoBlock, seat), *(cached(Block, seat, c) for c in state["pending"]["options"])]


def _picks(state: State, seat: str) -> list[Action]:
    return [Pick(seat=seat, card=c) for c in state["pending"]["options"]]


def _masters(state: State, seat: str) -> list[Action]:
    return [ChooseMaster(seat=seat, card=c) for c in state["pending"]["options"]]


def _opening_pick(state: State, a: Pick, events: list[Event]) -> None:
    draft.opening_pick(state, a.card, events)


def _choose_master(state: State, a: ChooseMaster, events: list[Event]) -> None:
    draft.choose_master(state, a.card, events)


def _draft_pick(state: State, a: Pick, events: list[Event]) -> None:
    draft.draft_pick(state, a.card, events)
    flow.finish_step(state)


def _choices(state: State, seat: str) -> list[Action]:
    return [cached(Choose, seat, o) for o in state["pending"]["options"]]


# pending kind -> its decision: {action class: handler} and the listing of its legal actions
DECISIONS = {
    "card_change": Decision({CardChange: _card_change, NoCardChange: _no_change}, _card_changes),
    "main": Decision({Unlock: _main(main.do_unlock), Deploy: _main(main.do_deploy), Move: _main(main.do_move),
                      Attack: _main(main.do_attack), RemoveStandby: _main(main.do_remove),
                      Activate: _main(main.do_activate), EndTurn: _end_turn},
                     _main_actions),
    "block": Decision({Block: _block, NoBlock: _no_block}, _blocks),
    "choose": Decision({Choose: _choose}, _choices),
    "keep": Decision({Keep: _keep}, _keeps),
    # ダンタリオンドラフト (draft.py): the opening picks, the masters, the draft phase
    "opening": Decision({Pick: _opening_pick}, _picks),
    "master": Decision({ChooseMaster: _choose_master}, _masters),
    "draft": Decision({Pick: _draft_pick}, _picks),
}


class LegionsEngine(Shell):
    name = "legions"
    seats = SEATS
    codec = CODEC
    decisions = DECISIONS
    rule_prefix = "Legions"
    step_clause = "A5"

    new_game = staticmethod(setup.new_game)
    greedy_score = staticmethod(greedy_score)
    copy = staticmethod(copy_state)

    @staticmethod
    def advance(state: State, events: list[Event], result: object) -> None:
        flow.advance(state, events)

    @staticmethod
    def view(state: State, seat: str | None) -> Data:
        return _view(state, seat)

    @staticmethod
    def views(state: State, seats: list[str | None]) -> dict[str | None, Data]:
        """The views of ``seats`` together, sharing their public parts (``view.views``)."""
        return _views(state, seats)

    def default_action(self, state: State, seat: str) -> Action | None:
        """What the clock plays for a seat whose decision timed out (docs/rules/legions.md, "Time"): no card
        change, no block, the end of the main phase; at a choice or a keep the first listed option."""
        if self.to_act(state) != seat:
            return None
        kind = state["pending"]["kind"]
        if kind == "main":
            return EndTurn(seat=seat)
        return self.legal_actions(state, seat)[0]

    @staticmethod
    def summary(state: State) -> Data:
        """The last turn and each master's life."""
        return {"turn": state["turn"], "life": {s: p["life"] for s, p in state["players"].items()}}

    def report(self, state: State) -> list[str]:
        """A finished game in plain text for commands (``manage.py playmatch``): the last turn and each master's
        life; ``[]`` while the game runs."""
        out = self.outcome(state)
        if out is None:
            return []
        lives = " - ".join(f"{seat} {life}" for seat, life in out.summary["life"].items())
        return [f"turn {out.summary['turn']}: life {lives}"]


ENGINE = LegionsEngine()

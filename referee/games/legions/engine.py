"""The Legions! engine: the protocol of referee.engine.protocol over the state of state.py.

``apply`` decodes the action (MalformedAction), checks the seat (NotYourTurn) and that the pending decision
takes that kind of action (IllegalAction ``wrong_step``), then runs its handler on a copy and lets the flow run
on to the next decision; a handler raises IllegalAction before anything is returned, so a refused action
changes nothing.
"""

from __future__ import annotations

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Outcome
from referee.engine.turns import checked_turn, seat_to_act

from . import combat, effects, flow, main, setup, timeline
from .actions import (
    CODEC,
    Attack,
    Block,
    CardChange,
    Choose,
    Deploy,
    EndTurn,
    Keep,
    Move,
    NoBlock,
    NoCardChange,
    RemoveStandby,
    Unlock,
    cached,
)
from .bot import greedy_score
from .state import SEATS, copy_state
from .view import view as _view
from .view import views as _views


def _card_change(state: dict, a: CardChange, events: list[Event]) -> None:
    player = state["players"][a.seat]
    if a.card not in player["hand"]:
        raise IllegalAction("not_in_hand", f"{a.card} is not in your hand", "ドローフェイズ/D2")
    player["hand"].remove(a.card)
    timeline.exile(state, a.seat, [a.card], events, "ドローフェイズ/D2 カードチェンジ")
    effects.draw(state, a.seat, 1, events, "ドローフェイズ/D2")
    flow.finish_step(state)


def _no_change(state: dict, a: NoCardChange, events: list[Event]) -> None:
    flow.finish_step(state)


def _end_turn(state: dict, a: EndTurn, events: list[Event]) -> None:
    events.append(Event("end_main", "メインフェイズ", {"seat": a.seat}))
    flow.finish_step(state)


def _main(handler):
    """A main-phase action: the decision is answered (the flow sets it again after the action)."""
    def run(state: dict, a: Action, events: list[Event]) -> None:
        state["pending"] = None
        handler(state, a, events)
    return run


def _block(state: dict, a: Block, events: list[Event]) -> None:
    if a.card not in state["pending"]["options"]:
        raise IllegalAction("bad_blocker", f"{a.card} cannot block this attack", "場の構成/A6.5-A6.6")
    state["pending"] = None
    combat.block(state, a.card, events)


def _no_block(state: dict, a: NoBlock, events: list[Event]) -> None:
    state["pending"] = None
    combat.block(state, None, events)


def _choose(state: dict, a: Choose, events: list[Event]) -> None:
    if a.option not in state["pending"]["options"]:
        raise IllegalAction("bad_choice", f"{a.option!r} is not one of the choices", "A7")
    effects.pick(state, a.option)


def _keep(state: dict, a: Keep, events: list[Event]) -> None:
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


# pending kind -> {action class: handler}
DECISIONS = {
    "card_change": {CardChange: _card_change, NoCardChange: _no_change},
    "main": {Unlock: _main(main.do_unlock), Deploy: _main(main.do_deploy), Move: _main(main.do_move),
             Attack: _main(main.do_attack), RemoveStandby: _main(main.do_remove), EndTurn: _end_turn},
    "block": {Block: _block, NoBlock: _no_block},
    "choose": {Choose: _choose},
    "keep": {Keep: _keep},
}


def _keeps(options: list[str], n: int, seat: str) -> list[Action]:
    from itertools import combinations

    return [Keep(seat=seat, cards=tuple(c)) for c in combinations(options, min(n, len(options)))]


class LegionsEngine:
    name = "legions"
    seats = SEATS
    codec = CODEC

    new_game = staticmethod(setup.new_game)
    greedy_score = staticmethod(greedy_score)

    to_act = staticmethod(seat_to_act)

    @staticmethod
    def legal_actions(state: dict, seat: str) -> list[Action]:
        """Every complete choice ``seat`` can make now (empty when it is not to act)."""
        if LegionsEngine.to_act(state) != seat:
            return []
        pending = state["pending"]
        kind = pending["kind"]
        if kind == "main":
            out = main.legal(state, seat)
            out.append(cached(EndTurn, seat))
            return out
        if kind == "card_change":
            return [cached(NoCardChange, seat), *(cached(CardChange, seat, c)
                                                  for c in dict.fromkeys(state["players"][seat]["hand"]))]
        if kind == "block":
            return [cached(NoBlock, seat), *(cached(Block, seat, c) for c in pending["options"])]
        if kind == "choose":
            return [cached(Choose, seat, o) for o in pending["options"]]
        return _keeps(pending["options"], pending["n"], seat)

    @staticmethod
    def apply(state: dict, action: Action | dict) -> tuple[dict, list[Event]]:
        """Validate and apply; raises MalformedAction, NotYourTurn or IllegalAction(code, reason, clause)."""
        action, pending = checked_turn(CODEC, SEATS, state, action)
        handlers = DECISIONS[pending["kind"]]
        handler = handlers.get(type(action))
        if handler is None:
            names = ", ".join(cls.type for cls in handlers)
            raise IllegalAction("wrong_step", f"the {pending['kind']} decision takes {names}, not {action.type}",
                                "A5")
        new = copy_state(state)
        events: list[Event] = []
        handler(new, action, events)
        flow.advance(new, events)
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
        """What the clock plays for a seat whose decision timed out (docs/rules/legions.md, "Time"): no card
        change, no block, the end of the main phase; at a choice or a keep the first listed option."""
        if LegionsEngine.to_act(state) != seat:
            return None
        kind = state["pending"]["kind"]
        if kind == "main":
            return EndTurn(seat=seat)
        return LegionsEngine.legal_actions(state, seat)[0]

    @staticmethod
    def outcome(state: dict) -> Outcome | None:
        out = state["outcome"]
        if not out:
            return None
        lives = {s: p["life"] for s, p in state["players"].items()}
        return Outcome(out["winner"], f"{out['reason']} (Legions {out['clause']})",
                       {"turn": state["turn"], "life": lives})

    @staticmethod
    def report(state: dict) -> list[str]:
        """A finished game in plain text for commands (``manage.py playmatch``): the last turn and each master's
        life; ``[]`` while the game runs."""
        out = LegionsEngine.outcome(state)
        if out is None:
            return []
        lives = " - ".join(f"{seat} {life}" for seat, life in out.summary["life"].items())
        return [f"turn {out.summary['turn']}: life {lives}"]


ENGINE = LegionsEngine()

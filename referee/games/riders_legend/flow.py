"""The turn as data (Riders' Legend: 開始準備, 全体の基本進行; spec B1, B3): the one place that says which step
follows which. The step modules (deck, missions, characters, combat, effects) never call each other's steps.

``PHASES`` lists the setup and every step of a turn; a step function returns True when it is done (the flow
moves on) or False when it has set a decision pending (the action answering it moves the flow on, or the step
sets it again). ``advance`` runs after every action and after setup: the win checks (B8), destruction, the
effect queue, then automatic steps until a decision.
"""

from __future__ import annotations

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import State

from . import characters as chars_mod
from . import deck, effects, wins
from . import readings as readings_mod
from .state import SEATS, characters, missions, other, own_character, own_held_mission, own_rng

HAND_LIMIT = 7

# phase -> its steps, in order. The setup runs once; then the turn's phases repeat.
SETUP: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("setup", ("mulligan", "first", "opening_first", "opening_second", "done")),  # 開始準備 B1.3–B1.5
)
PHASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("recover", ("recover",)),  # 復帰フェイズ B3.1
    ("draw", ("draw",)),  # ドローフェイズ B3.2
    ("placement", ("placement",)),  # 配置フェイズ B3.3 (decision)
    ("movement", ("movement",)),  # 移動フェイズ B3.4 (decision)
    ("action", ("action",)),  # 行動フェイズ B3.5 (decision, PROPOSED)
    ("end", ("reset", "hand_limit", "pass")),  # 終了フェイズ B3.6
)
SETUP_ORDER = tuple(f"{p}.{s}" for p, steps in SETUP for s in steps)
ORDER = tuple(f"{p}.{s}" for p, steps in PHASES for s in steps)
DECISION_STEPS = {"placement.placement": "placement", "movement.movement": "movement", "action.action": "action"}


# step -> the step that follows it: the setup's in order, then the turn's, the last back to the first
_NEXT = {**dict(zip(SETUP_ORDER, (*SETUP_ORDER[1:], ORDER[0]), strict=True)),
         **dict(zip(ORDER, (*ORDER[1:], ORDER[0]), strict=True))}


def next_step(step: str) -> str:
    return _NEXT[step]


def _mulligan(state: State, events: list[Event]) -> bool:
    """B1.3: each player in seat order keeps the hand or mulligans once (decision ``mulligan``)."""
    undecided = [s for s in SEATS if s not in state["setup"]["decided"]]
    if not undecided:
        return True
    state["pending"] = {"kind": "mulligan", "seat": undecided[0]}
    return False


def _first(state: State, events: list[Event]) -> bool:
    """B1.4: the first player is decided after the mulligans (``config["first"]``, else the RNG)."""
    first = state["setup"]["first"]
    if first is None:
        rng = own_rng(state)  # the draw advances its counter
        counter = rng["counter"]
        first = SEATS[rngmod.randbelow(rng, 2)]
        events.append(Event("first_player", "開始準備/B1.4", {"seat": first, "counter": counter}))
    else:
        events.append(Event("first_player", "開始準備/B1.4 (config)", {"seat": first}))
    state["first"] = state["turn_seat"] = first
    return True


def _opening_first(state: State, events: list[Event]) -> bool:
    """B1.5: the first player lays exactly 1 mission face down."""
    first = state["first"]
    if missions(state["players"][first]):
        return True
    state["pending"] = {"kind": "opening", "seat": first, "min": 1, "max": 1}
    return False


def _opening_second(state: State, events: list[Event]) -> bool:
    """B1.5: the second player lays 1 or 2 missions face down (``EndOpening`` after the first)."""
    second = other(state["first"])
    laid = len(missions(state["players"][second]))
    if laid >= 2 or state["setup"]["opening_ended"]:
        return True
    state["pending"] = {"kind": "opening", "seat": second, "min": 1, "max": 2, "laid": laid}
    return False


def _setup_done(state: State, events: list[Event]) -> bool:
    state["setup_done"] = True
    state["turn"] = 1
    events.append(Event("turn", "全体の基本進行", {"turn": 1, "seat": state["turn_seat"]}))
    return True


def _recover(state: State, events: list[Event]) -> bool:
    """B3.1 復帰フェイズ: the turn player's characters become 未行動; the turn's counters start afresh."""
    seat = state["turn_seat"]
    for _, _, char in characters(state, seat):
        if char["acted"] or char["steps"]:  # (one already unacted and unmoved is left as it is)
            char = own_character(state, char)
            char["acted"] = False
            char["steps"] = 0
    player = state["players"][seat]
    player["placed"] = {"mission": 0, "character": 0}
    player["mission_allowance"] = 1
    events.append(Event("recover", "復帰フェイズ/B3.1", {"seat": seat}))
    return True


def _draw(state: State, events: list[Event]) -> bool:
    """B3.2 ドローフェイズ: one card per area holding one's mission (the first player draws on turn 1, B1.7)."""
    seat = state["turn_seat"]
    n = len(missions(state["players"][seat]))
    deck.draw(state, seat, n, events, "ドローフェイズ/B3.2", draw_phase=True)
    return True


def _decision(state: State, events: list[Event]) -> bool:
    state["pending"] = {"kind": DECISION_STEPS[state["step"]], "seat": state["turn_seat"]}
    return False


def _reset(state: State, events: list[Event]) -> bool:
    """B3.6 終了フェイズ: 作戦力 on every mission resets (B5.2); damage on the turn player's characters clears
    (自ターン終了時); every until-end-of-turn modifier ends."""
    seat = state["turn_seat"]
    for s in SEATS:  # (what is already reset is left as it is)
        for area, mission in missions(state["players"][s]):
            if mission["operation"]:
                own_held_mission(state, s, area)["operation"] = 0
        for _, _, char in characters(state, s):
            if char["eot_attack"] or char["eot_defence"] or (s == seat and (char["damage"] or char["hit_by"])):
                char = own_character(state, char)
                char["eot_attack"] = char["eot_defence"] = 0
                if s == seat:
                    char["damage"] = 0
                    char["hit_by"] = ""
                    char.pop("lethal", None)
    events.append(Event("end_of_turn", "終了フェイズ/B3.6 (B5.2, 手番を跨ぐカードダメージ蓄積)", {"seat": seat}))
    return True


def _hand_limit(state: State, events: list[Event]) -> bool:
    """B1.6 (reading ``hand_limit_in_end_phase``): discard one card at a time down to 7."""
    seat = state["turn_seat"]
    if not readings_mod.of(state).hand_limit_in_end_phase or len(state["players"][seat]["hand"]) <= HAND_LIMIT:
        return True
    state["pending"] = {"kind": "discard", "seat": seat, "over": len(state["players"][seat]["hand"]) - HAND_LIMIT}
    return False


def _pass(state: State, events: list[Event]) -> bool:
    seat = other(state["turn_seat"])
    state["turn"] += 1
    state["turn_seat"] = seat
    events.append(Event("turn", "全体の基本進行", {"turn": state["turn"], "seat": seat}))
    return True


STEPS = {
    "setup.mulligan": _mulligan,
    "setup.first": _first,
    "setup.opening_first": _opening_first,
    "setup.opening_second": _opening_second,
    "setup.done": _setup_done,
    "recover.recover": _recover,
    "draw.draw": _draw,
    "placement.placement": _decision,
    "movement.movement": _decision,
    "action.action": _decision,
    "end.reset": _reset,
    "end.hand_limit": _hand_limit,
    "end.pass": _pass,
}


# The steps that may leave a character with damage at least its defence: the end of the turn's modifiers (a
# defence bonus ends while the other player's damage stays). No other step deals damage or lowers a defence.
MAY_DESTROY = frozenset({"end.reset"})


def advance(state: State, events: list[Event]) -> None:
    """Run the game on to the next decision (or its end). Destruction is checked after the action, after the
    effects and after each step of ``MAY_DESTROY``: after any other step it would find what it found before,
    nothing (it runs this often: once a step of the turn)."""
    unchecked = True  # the action may have dealt damage or changed a defence
    while True:
        if wins.check(state, events) or state["pending"] is not None:
            return
        if unchecked:
            chars_mod.check_destroyed(state, events)
            if state["pending"] is not None:
                return
        if state["queue"]:
            effects.run(state, events)
            unchecked = True
            continue
        step = state["step"]
        if STEPS[step](state, events):
            state["step"] = next_step(step)
        unchecked = step in MAY_DESTROY


def finish_step(state: State) -> None:
    """A decision that closes its step (the end of a phase, the last discard) moves the flow on."""
    state["pending"] = None
    state["step"] = next_step(state["step"])

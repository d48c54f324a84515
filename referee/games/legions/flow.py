"""The turn as data (Legions: 全体の基本進行; spec A5): the one place that says which step follows which. The
step modules (timeline, cores, effects, main, combat) never call each other's steps.

``ORDER`` lists every step of a turn; a step function returns True when it is done (the flow moves on) or
False when it has set a decision pending (the action answering it moves the flow on). ``advance`` runs after
every action and after setup: state checks (A8), the effect queue, then automatic steps until a decision.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State
from referee.engine.shell import end_game, settle

from . import cores, damage, effects, timeline
from . import readings as readings_mod
from .state import SEATS, drafting, other, units

# phase -> its steps, in order; "main" and "draw.change" are decisions (A5)
PHASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("start", ("wait_turns", "refresh", "triggers")),  # スタートフェイズ S1–S3
    ("core", ("core",)),  # コアフェイズ C1–C3
    ("draw", ("draw", "change")),  # ドローフェイズ D1–D2
    ("main", ("main",)),  # メインフェイズ
    ("end", ("triggers", "cleanup", "pass")),  # エンドフェイズ E1–E4
)


def _order(wait_turns_first: bool, drafting: bool = False) -> tuple[str, ...]:
    steps = [f"{phase}.{step}" for phase, names in PHASES for step in names]
    if drafting:  # ダンタリオンドラフト: the draft phase in place of the draw phase (D1 and D2)
        i = steps.index("draw.draw")
        steps[i:i + 2] = ["draw.draft"]
    if not wait_turns_first:
        i = steps.index("start.wait_turns")
        steps[i], steps[i + 1] = steps[i + 1], steps[i]
    return tuple(steps)


_ORDERS = {(first, drafting): _order(first, drafting) for first in (True, False) for drafting in (True, False)}
_NEXT = {key: dict(zip(steps, steps[1:] + steps[:1], strict=True)) for key, steps in _ORDERS.items()}


def order(state: State) -> tuple[str, ...]:
    """Every step of a turn as ``phase.step``; reading ``wait_turns_before_refresh`` orders S1/S2; a Dantalion
    Draft has its draft phase in place of the draw phase."""
    return _ORDERS[(readings_mod.of(state).wait_turns_before_refresh, drafting(state))]


def next_step(state: State, step: str) -> str:
    """The step after ``step`` (after the last of the turn, the first of the next)."""
    return _NEXT[(readings_mod.of(state).wait_turns_before_refresh, drafting(state))][step]


def first_step(state: State) -> str:
    return order(state)[0]


def _wait_turns(state: State, events: list[Event]) -> bool:
    return timeline.wait_turns(state, state["turn_seat"], events)


def _refresh(state: State, events: list[Event]) -> bool:
    """S2 [PROPOSED]: the turn player's units become 活性 (a held unit stays fatigued once), cores refresh."""
    seat = state["turn_seat"]
    for _, unit in units(state, seat):
        if unit["hold"]:
            unit["hold"] = False
        else:
            unit["fatigued"] = False
    if readings_mod.of(state).refresh_cores:
        cores.refresh(state["players"][seat])
    events.append(Event("refresh", "A5 S2/A3.6 (reading refresh_cores)", {"seat": seat}))
    return True


def _start_triggers(state: State, events: list[Event]) -> bool:
    effects.queue_turn_triggers(state, state["turn_seat"], "ターン開始時", events)
    return True


def _core(state: State, events: list[Event]) -> bool:
    cores.do_core_phase(state, state["turn_seat"], events)
    return True


def _draw(state: State, events: list[Event]) -> bool:
    """D1 (A1.4: the first player draws on turn 1 too)."""
    effects.draw(state, state["turn_seat"], 1, events, "ドローフェイズ/D1")
    return True


def _change(state: State, events: list[Event]) -> bool:
    """D2: the optional card change, offered when the hand holds a card (and the deck one, reading
    ``card_change_needs_deck``)."""
    player = state["players"][state["turn_seat"]]
    if not player["hand"] or (readings_mod.of(state).card_change_needs_deck and not player["deck"]):
        return True
    state["pending"] = {"kind": "card_change", "seat": state["turn_seat"]}
    return False


def _draft(state: State, events: list[Event]) -> bool:
    """ダンタリオンドラフト: the draft phase (draft.look) in place of D1 and D2."""
    from . import draft  # draft builds on setup, which starts the flow

    return draft.look(state, events)


def _main(state: State, events: list[Event]) -> bool:
    state["pending"] = {"kind": "main", "seat": state["turn_seat"]}
    return False


def _end_triggers(state: State, events: list[Event]) -> bool:
    effects.queue_turn_triggers(state, state["turn_seat"], "ターン終了時", events)
    return True


def _cleanup(state: State, events: list[Event]) -> bool:
    """E2–E4: damage on every unit cleared, unspent MP lost, "until end of turn" effects end."""
    for seat in SEATS:
        for _, unit in units(state, seat):
            unit.update(damage=0, eot_atk=0, eot_hp=0, shield=0, eot_grants=[], no_attack=False)
        state["players"][seat]["mp"] = 0
    events.append(Event("end_of_turn", "基本構成細則/E2-E4", {"seat": state["turn_seat"]}))
    damage.check_breaks(state, events)  # a lasting HP loss may show once the turn's bonuses end
    return True


def _pass(state: State, events: list[Event]) -> bool:
    seat = other(state["turn_seat"])
    state["turn"] += 1
    state["turn_seat"] = seat
    state["players"][seat]["changed"] = False
    events.append(Event("turn", "全体の基本進行", {"turn": state["turn"], "seat": seat}))
    return True


STEPS = {
    "start.wait_turns": _wait_turns,
    "start.refresh": _refresh,
    "start.triggers": _start_triggers,
    "core.core": _core,
    "draw.draw": _draw,
    "draw.change": _change,
    "draw.draft": _draft,
    "main.main": _main,
    "end.triggers": _end_triggers,
    "end.cleanup": _cleanup,
    "end.pass": _pass,
}


def losers(state: State) -> dict[str, tuple[str, str]]:
    """勝利条件 / A8 as state checks: seat -> (reason, clause) for every seat that has lost now."""
    out: dict[str, tuple[str, str]] = {}
    players = state["players"]
    for seat, foe_seat in (("p1", "p2"), ("p2", "p1")):
        player, foe = players[seat], players[foe_seat]
        lord = foe["lord"]
        if player["life"] <= 0:
            out[seat] = ("life 0", "勝利条件/A8.1")
        elif player["deck_out"]:
            out[seat] = ("could not draw", "勝利条件/A8.2")
        elif cores.twelve_cores(foe["active"], foe["fatigued"], foe["master_cores"], lord["cores"] if lord else 0):
            out[seat] = ("the opponent holds 12 cores", "勝利条件/A8.3")
    return out


def check_outcome(state: State, events: list[Event]) -> None:
    """End the game when a player has lost; both at once is a draw (reading ``both_lose_draw``; otherwise the
    turn player's opponent is deemed to lose first)."""
    if state["outcome"] is not None:
        return
    lost = losers(state)
    if not lost:
        return
    end_game(state, events, settle(lost, seats=SEATS, turn_seat=state["turn_seat"],
                                   both_lose_draw=readings_mod.of(state).both_lose_draw, draw_clause="A8.5 (reading)"))


def advance(state: State, events: list[Event]) -> None:
    """Run the game on to the next decision (or its end)."""
    while True:
        check_outcome(state, events)
        if state["outcome"] is not None or state["pending"] is not None:
            return
        if state["queue"]:
            effects.run(state, events)
            continue
        step = state["step"]
        if STEPS[step](state, events):
            state["step"] = next_step(state, step)


def finish_step(state: State) -> None:
    """A decision that closes its step (card change, end of the main phase, a step's keep) moves the flow on."""
    state["pending"] = None
    state["step"] = next_step(state, state["step"])

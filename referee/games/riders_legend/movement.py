"""The movement phase (Riders' Legend: 移動フェイズ; spec B3.4, B2): each character may move one step a turn (its
``steps`` static allows more) to an adjacent position its type may stand in; moving does not make it 行動済
(reading ``moving_makes_acted``). A move into a battle area triggers ``moves_to_battle``.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import State

from . import effects, field
from . import readings as readings_mod
from .actions import Move
from .placement import Problem, check
from .state import OnField, characters, find, located, own_character


def problem_move(state: State, a: Move) -> Problem:
    found = find(state, a.character) if a.character in state["cards"] else None
    if found is None or found[0] != a.seat:
        return ("not_your_character", f"{a.character} is not a character of yours on the field", "B3.4")
    seat, fld, area, char = found
    if field.kept_from_moving(state, char):
        return ("cannot_move", "an effect keeps this character from moving", "B3.4")
    if field.moved_its_steps(state, char):
        return ("moved", "the character has moved its step this turn", "キャラクターカード/B3.4 1歩分")
    if (a.field, a.area) not in field.move_targets(state, seat, char, (fld, area)):
        return ("bad_move", f"{a.field} {a.area} is not a position it may move to",
                "場の構成/B2 (readings lateral_adjacency, movement_follows_placement)")
    return None


def do_move(state: State, a: Move, events: list[Event]) -> None:
    check(problem_move(state, a))
    char = own_character(state, located(state, a.character)[3])
    char["steps"] += 1
    if readings_mod.of(state).moving_makes_acted:
        char["acted"] = True
    effects.relocate(state, a.character, (a.field, a.area), events, "移動フェイズ/B3.4")


def legal(state: State, seat: str, on_field: OnField | None = None) -> list[Move]:
    """Every ``Move`` of ``seat``: each character's ``field.move_targets``, in field order. ``on_field``:
    ``characters(state, seat)`` when the caller has it."""
    out = []
    justice = field.justice_areas(state, seat)  # looked up once
    for fld, area, char in characters(state, seat) if on_field is None else on_field:
        for pos in field.move_targets(state, seat, char, (fld, area), justice):
            out.append(Move.of(seat, char["id"], pos[0], pos[1]))
    return out

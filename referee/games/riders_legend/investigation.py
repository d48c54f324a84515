"""捜査 (investigation; Riders' Legend: ミッションカード 「相手の捜査などにより表向き」; spec B7): an unacted
character of one's battle area i (reading ``investigators``: or operation area i) investigates the opponent's
face-down mission of area i and becomes 行動済. The mission is turned face up: a justice mission or a bluff goes
to 墓場 at once (no deck damage, reading ``investigation_deals_no_deck_damage``), an evil mission stays face up
and can now be attacked.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import missions
from . import readings as readings_mod
from .state import find, located, other, own_character


def fields(state: State) -> tuple[str, ...]:
    return ("battle",) if readings_mod.of(state).investigators == "battle" else ("battle", "operation")


def problem(state: State, seat: str, card: str) -> tuple[str, str, str] | None:
    """Why ``card`` cannot investigate now (``(code, reason, clause)``), or None."""
    found = find(state, card)
    if found is None or found[0] != seat:
        return ("not_your_character", f"{card} is not a character of yours on the field", "B7")
    _, fld, area, char = found
    return where_problem(state, seat, fld, area, char)


def where_problem(state: State, seat: str, fld: str, area: int, char: Data) -> tuple[str, str, str] | None:
    """What of ``problem`` remains once ``char`` is known to be ``seat``'s, at ``fld`` ``area`` (the listing asks
    this of each of its characters)."""
    if fld not in fields(state):
        return ("bad_field", "an investigator stands in a battle area (reading investigators)", "B7 (reading)")
    if char["acted"]:
        return ("acted", "the character has already acted this turn", "B7")
    mission = state["players"][other(seat)]["missions"][area - 1]
    if mission is None or mission["face_up"]:
        return ("no_face_down_mission", f"the opponent has no face-down mission in area {area}", "B7")
    return None


def investigate(state: State, seat: str, card: str, events: list[Event]) -> str:
    """The checked investigation; returns what became of the mission (``graveyard`` or ``stays_face_up``)."""
    _, _, area, char = located(state, card)
    char = own_character(state, char)
    char["acted"] = True
    events.append(Event("investigate", "捜査/B7", {"seat": seat, "character": card, "area": area}))
    return missions.reveal(state, other(seat), area, "investigation", events, "捜査/B7")

"""Per-seat views (boardgame.io's playerView): what a seat may see, hidden zones stripped at the edge.

A seat sees its own hand and its own face-down missions; the opponent's hand, both decks (their order, the halves)
and both 捨山 only as counts; a face-down mission of the opponent only as a card back (no id: a bluff and an
evil mission look the same). The field, the graveyards, face-up missions and the eyecatch's position in the deck
(public: every card into or out of a deck is counted in public) are public. A spectator (``seat=None``) sees
what both players see in common. ``cards`` holds the data of the visible cards only; a pending choice is shown in
full only to the seat making it.
"""

from __future__ import annotations

from referee.engine.protocol import Data, State

from . import characters as chars_mod
from . import deck, missions
from .state import SEATS, top

PUBLIC_PENDING = ("block", "strike_back", "declare", "answer_declaration", "instead")


def _character(state: State, seat: str, char: Data) -> Data:
    return {"id": char["id"], "stack": list(char["stack"]), "top": top(char), "acted": char["acted"],
            "damage": char["damage"], "attack": chars_mod.attack(state, seat, char),
            "defence": chars_mod.defence(state, char), "operation": chars_mod.operation(state, char),
            "steps": char["steps"], "no_move_until": char["no_move_until"]}


def _mission(state: State, seat: str, area: int, mission: Data | None, own: bool) -> Data | None:
    if mission is None:
        return None
    out = {"face_up": mission["face_up"], "damage": mission["damage"], "operation": mission["operation"],
           "achieved": mission["achieved"]}
    if mission["face_up"] or own:
        out["card"] = mission["card"]
        out["required"] = missions.required(state, seat, area) if not mission["bluff"] else None
    if own:
        out["bluff"] = mission["bluff"]
    return out


def _player(state: State, seat: str, viewer: str | None, visible: list[str], shared: Data) -> Data:
    """``seat``'s player as ``viewer`` sees it; the card ids ``viewer`` may see are added to ``visible``.
    ``shared``: ``_public_parts(state, seat)``, the same object in every view of the state."""
    p = state["players"][seat]
    own = viewer == seat
    visible.extend(shared["cards"])
    shown_missions = [_mission(state, seat, i + 1, m, own) for i, m in enumerate(p["missions"])]
    visible.extend(m["card"] for m in shown_missions if m is not None and "card" in m)
    if own:
        visible.extend(p["hand"])
    return {"deck": len(p["deck"]), "above_eyecatch": deck.above_eyecatch(p), "half": p["half"],
            "hand": list(p["hand"]) if own else len(p["hand"]), "graveyard": shared["graveyard"],
            "discard_pile": len(p["discard_pile"]), "missions": shown_missions, **shared["chars"],
            "mulliganed": p["mulliganed"], "placed": dict(p["placed"]), "mission_allowance": p["mission_allowance"]}


def _public_parts(state: State, seat: str) -> Data:
    """What every viewer sees alike of ``seat``'s player: the characters of each field and area, the graveyard,
    and the ids of those cards (``cards``: each stack, then the graveyard)."""
    p = state["players"][seat]
    chars = {"justice": [_character(state, seat, c) for c in p["justice"]],
             "operation": [[_character(state, seat, c) for c in area] for area in p["operation"]],
             "battle": [[_character(state, seat, c) for c in area] for area in p["battle"]]}
    cards: list[str] = []
    for group in (p["justice"], *p["operation"], *p["battle"]):
        for char in group:
            cards.extend(char["stack"])
    cards.extend(p["graveyard"])
    return {"chars": chars, "graveyard": list(p["graveyard"]), "cards": cards}


def _pending(state: State, seat: str | None) -> Data | None:
    pending = state["pending"]
    if pending is None or pending["seat"] == seat or pending["kind"] in PUBLIC_PENDING or "options" not in pending:
        answer: Data | None = pending
        return answer
    return {**pending, "options": len(pending["options"])}


def view(state: State, seat: str | None) -> Data:
    """``seat`` in ("p1", "p2") or None (spectator). Returns a JSON dict; ValueError on a bad seat."""
    return views(state, [seat])[seat]


def views(state: State, seats: list[str | None]) -> dict[str | None, Data]:
    """``{seat: view(state, seat)}`` for each of ``seats``, made together: the characters, graveyards, RNG and
    each visible card's data are one object shared by every view, so the live push's per-seat delta
    (``matches.viewdelta.diff``) passes over them without walking them. ValueError on a bad seat."""
    for seat in seats:
        if seat not in (*SEATS, None):
            raise ValueError(f"seat must be p1, p2 or None, not {seat!r}")
    public = {s: _public_parts(state, s) for s in SEATS}
    cards = state["cards"]
    rng = {"commitment": state["rng"]["commitment"], "counter": state["rng"]["counter"]}
    faces: dict[str, Data] = {}  # card id -> its data as the views show it (one copy for all of them)
    out = {}
    for seat in seats:
        visible: list[str] = []
        players = {s: _player(state, s, seat, visible, public[s]) for s in SEATS}
        shown = {}
        for c in dict.fromkeys(visible):
            face = faces.get(c)
            if face is None:
                face = faces[c] = dict(cards[c])
            shown[c] = face
        out[seat] = {
            "game": state["game"], "version": state["version"], "seat": seat, "turn": state["turn"],
            "turn_seat": state["turn_seat"], "first": state["first"], "step": state["step"],
            "setup_done": state["setup_done"], "readings": state["readings"], "players": players,
            "pending": _pending(state, seat), "combat": state["combat"], "outcome": state["outcome"],
            "rng": rng, "cards": shown}
    return out

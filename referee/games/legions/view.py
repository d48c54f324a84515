"""Per-seat views (boardgame.io's playerView): what a seat may see, hidden zones stripped at the edge.

A seat sees its own hand and standby cards; the opponent's hand and deck, and both decks, only as counts; the
opponent's standby cards as a count unless the reading ``standby_visible_to_opponent`` shows them. The field,
the timeline (face up) and the exclusion zones are public. A spectator (``seat=None``) sees what both players
see in common. ``cards`` holds the data of the visible cards only; a pending choice is shown in full only to the
seat making it.
"""

from __future__ import annotations

from . import field
from . import readings as readings_mod
from .state import LANES, SEATS


def _unit(state: dict, unit: dict | None, off: set[str]) -> dict | None:
    if unit is None:
        return None
    return {"card": unit["card"], "damage": unit["damage"], "fatigued": unit["fatigued"],
            "sick": unit["placed"] == state["turn"], "atk": field.atk(state, unit), "hp": field.hp(state, unit),
            "cores": unit["cores"], "keywords": sorted(field.keywords(state, unit, off)),
            "no_attack": unit["no_attack"], "hold": unit["hold"]}


def _player(state: dict, seat: str, viewer: str | None, visible: list[str], off: set[str]) -> dict:
    p = state["players"][seat]
    own = viewer == seat
    show_standby = own or readings_mod.of(state).standby_visible_to_opponent
    public = [p["master"], *p["exile"], *p["arriving"], *(c for z in p["wz"] for c in z)]
    public += [u["card"] for u in (*p["lanes"].values(), p["lord"]) if u is not None]
    visible += public
    if own:
        visible += p["hand"]
    if show_standby:
        visible += p["standby"]
    return {"life": p["life"], "awakened": p["awakened"], "master": p["master"], "master_cores": p["master_cores"],
            "active": p["active"], "fatigued": p["fatigued"], "mp": p["mp"], "added": p["added"],
            "lanes": {lane: _unit(state, p["lanes"][lane], off) for lane in LANES},
            "lord": _unit(state, p["lord"], off),
            "hand": list(p["hand"]) if own else len(p["hand"]), "deck": len(p["deck"]),
            "standby": list(p["standby"]) if show_standby else len(p["standby"]),
            "arriving": list(p["arriving"]), "exile": list(p["exile"]), "wz": [list(z) for z in p["wz"]],
            "wz_cores": list(p["wz_cores"])}


def _pending(state: dict, seat: str | None) -> dict | None:
    pending = state["pending"]
    if pending is None or pending["seat"] == seat or "options" not in pending or pending["kind"] == "block":
        return pending
    return {**pending, "options": len(pending["options"])}


def view(state: dict, seat: str | None) -> dict:
    """``seat`` in ("p1", "p2") or None (spectator). Returns a JSON dict; ValueError on a bad seat."""
    if seat not in (*SEATS, None):
        raise ValueError(f"seat must be p1, p2 or None, not {seat!r}")
    visible: list[str] = []
    off = field.negated(state)
    players = {s: _player(state, s, seat, visible, off) for s in SEATS}
    cards = state["cards"]
    return {"game": state["game"], "version": state["version"], "seat": seat, "turn": state["turn"],
            "turn_seat": state["turn_seat"], "first": state["first"], "step": state["step"],
            "readings": state["readings"], "players": players, "pending": _pending(state, seat),
            "combat": state["combat"], "outcome": state["outcome"],
            "rng": {"commitment": state["rng"]["commitment"], "counter": state["rng"]["counter"]},
            "cards": {c: {k: v for k, v in cards[c].items()} for c in dict.fromkeys(visible)}}

"""IL views (ARCHITECTURE: hidden information never leaves the server except to a seat entitled to it).

A seat sees its own hand; the opponent's hand only as a count; the IL deck and technique decks only as counts;
the RNG only as its commitment and counter. A spectator (``seat=None``) sees what both players see in common.
``cards`` holds the data of the visible cards only.
"""

from __future__ import annotations

from . import rules
from .state import SEATS, attrs, incapacitated


def _il(state: dict, il: str) -> dict:
    s = state["ils"][il]
    return {
        "id": il,
        "name": state["cards"][il]["name"],
        "heart": s["heart"],
        "penalty": s["penalty"],
        "acted": s["acted"],
        "incapacitated": incapacitated(state, il),
        "growth": attrs(state, il)["growth"],
    }


def _pending(state: dict, seat: str | None) -> dict | None:
    """A declaration stays private until its cards are used (Cancel returns them to a hidden hand)."""
    pending = state["pending"]
    if pending and pending["kind"] == "assign" and pending["seat"] != seat:
        return {**pending, "halves": len(pending["halves"])}
    return pending


def view(state: dict, seat: str | None) -> dict:
    """``seat`` in ("silver", "dark") or None (spectator). Returns a JSON dict; raises ValueError on a bad
    seat."""
    if seat not in (*SEATS, None):
        raise ValueError(f"seat must be silver, dark or None, not {seat!r}")
    scene = state["scene"]
    visible = [
        il
        for zone in (state["teams"]["silver"], state["teams"]["dark"], state["strays"], state["retired"])
        for il in zone
    ] + list(state["tech"]["discard"])
    hands: dict = {}
    for s in SEATS:
        if s == seat:
            hands[s] = list(state["hands"][s])
            visible += hands[s]
        else:
            hands[s] = len(state["hands"][s])
    tech = state["tech"]
    out = {
        "game": state["game"],
        "version": state["version"],
        "seat": seat,
        "scene": scene,
        "league": rules.league(scene),
        "points_to_win": rules.points_to_win(scene) if scene % 2 else None,
        "hand_limit": rules.hand_limit(scene),
        "teams": {s: [_il(state, il) for il in state["teams"][s]] for s in SEATS},
        "strays": [_il(state, il) for il in state["strays"]],
        "retired": [_il(state, il) for il in state["retired"]],
        "il_deck": len(state["il_deck"]),
        "tech": {
            "period": tech["period"],
            "deck": len(tech["decks"][str(tech["period"])]),
            "later_decks": {p: len(d) for p, d in tech["decks"].items() if int(p) > tech["period"]},
            "discard": list(tech["discard"]),
            "out": len(tech["out"]),
        },
        "hands": hands,
        "match": state["match"],
        "results": state["results"],
        "interval": state["interval"],
        "pending": _pending(state, seat),
        "outcome": state["outcome"],
        "rng": {"commitment": state["rng"]["commitment"], "counter": state["rng"]["counter"]},
        "cards": {c: state["cards"][c] for c in visible},
    }
    return out

"""IL views (ARCHITECTURE: hidden information never leaves the server except to a seat entitled to it).

A seat sees its own hand; the opponent's hand only as a count; the IL deck and technique decks only as counts;
the RNG only as its commitment and counter. A spectator (``seat=None``) sees what both players see in common.
``cards`` holds the data of the visible cards only.
"""

from __future__ import annotations

from referee.engine.protocol import Data, State

from . import rules
from .state import SEATS


def _ils(state: State, zone: list[str]) -> list[Data]:
    """The public face of each IL in ``zone``; ``incapacitated`` is IL 9.9 (``rules.incapacitated``)."""
    live, cards = state["ils"], state["cards"]
    incapacitated = rules.incapacitated
    out = []
    for il in zone:
        s, card = live[il], cards[il]
        heart, penalty, a = s["heart"], s["penalty"], card["attributes"]
        out.append(
            {
                "id": il,
                "name": card["name"],
                "heart": heart,
                "penalty": penalty,
                "acted": s["acted"],
                "incapacitated": incapacitated(heart, a["body"], penalty),
                "growth": a["growth"],
            }
        )
    return out


def _pending(state: State, seat: str | None) -> Data | None:
    """A declaration stays private until its cards are used (Cancel returns them to a hidden hand)."""
    pending = state["pending"]
    if pending and pending["kind"] == "assign" and pending["seat"] != seat:
        return {**pending, "halves": len(pending["halves"])}
    answer: Data | None = pending
    return answer


def view(state: State, seat: str | None) -> Data:
    """``seat`` in ("silver", "dark") or None (spectator). Returns a JSON dict; raises ValueError on a bad
    seat."""
    return views(state, [seat])[seat]


def views(state: State, seats: list[str | None]) -> dict[str | None, Data]:
    """``{seat: view(state, seat)}`` for each of ``seats``, made together: the public parts (line-ups, strays,
    retired, technique zones, match, results, interval, the RNG's commitment) are one object shared by every
    view, so the live push's per-seat delta (``matches.viewdelta.diff``) passes over them without walking them.
    Raises ValueError on a bad seat."""
    for seat in seats:
        if seat not in (*SEATS, None):
            raise ValueError(f"seat must be silver, dark or None, not {seat!r}")
    scene = state["scene"]
    cards = state["cards"]
    public = {
        "teams": {s: _ils(state, state["teams"][s]) for s in SEATS},
        "strays": _ils(state, state["strays"]),
        "retired": _ils(state, state["retired"]),
        "il_deck": len(state["il_deck"]),
        "tech": _tech(state["tech"]),
    }
    rng = {"commitment": state["rng"]["commitment"], "counter": state["rng"]["counter"]}
    out = {}
    for seat in seats:
        hands, visible = _hands(state, seat)
        out[seat] = {
            "game": state["game"],
            "version": state["version"],
            "seat": seat,
            "scene": scene,
            "league": rules.league(scene),
            "points_to_win": rules.points_to_win(scene) if scene % 2 else None,
            "hand_limit": rules.hand_limit(scene),
            **public,
            "hands": hands,
            "match": state["match"],
            "results": state["results"],
            "interval": state["interval"],
            "pending": _pending(state, seat),
            "outcome": state["outcome"],
            "rng": rng,
            "cards": {c: cards[c] for c in visible},
        }
    return out


def _hands(state: State, seat: str | None) -> tuple[Data, list[str]]:
    """``seat``'s own hand as cards, the other as a count; and every card id ``seat`` may see (the ILs of the
    public zones, the discard pile and its own hand)."""
    visible = [
        *state["teams"]["silver"],
        *state["teams"]["dark"],
        *state["strays"],
        *state["retired"],
        *state["tech"]["discard"],
    ]
    hands: Data = {}
    for s in SEATS:
        if s == seat:
            hands[s] = list(state["hands"][s])
            visible += hands[s]
        else:
            hands[s] = len(state["hands"][s])
    return hands, visible


def _tech(tech: Data) -> Data:
    """The technique zones: the decks only as counts, the discard pile face up (IL 5.5)."""
    return {
        "period": tech["period"],
        "deck": len(tech["decks"][str(tech["period"])]),
        "later_decks": {p: len(d) for p, d in tech["decks"].items() if int(p) > tech["period"]},
        "discard": list(tech["discard"]),
        "out": len(tech["out"]),
    }

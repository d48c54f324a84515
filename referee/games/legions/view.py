"""Per-seat views (boardgame.io's playerView): what a seat may see, hidden zones stripped at the edge.

A seat sees its own hand and standby cards; the opponent's hand and deck, and both decks, only as counts; the
opponent's standby cards (and the cards arriving there while the owner chooses which to keep) as a count unless
the reading ``standby_visible_to_opponent`` shows them. The field, the timeline (face up) and the exclusion zones
are public. A spectator (``seat=None``) sees what both players
see in common. ``cards`` holds the data of the visible cards only; a pending choice is shown in full only to the
seat making it, with the data of the cards it offers (the top cards of its own deck that ``arrange_deck`` lets
it look at are visible to it while it chooses).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from referee.engine.protocol import Data, State

from . import field
from . import readings as readings_mod
from .state import LANES, SEATS


def _unit(state: State, unit: Data | None, off: AbstractSet[str]) -> Data | None:
    if unit is None:
        return None
    return {"card": unit["card"], "damage": unit["damage"], "fatigued": unit["fatigued"],
            "sick": unit["placed"] == state["turn"], "atk": field.atk(state, unit), "hp": field.hp(state, unit),
            "cores": unit["cores"], "keywords": sorted(field.keywords(state, unit, off)),
            "no_attack": unit["no_attack"], "hold": unit["hold"], "reversed": bool(unit.get("reversed"))}


def _player(state: State, seat: str, viewer: str | None, visible: list[str], shared: Data) -> Data:
    """``seat``'s player as ``viewer`` sees it; the card ids ``viewer`` may see are added to ``visible``.
    ``shared``: ``_public_parts(state, seat, off)``, the same object in every view of the state."""
    p = state["players"][seat]
    own = viewer == seat
    show_standby = own or readings_mod.of(state).standby_visible_to_opponent
    visible += shared["cards"]
    if own:
        visible += p["hand"]
    if show_standby:
        visible += p["standby"]
        visible += p["arriving"]
    return {"life": p["life"], "awakened": p["awakened"], "master": p["master"], "master_cores": p["master_cores"],
            "active": p["active"], "fatigued": p["fatigued"], "mp": p["mp"], "added": p["added"],
            "lanes": shared["lanes"], "lord": shared["lord"],
            "hand": list(p["hand"]) if own else len(p["hand"]), "deck": len(p["deck"]),
            "standby": list(p["standby"]) if show_standby else len(p["standby"]),
            "arriving": list(p["arriving"]) if show_standby else len(p["arriving"]),
            "exile": shared["exile"], "wz": shared["wz"], "wz_cores": shared["wz_cores"],
            "using": list(p.get("using", []))}


def _public_parts(state: State, seat: str, off: AbstractSet[str]) -> Data:
    """What every viewer sees alike of ``seat``'s player: the units on the field, the exclusion and wait zones,
    and the ids of those public cards (``cards``)."""
    p = state["players"][seat]
    cards = [*([p["master"]] if p["master"] else []), *p["exile"], *(c for z in p["wz"] for c in z),
             *p.get("using", [])]  # a Dantalion Draft's master is "" until chosen
    cards += [u["card"] for u in (*p["lanes"].values(), p["lord"]) if u is not None]
    return {"cards": cards, "lanes": {lane: _unit(state, p["lanes"][lane], off) for lane in LANES},
            "lord": _unit(state, p["lord"], off), "exile": list(p["exile"]), "wz": [list(z) for z in p["wz"]],
            "wz_cores": list(p["wz_cores"])}


def _pending(state: State, seat: str | None, visible: set[str]) -> Data | None:
    """The pending decision as ``seat`` sees it: in full for the seat making it and for a block (its options
    are units on the field); for the others the number of options, the effect's ``source`` only when that card
    is visible to them (not an unlocked card gone to hidden standby), and no number at all for a choice among
    cards of the chooser's hand (how many of them fit would tell what the hand holds)."""
    pending = state["pending"]
    if pending is None or pending["seat"] == seat or "options" not in pending or pending["kind"] == "block":
        answer: Data | None = pending
        return answer
    shown = {**pending, "options": len(pending["options"])}
    if pending.get("source") is not None and pending["source"] not in visible:
        shown["source"] = None
    if pending["kind"] == "choose" and any(o in state["players"][pending["seat"]]["hand"]
                                           for o in pending["options"]):
        shown["options"] = None
    return shown


def _combat(combat: Data | None, visible: set[str]) -> Data | None:
    """The attack under way; its ``source`` (the card giving a master its ATK) only when visible."""
    if combat is None or combat["source"] is None or combat["source"] in visible:
        return combat
    return {**combat, "source": None}


def view(state: State, seat: str | None) -> Data:
    """``seat`` in ("p1", "p2") or None (spectator). Returns a JSON dict; ValueError on a bad seat."""
    return views(state, [seat])[seat]


def views(state: State, seats: list[str | None]) -> dict[str | None, Data]:
    """``{seat: view(state, seat)}`` for each of ``seats``, made together: the units, the exclusion and wait
    zones, the RNG and each visible card's data are one object shared by every view, so the live push's per-seat
    delta (``matches.viewdelta.diff``) passes over them without walking them. ValueError on a bad seat."""
    for seat in seats:
        if seat not in (*SEATS, None):
            raise ValueError(f"seat must be p1, p2 or None, not {seat!r}")
    off = field.negated(state)
    public = {s: _public_parts(state, s, off) for s in SEATS}
    cards = state["cards"]
    rng = {"commitment": state["rng"]["commitment"], "counter": state["rng"]["counter"]}
    faces: dict[str, Data] = {}  # card id -> its data as the views show it (one copy for all of them)
    out = {}
    for seat in seats:
        visible: list[str] = []
        players = {s: _player(state, s, seat, visible, public[s]) for s in SEATS}
        pending = state["pending"]
        if pending is not None and pending["seat"] == seat and pending["kind"] in ("choose", "opening", "draft"):
            visible += [o.split("@")[0] for o in pending["options"] if o.split("@")[0] in cards]
        if "draft" in state:  # the masters to choose from are public
            visible += state["draft"]["masters"]
        seen = set(visible)
        shown = {}
        for c in dict.fromkeys(visible):
            face = faces.get(c)
            if face is None:
                face = faces[c] = {k: v for k, v in cards[c].items()}
            shown[c] = face
        out[seat] = {
            "game": state["game"], "version": state["version"], "seat": seat, "turn": state["turn"],
            "turn_seat": state["turn_seat"], "first": state["first"], "step": state["step"],
            "readings": state["readings"], "players": players, "pending": _pending(state, seat, seen),
            "combat": _combat(state["combat"], seen), "outcome": state["outcome"], "rng": rng, "cards": shown}
        if "shared" in state:  # a Dantalion Draft: the shared deck and discard, face down, as counts
            out[seat]["format"] = state["format"]
            out[seat]["shared"] = {"deck": len(state["shared"]["deck"]), "discard": len(state["shared"]["discard"]),
                                   "set": state["draft"].get("set", "")}
    return out


def visible_events(events: list[Any], seat: str | None) -> list[Data]:
    """The events ``seat`` (None: a spectator) is shown while the game runs, as dicts: a public event (empty
    ``to``) in full, one addressed to other seats (``to``, ``("server",)`` included) with its ``data`` withheld
    (None) -- the rule of ``matches.selectors.match_log``. ``events``: ``Event`` objects or their dicts."""
    out = []
    for event in events:
        raw = event if isinstance(event, dict) else event.as_dict()
        if raw["to"] and seat not in raw["to"]:
            raw = {**raw, "data": None, "withheld": True}
        out.append(raw)
    return out

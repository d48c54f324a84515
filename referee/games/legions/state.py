"""The Legions! game state (plain JSON) and the small look-ups every module shares.

Shape::

    {"game": "legions", "version": int, "rng": {...referee.engine.rng...},
     "readings": {...readings.Readings.as_config()...},
     "cards": {id: {"name", "card_type", "attributes", "abilities", "owner"}},   # never changed once set up
     "first": seat, "turn": int (1, 2, ... counting both players' turns), "turn_seat": seat,
     "step": "start.wait_turns" | ... (flow.ORDER),
     "players": {seat: player}, "pending": decision | None, "queue": [effect frame], "combat": {...} | None,
     "outcome": {"winner", "reason", "clause"} | None}
    player = {"life": 0..20, "awakened": bool, "master": card id, "master_cores": int,
              "active": int, "fatigued": int, "mp": int,                      # コア活性/疲労エリア, unspent MP
              "lanes": {"right"|"centre"|"left": unit | None}, "lord": unit | None,
              "hand": [id], "deck": [id] (top = last), "standby": [id], "exile": [id],
              "wz": [[id], [id], [id], [id]], "wz_cores": [int] * 4,          # ウェイトゾーン1..4
              "added": int (cores brought in from outside the game), "changed": bool (card change this turn),
              "deck_out": bool (had to draw and could not)}
    unit = {"card": id, "damage": int, "fatigued": bool, "placed": turn placed, "cores": int (a lord's CC),
            "atk": int, "hp": int (lasting modifiers), "eot_atk": int, "eot_hp": int, "shield": int,
            "grants": [keyword], "eot_grants": [keyword], "no_attack": bool, "hold": bool}

Seats are ``"p1"`` and ``"p2"``; which one plays first is decided at setup (開始準備).
"""

from __future__ import annotations

SEATS = ("p1", "p2")
LANES = ("right", "centre", "left")
LEADER = "leader"


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def _deep(value):
    kind = type(value)
    if kind is dict:
        return {k: _deep(v) for k, v in value.items()}
    if kind is list:
        return [_deep(v) for v in value]
    return value


def copy_state(state: dict) -> dict:
    """A copy ``apply`` may change: everything but the static card table and the readings (shared, never
    changed once set up)."""
    new = {k: _deep(v) for k, v in state.items() if k not in _SHARED}
    new["cards"], new["readings"] = state["cards"], state["readings"]
    return new


_SHARED = ("cards", "readings")


def new_unit(card: str, turn: int, cores: int = 0) -> dict:
    return {"card": card, "damage": 0, "fatigued": False, "placed": turn, "cores": cores, "atk": 0, "hp": 0,
            "eot_atk": 0, "eot_hp": 0, "shield": 0, "grants": [], "eot_grants": [], "no_attack": False,
            "hold": False}


def card(state: dict, card_id: str) -> dict:
    return state["cards"][card_id]


def name(state: dict, card_id: str) -> str:
    return state["cards"][card_id]["name"]


def attrs(state: dict, card_id: str) -> dict:
    return state["cards"][card_id]["attributes"]


def owner(state: dict, card_id: str) -> str:
    return state["cards"][card_id]["owner"]


def abilities(state: dict, card_id: str) -> dict:
    return state["cards"][card_id].get("abilities") or {}


def units(state: dict, seat: str) -> list[tuple[str, dict]]:
    """``seat``'s minions and lord on the field as ``(position, unit)``: lanes right, centre, left, then the
    lord (position ``leader``)."""
    player = state["players"][seat]
    out = [(lane, player["lanes"][lane]) for lane in LANES if player["lanes"][lane] is not None]
    if player["lord"] is not None:
        out.append((LEADER, player["lord"]))
    return out


def find_unit(state: dict, card_id: str) -> tuple[str, str, dict] | None:
    """``(seat, position, unit)`` of a minion or lord on the field; None when it is not on the field."""
    seat = state["cards"][card_id]["owner"]
    player = state["players"][seat]
    for lane in LANES:
        unit = player["lanes"][lane]
        if unit is not None and unit["card"] == card_id:
            return seat, lane, unit
    lord = player["lord"]
    if lord is not None and lord["card"] == card_id:
        return seat, LEADER, lord
    return None


def is_master(state: dict, card_id: str) -> bool:
    return state["cards"].get(card_id, {}).get("card_type") == "master"


def cores_in_play(player: dict) -> int:
    """Every core of a player in the game: master, core zone, lord and timeline (conservation checks)."""
    lord = player["lord"]["cores"] if player["lord"] else 0
    return player["master_cores"] + player["active"] + player["fatigued"] + lord + sum(player["wz_cores"])

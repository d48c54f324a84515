"""The Riders' Legend game state (plain JSON) and the look-ups every module shares.

Shape::

    {"game": "riders_legend", "version": int, "rng": {...referee.engine.rng...},
     "readings": {...readings.Readings.as_config()...},
     "cards": {id: {"name", "card_type", "attributes", "abilities", "owner"}},   # never changed once set up
     "halves": {seat: {"first": [id], "second": [id], "eyecatch": id}},       # the deck list; never changed
     "auras": [id],                                     # the cards with an ``aura`` static; never changed
     "first": seat | None (decided after the mulligans), "turn": int (both players' turns), "turn_seat": seat,
     "step": "setup.mulligan" | ... (flow.PHASES), "setup_done": bool,
     "players": {seat: player}, "pending": decision | None, "queue": [effect frame], "combat": {...} | None,
     "outcome": {"winner", "reason", "clause"} | None}
    player = {"deck": [id] (top = last), "eyecatch": id (its eyecatch card),
              "half": "first" | "second", "hand": [id], "graveyard": [id] (墓場, face up),
              "discard_pile": [id] (捨山, face down; top = last),
              "missions": [mission | None] * 5 (areas 1..5), "justice": [character] (正義フィールド),
              "operation": [[character]] * 5 (作戦フィールド), "battle": [[character]] * 5 (戦闘フィールド),
              "mulliganed": bool, "placed": {"mission": int, "character": int} (this turn),
              "mission_allowance": int (missions placeable this turn), "deck_out": bool}
    mission = {"card": id, "face_up": bool, "bluff": bool, "achieved": bool, "damage": int, "operation": int,
               "achieved_turn": int}
    character = {"id": id of its bottom card, "stack": [id] (bottom -> top), "acted": bool, "damage": int,
                 "steps": int (moved this turn), "eot_attack": int, "eot_defence": int,
                 "no_move_until": int (cannot move until the end of that turn), "hit_by": id (last attacker) | ""}

Positions are ``(field, area)``: ``("justice", 0)``, ``("operation", 1..5)``, ``("battle", 1..5)``.
"""

from __future__ import annotations

SEATS = ("p1", "p2")
AREAS = (1, 2, 3, 4, 5)
FIELDS = ("justice", "operation", "battle")


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


_NESTED = (dict, list)


def _deep(value):
    kind = type(value)
    if kind is dict:
        return {k: _deep(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        return [_deep(v) if type(v) in _NESTED else v for v in value]
    return value


def _copy_character(char: dict) -> dict:
    new = dict(char)
    new["stack"] = char["stack"][:]
    return new


def _copy_player(p: dict) -> dict:
    """A player's copy (its shape is fixed: new_player): lists of ids sliced, missions and characters copied."""
    new = dict(p)
    for key in ("deck", "hand", "graveyard", "discard_pile"):
        new[key] = p[key][:]
    new["missions"] = [None if m is None else dict(m) for m in p["missions"]]
    new["justice"] = [_copy_character(c) for c in p["justice"]]
    new["operation"] = [[_copy_character(c) for c in area] for area in p["operation"]]
    new["battle"] = [[_copy_character(c) for c in area] for area in p["battle"]]
    new["placed"] = dict(p["placed"])
    return new


_SHARED = ("cards", "readings", "halves", "auras")


def copy_state(state: dict) -> dict:
    """A copy ``apply`` may change: everything but the card table, the readings and the deck lists (never changed
    once set up)."""
    new = {k: _deep(v) if type(v) in _NESTED else v for k, v in state.items() if k not in _SHARED and k != "players"}
    new["players"] = {seat: _copy_player(p) for seat, p in state["players"].items()}
    for key in _SHARED:
        new[key] = state[key]
    return new


def new_player() -> dict:
    return {"deck": [], "eyecatch": "", "half": "first", "hand": [],
            "graveyard": [], "discard_pile": [], "missions": [None] * 5, "justice": [],
            "operation": [[] for _ in AREAS], "battle": [[] for _ in AREAS], "mulliganed": False,
            "placed": {"mission": 0, "character": 0}, "mission_allowance": 1, "deck_out": False}


def new_character(card: str) -> dict:
    return {"id": card, "stack": [card], "acted": False, "damage": 0, "steps": 0, "eot_attack": 0,
            "eot_defence": 0, "no_move_until": 0, "hit_by": ""}


def new_mission(card: str, face_up: bool, bluff: bool) -> dict:
    return {"card": card, "face_up": face_up, "bluff": bluff, "achieved": False, "damage": 0, "operation": 0,
            "achieved_turn": 0}


def card(state: dict, card_id: str) -> dict:
    return state["cards"][card_id]


def name(state: dict, card_id: str) -> str:
    return state["cards"][card_id]["name"]


def attrs(state: dict, card_id: str) -> dict:
    return state["cards"][card_id]["attributes"]


def owner(state: dict, card_id: str) -> str:
    return state["cards"][card_id]["owner"]


def kind(state: dict, card_id: str) -> str:
    return state["cards"][card_id]["card_type"]


def abilities(state: dict, card_id: str) -> dict:
    return state["cards"][card_id].get("abilities") or {}


def alignment(state: dict, card_id: str) -> str:
    """``justice`` or ``evil`` (タイプ); every faction but 正義 is of the evil type (B6)."""
    return "justice" if attrs(state, card_id).get("faction") == "正義" else "evil"


def top(char: dict) -> str:
    return char["stack"][-1]


def area_list(player: dict, field: str, area: int) -> list[dict]:
    """The characters of one field area (the justice field is one space: area 0)."""
    return player["justice"] if field == "justice" else player[field][area - 1]


def characters(state: dict, seat: str) -> list[tuple[str, int, dict]]:
    """``seat``'s characters as ``(field, area, character)``: the justice field, then operation 1..5, then
    battle 1..5."""
    player = state["players"][seat]
    out = [("justice", 0, c) for c in player["justice"]]
    for field in ("operation", "battle"):
        for i, chars in enumerate(player[field]):
            if chars:
                out += [(field, i + 1, c) for c in chars]
    return out


def find(state: dict, char_id: str) -> tuple[str, str, int, dict] | None:
    """``(seat, field, area, character)`` of the character whose bottom card is ``char_id``; None when it is not
    on the field."""
    seat = owner(state, char_id)
    player = state["players"][seat]
    for char in player["justice"]:  # the order of ``characters``, without building its list
        if char["id"] == char_id:
            return seat, "justice", 0, char
    for field in ("operation", "battle"):
        for i, chars in enumerate(player[field]):
            for char in chars:
                if char["id"] == char_id:
                    return seat, field, i + 1, char
    return None


def missions(player: dict) -> list[tuple[int, dict]]:
    """``(area, mission)`` of the player's missions."""
    return [(i + 1, m) for i, m in enumerate(player["missions"]) if m is not None]


def zones(player: dict) -> list[str]:
    """Every card id of a player, in every zone (conservation checks)."""
    out = [*player["deck"], *player["hand"], *player["graveyard"], *player["discard_pile"]]
    out += [m["card"] for m in player["missions"] if m is not None]
    for chars in (player["justice"], *player["operation"], *player["battle"]):
        for char in chars:
            out += char["stack"]
    return out

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
                 "no_move_until": int (cannot move until the end of that turn), "hit_by": id (last attacker) | "",
                 "lethal"?: true (it received damage at or above its defence: destroyed at the next check)}

Positions are ``(field, area)``: ``("justice", 0)``, ``("operation", 1..5)``, ``("battle", 1..5)``.

States are values: ``apply`` returns a new state sharing with its input every part it did not change (structural
sharing, ``copy_state``); within ``apply`` a rule changes a shared part only through ``own`` / ``own_area`` /
``own_mission`` / ``own_character``, which copy it first (copy on write). A caller that changes a state ``apply``
returned in place may change the state it came from.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from referee.engine.protocol import Data, State

from .abilities import Index, index

SEATS = ("p1", "p2")
OnField = list[tuple[str, int, Data]]  # ``characters(state, seat)``: (field, area, character) in field order
AREAS = (1, 2, 3, 4, 5)
FIELDS = ("justice", "operation", "battle")


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


_NESTED = (dict, list)


def _deep(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts and lists copied, the rest shared: immutable)."""
    kind = type(value)
    if kind is dict:
        return {k: _deep(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        return [_deep(v) if type(v) in _NESTED else v for v in value]
    return value


def _copy_player(p: Data) -> Data:
    """A player's copy for ``apply`` (its shape is fixed: new_player): its dict and its hand. The rest (deck,
    graveyard, discard_pile, missions and each mission, the field areas and each character, placed) is shared,
    copied by the code that changes it before its first change (copy on write: ``own``, ``own_area``,
    ``own_mission``, ``own_character``)."""
    new = p.copy()
    new["hand"] = p["hand"][:]
    return new


def copy_state(state: State) -> Data:
    """The copy ``apply`` changes (while ``FRESH`` is set: engine.py), sharing with ``state`` what ``apply``
    never changes in place (structural sharing: ``apply`` stays pure, its input is never changed):

    - never changed once set up: the card table, the readings, the deck lists (``halves``), ``auras``;
    - only ever replaced whole: ``pending``, ``combat``, ``outcome``, and each character's ``stack``
      (characters.transform / untransform build a new one);
    - copied by the one code that changes them: ``rng`` (``own_rng``, before a draw), ``setup`` (the setup
      decisions of engine.py), and each player's zones, missions and characters (copy on write, below).

    Copied: the top level, the players with their hands (``_copy_player``) and the effect queue with its
    frames. Written out by hand: this runs on every ``apply`` (bench/engine.py); copying every zone, character
    and mission was a fifth of a decision."""
    new = state.copy()
    players = state["players"]
    new["players"] = {"p1": _copy_player(players["p1"]), "p2": _copy_player(players["p2"])}
    queue = state["queue"]
    new["queue"] = [_deep(frame) for frame in queue] if queue else []
    return new


# Copy on write: while ``apply`` changes its copy of the state (``copy_state``), the ids of the lists and dicts
# it has made that copy's own (copied from the ones shared with its input). None outside ``apply``: then every
# part of a state is its own, changed in place (as tests and step functions called directly expect).
FRESH: ContextVar[set[int] | None] = ContextVar("riders_legend_fresh", default=None)


def _owned(fresh: set[int], value: Any) -> Any:
    """A copy of ``value`` (a list or dict), recorded as the state's own."""
    value = value.copy()
    fresh.add(id(value))
    return value


def own(state: State, seat: str, key: str) -> Any:
    """``seat``'s ``key`` (``deck``, ``graveyard``, ``discard_pile``, ``missions``, ``justice``, ``operation``,
    ``battle``, ``placed``) as the state's own, to change: during ``apply``, copied in its place the first time
    (it was shared with ``apply``'s input). Every change of one of them goes through here (or ``own_area``,
    ``own_mission``, ``own_character``); use the returned value."""
    player = state["players"][seat]
    value = player[key]
    fresh = FRESH.get()
    if fresh is None or id(value) in fresh:
        return value
    value = player[key] = _owned(fresh, value)
    return value


def own_area(state: State, seat: str, field: str, area: int) -> list[Data]:
    """The list of the characters of one of ``seat``'s field areas (``area_list``) as the state's own, to change
    (``own``'s rule: the field's list of areas, then the area's)."""
    if field == "justice":
        justice: list[Data] = own(state, seat, "justice")
        return justice
    areas = own(state, seat, field)
    group: list[Data] = areas[area - 1]
    fresh = FRESH.get()
    if fresh is None or id(group) in fresh:
        return group
    group = areas[area - 1] = _owned(fresh, group)
    return group


def own_character(state: State, char: Data) -> Data:
    """``char`` (a character of ``state``, found before) as the state's own, to change: during ``apply``, the
    one on the state's field now, copied in its place the first time (``own``'s rule). Every change of a
    character goes through here; use the returned dict."""
    fresh = FRESH.get()
    if fresh is None or id(char) in fresh:
        return char
    seat, fld, area, held = located(state, char["id"])
    if id(held) in fresh:
        return held
    group = own_area(state, seat, fld, area)
    i = group.index(held)
    group[i] = held = _owned(fresh, held)
    answer: Data = held
    return answer


def own_mission(state: State, seat: str, area: int) -> Data | None:
    """``seat``'s mission in ``area`` as the state's own, to change (``own``'s rule: the list of missions, then
    the mission)."""
    mission: Data | None = state["players"][seat]["missions"][area - 1]
    fresh = FRESH.get()
    if fresh is None or mission is None or id(mission) in fresh:
        return mission
    held = own(state, seat, "missions")
    held[area - 1] = mission = _owned(fresh, mission)
    return mission


def own_held_mission(state: State, seat: str, area: int) -> Data:
    """``own_mission`` of an area known to hold a mission (checked before); KeyError when it holds none."""
    mission = own_mission(state, seat, area)
    if mission is None:
        raise KeyError(f"{seat} mission {area}")
    return mission


def own_rng(state: State) -> Data:
    """``state["rng"]`` made this state's own (copied) before a draw advances its counter (``copy_state`` shares
    it with the state it copied)."""
    rng = state["rng"] = dict(state["rng"])
    return rng


def new_player() -> Data:
    return {"deck": [], "eyecatch": "", "half": "first", "hand": [],
            "graveyard": [], "discard_pile": [], "missions": [None] * 5, "justice": [],
            "operation": [[] for _ in AREAS], "battle": [[] for _ in AREAS], "mulliganed": False,
            "placed": {"mission": 0, "character": 0}, "mission_allowance": 1, "deck_out": False}


def new_character(card: str) -> Data:
    return {"id": card, "stack": [card], "acted": False, "damage": 0, "steps": 0, "eot_attack": 0,
            "eot_defence": 0, "no_move_until": 0, "hit_by": ""}


def new_mission(card: str, face_up: bool, bluff: bool) -> Data:
    return {"card": card, "face_up": face_up, "bluff": bluff, "achieved": False, "damage": 0, "operation": 0,
            "achieved_turn": 0}


def card(state: State, card_id: str) -> Data:
    answer: Data = state["cards"][card_id]
    return answer


def name(state: State, card_id: str) -> str:
    answer: str = state["cards"][card_id]["name"]
    return answer


def attrs(state: State, card_id: str) -> Data:
    answer: Data = state["cards"][card_id]["attributes"]
    return answer


def owner(state: State, card_id: str) -> str:
    answer: str = state["cards"][card_id]["owner"]
    return answer


def kind(state: State, card_id: str) -> str:
    answer: str = state["cards"][card_id]["card_type"]
    return answer


def abilities(state: State, card_id: str) -> Data:
    return state["cards"][card_id].get("abilities") or {}


def ability_index(state: State, card_id: str) -> Index:
    """The card's abilities as ``abilities.Index`` (its statics by code, its 変身元 names), worked out once."""
    return index(state["cards"][card_id].get("abilities"))


def alignment(state: State, card_id: str) -> str:
    """``justice`` or ``evil`` (タイプ); every faction but 正義 is of the evil type (B6)."""
    return "justice" if attrs(state, card_id).get("faction") == "正義" else "evil"


def top(char: Data) -> str:
    answer: str = char["stack"][-1]
    return answer


def area_list(player: Data, field: str, area: int) -> list[Data]:
    """The characters of one field area (the justice field is one space: area 0)."""
    answer: list[Data] = player["justice"] if field == "justice" else player[field][area - 1]
    return answer


def characters(state: State, seat: str) -> OnField:
    """``seat``'s characters as ``(field, area, character)``: the justice field, then operation 1..5, then
    battle 1..5."""
    player = state["players"][seat]
    out = []
    for char in player["justice"]:  # plain loops: this runs several times a decision
        out.append(("justice", 0, char))
    area = 0
    for chars in player["operation"]:
        area += 1
        for char in chars:
            out.append(("operation", area, char))
    area = 0
    for chars in player["battle"]:
        area += 1
        for char in chars:
            out.append(("battle", area, char))
    return out


def find(state: State, char_id: str) -> tuple[str, str, int, Data] | None:
    """``(seat, field, area, character)`` of the character whose bottom card is ``char_id``; None when it is not
    on the field (or is no card of the game: an id from a malformed action)."""
    entry = state["cards"].get(char_id)
    if entry is None:
        return None
    seat = entry["owner"]
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


def located(state: State, char_id: str) -> tuple[str, str, int, Data]:
    """``find`` of a character known to be on the field (checked before); KeyError when it is not."""
    found = find(state, char_id)
    if found is None:
        raise KeyError(char_id)
    return found


def missions(player: Data) -> list[tuple[int, Data]]:
    """``(area, mission)`` of the player's missions."""
    return [(i + 1, m) for i, m in enumerate(player["missions"]) if m is not None]


def zones(player: Data) -> list[str]:
    """Every card id of a player, in every zone (conservation checks)."""
    out = [*player["deck"], *player["hand"], *player["graveyard"], *player["discard_pile"]]
    out += [m["card"] for m in player["missions"] if m is not None]
    for chars in (player["justice"], *player["operation"], *player["battle"]):
        for char in chars:
            out += char["stack"]
    return out

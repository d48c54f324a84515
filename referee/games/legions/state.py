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
              "arriving": [id] (unlocked into a full standby zone, A4),
              "using": [id] (a skill or arts in use: it goes to the timeline or exclusion zone once its effects
              have resolved, 使用後は; public), "added": int (cores from outside the
              game), "changed": bool (card change this turn),
              "deck_out": bool (had to draw and could not)}
    unit = {"card": id, "damage": int, "fatigued": bool, "placed": turn placed, "cores": int (a lord's CC),
            "atk": int, "hp": int (lasting modifiers), "eot_atk": int, "eot_hp": int, "shield": int,
            "grants": [keyword], "eot_grants": [keyword], "no_attack": bool, "hold": bool}

Seats are ``"p1"`` and ``"p2"``; which one plays first is decided at setup (開始準備).
"""

from __future__ import annotations

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from .cores import LIFE_MAX, START_CORES

SEATS = ("p1", "p2")
LANES = ("right", "centre", "left")
LEADER = "leader"


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def copy_state(state: State) -> Data:
    """A copy deep enough for ``apply`` to change: every part a rule changes in place is copied, the rest is
    shared with ``state``.

    Shared: the static card table and the readings (never changed once set up), the RNG state (only setup
    draws), ``pending``, ``combat`` and ``outcome`` (always replaced whole), and the zones that change a few times a
    game, which a rule replaces by a new list and never changes in place: each player's ``deck``, ``exile``,
    ``arriving`` and ``using``. Copied: each player (its scalars), its lanes and units (a unit's ``grants`` lists
    are replaced, never appended to), ``hand``, ``standby``, the four wait zones and their cores, and the effect
    queue with its frames (a frame's ``picked`` is replaced, never appended to). The property test checks that
    ``apply`` never changes its input; the golden games that the logs stay the same. Written out by hand
    (``.copy()`` of each part): a generic deep copy was a fifth of the time of a decision (bench/engine.py --game
    legions)."""
    new = state.copy()
    players = state["players"]
    new["players"] = {"p1": _copy_player(players["p1"]), "p2": _copy_player(players["p2"])}
    queue = state["queue"]
    new["queue"] = [frame.copy() for frame in queue] if queue else []
    return new


def _copy_player(player: Data) -> Data:
    new = player.copy()
    lanes = player["lanes"]
    right, centre, left, lord = lanes["right"], lanes["centre"], lanes["left"], player["lord"]
    new["lanes"] = {"right": None if right is None else right.copy(),
                    "centre": None if centre is None else centre.copy(),
                    "left": None if left is None else left.copy()}
    if lord is not None:
        new["lord"] = lord.copy()
    new["hand"] = player["hand"].copy()
    new["standby"] = player["standby"].copy()
    wz = player["wz"]
    new["wz"] = [wz[0].copy(), wz[1].copy(), wz[2].copy(), wz[3].copy()]
    new["wz_cores"] = player["wz_cores"].copy()
    return new


def new_unit(card: str, turn: int, cores: int = 0) -> Data:
    return {"card": card, "damage": 0, "fatigued": False, "placed": turn, "cores": cores, "atk": 0, "hp": 0,
            "eot_atk": 0, "eot_hp": 0, "shield": 0, "grants": [], "eot_grants": [], "no_attack": False,
            "hold": False}


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
    """The card's owner: its seat in the card table, or, in a Dantalion Draft, whoever drafted or drew it
    (``state["owners"]``: the card table is static once set up and stored apart, ``matches.models``)."""
    owners = state.get("owners")
    if owners and card_id in owners:
        drafted: str = owners[card_id]
        return drafted
    answer: str = state["cards"][card_id]["owner"]
    return answer


def abilities(state: State, card_id: str) -> Data:
    return state["cards"][card_id].get("abilities") or {}


def units(state: State, seat: str) -> list[tuple[str, Data]]:
    """``seat``'s minions and lord on the field as ``(position, unit)``: lanes right, centre, left, then the
    lord (position ``leader``)."""
    player = state["players"][seat]
    out = [(lane, player["lanes"][lane]) for lane in LANES if player["lanes"][lane] is not None]
    if player["lord"] is not None:
        out.append((LEADER, player["lord"]))
    return out


def find_unit(state: State, card_id: str) -> tuple[str, str, Data] | None:
    """``(seat, position, unit)`` of a minion or lord on the field; None when it is not on the field (or is no
    card of the game: an id from a malformed action)."""
    entry = state["cards"].get(card_id)
    if entry is None:
        return None
    seat = owner(state, card_id)
    if seat not in SEATS:  # a Dantalion Draft's card no one holds yet
        return None
    player = state["players"][seat]
    for lane in LANES:
        unit = player["lanes"][lane]
        if unit is not None and unit["card"] == card_id:
            return seat, lane, unit
    lord = player["lord"]
    if lord is not None and lord["card"] == card_id:
        return seat, LEADER, lord
    return None


def placed(state: State, card_id: str) -> tuple[str, str, Data]:
    """``find_unit`` of a unit known to be on the field (checked before); KeyError when it is not."""
    found = find_unit(state, card_id)
    if found is None:
        raise KeyError(card_id)
    return found


def is_master(state: State, card_id: str) -> bool:
    answer: bool = state["cards"].get(card_id, {}).get("card_type") == "master"
    return answer


def cores_in_play(player: Data) -> int:
    """Every core of a player in the game: master, core zone, lord and timeline (conservation checks)."""
    lord = player["lord"]["cores"] if player["lord"] else 0
    answer: int = player["master_cores"] + player["active"] + player["fatigued"] + lord + sum(player["wz_cores"])
    return answer


def drafting(state: State) -> bool:
    """The match is a ダンタリオンドラフト (config ``format``: ``dantalion``; ``draft.py``)."""
    return state.get("format") == "dantalion"


def deck_of(state: State, seat: str) -> list[str]:
    """The deck ``seat`` draws from (top = last): their own, or the shared deck of a Dantalion Draft."""
    answer: list[str] = state["shared"]["deck"] if drafting(state) else state["players"][seat]["deck"]
    return answer


def set_deck(state: State, seat: str, cards: list[str]) -> None:
    """Replace the deck ``seat`` draws from (a new list: ``copy_state`` shares the old one)."""
    if drafting(state):
        state["shared"] = {**state["shared"], "deck": cards}
    else:
        state["players"][seat]["deck"] = cards


def take_ownership(state: State, seat: str, cards: list[str]) -> None:
    """Cards of a Dantalion Draft become ``seat``'s (their owner for every rule; ``""``: no one's, in the shared
    deck). Kept in ``state["owners"]``, replaced, never changed in place (``copy_state`` shares it); the card
    table itself is static once set up."""
    state["owners"] = {**state.get("owners", {}), **dict.fromkeys(cards, seat)}


DECK_TYPES = ("minion", "lord", "skill", "arts")


def _player(master_id: str) -> Data:
    return {"life": LIFE_MAX, "awakened": False, "master": master_id, "master_cores": START_CORES, "active": 0,
            "fatigued": 0, "mp": 0, "lanes": {"right": None, "centre": None, "left": None}, "lord": None,
            "hand": [], "deck": [], "standby": [], "arriving": [], "using": [], "exile": [], "wz": [[], [], [], []],
            "wz_cores": [0, 0, 0, 0], "added": 0, "changed": False, "deck_out": False}


def _entry(card: Data, seat: str) -> Data:
    return {"name": card["name"], "card_type": card["card_type"], "attributes": card.get("attributes", {}),
            "abilities": card.get("abilities") or {}, "owner": seat}


def decide_first(state: State, config: Data, events: list[Event], clause: str) -> str:
    """The first player (開始準備; the Dantalion Draft's 先攻・後攻をランダムな手段で決める): ``config["first"]``, or
    drawn from the seed (a ``first_player`` event citing ``clause``). ValueError on a seat that is none."""
    first = config.get("first")
    if first is None:
        counter = state["rng"]["counter"]
        first = SEATS[rngmod.randbelow(state["rng"], 2)]
        events.append(Event("first_player", clause, {"seat": first, "counter": counter}))
    elif first not in SEATS:
        raise ValueError(f"config first must be p1 or p2, not {first!r}")
    state["first"] = state["turn_seat"] = first
    answer: str = first
    return answer


def second_player_core(state: State, events: list[Event]) -> None:
    """A1.3: one core of the second player's master goes to their wait zone 3."""
    seat = other(state["first"])
    second = state["players"][seat]
    second["master_cores"] -= 1
    second["wz_cores"][2] += 1
    events.append(Event("second_player_core", "開始準備/A1.3", {"seat": seat, "zone": 3}))

"""The field and its lanes (Legions: 場の構成, ミニオンカード, 基本構成細則; spec A2, A6.2, M2, M6, C2, C3).

Positions are the lanes ``right``, ``centre``, ``left`` (named from their owner's side) and ``leader`` (the
leader zone, which stands as the centre lane). Keywords live while the unit is on the field (C2): a unit's
keywords are its card's, plus those granted to it, minus those a static ability on the field negates.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import readings as readings_mod
from .abilities import VOCABULARY
from .state import LANES, LEADER, abilities, attrs, find_unit, new_unit, units  # noqa: F401

FACING = {"right": "left", "centre": "centre", "left": "right", LEADER: "centre"}
"""場の構成 [INFERRED]: the lane directly across; the leader zone faces the opposing centre lane."""

ADJACENT = {"right": ("centre",), "centre": ("right", "left"), "left": ("centre",), LEADER: ("right", "left")}
"""M6 [INFERRED]: right–centre and centre–left are adjacent; ``leader`` (as the centre) for attack ranges."""


def facing(position: str) -> str:
    """A6.5/C3: the opposing lane that faces ``position`` (a lane or ``leader``)."""
    return FACING[position]


def can_move(source: str, dest: str, occupied: list[str] | tuple[str, ...]) -> bool:
    """ミニオンカード / M6: a minion moves to an adjacent lane that holds no minion."""
    return dest in ADJACENT.get(source, ()) and dest != LEADER and dest not in occupied


def can_be_fatigued(placed_this_turn: bool, keywords: list[str] | tuple[str, ...] | set[str]) -> bool:
    """基本構成細則 / A6.2: summoning sickness — a unit cannot be fatigued on its placement turn, unless it has a
    keyword whose hook ignores summoning sickness (速攻)."""
    if not placed_this_turn:
        return True
    return any("ignore_summoning_sickness" in VOCABULARY.hooks_of(k) for k in keywords)


# id(state) -> its ``negated`` keywords, while ``steady`` holds: a listing's checks read the state, never change it
_STEADY: dict[int, frozenset[str]] = {}


@contextmanager
def steady(state: State) -> Iterator[None]:
    """For the block, ``negated(state)`` is worked out once: the main phase's listing checks each candidate
    (``main.legal``), and every attack's and unlock's check asks each unit's keywords, which asked the whole
    field every time. Only for a block that does not change ``state``; nests."""
    key = id(state)
    if key in _STEADY:
        yield
        return
    _STEADY[key] = frozenset(_negated(state))
    try:
        yield
    finally:
        del _STEADY[key]


def negated(state: State) -> AbstractSet[str]:
    """Keywords a static ability on the field negates for every unit (オサキサマ: 速攻)."""
    held = _STEADY.get(id(state))
    return _negated(state) if held is None else held


def _negated(state: State) -> set[str]:
    out: set[str] = set()
    for seat in ("p1", "p2"):
        for _, unit in units(state, seat):
            if unit.get("reversed"):
                continue  # face down: its printed abilities are not in play
            for static in abilities(state, unit["card"]).get("statics", ()):
                if static["static"] == "negate_keyword":
                    out.add(static["keyword"])
    return out


def keywords(state: State, unit: Data, off: AbstractSet[str] | None = None) -> dict[str, Data]:
    """The unit's live keywords: ``{code: params}`` (衝撃 -> ``{"n": 1}``). A unit face down (リバース状態) has
    none: keywords are field effects of a card オープン on the field (spec A2 card states, C2)."""
    if unit.get("reversed"):
        return {}
    off = negated(state) if off is None else off
    out = {k["keyword"]: k for k in abilities(state, unit["card"]).get("keywords", ())}
    for code in (*unit["grants"], *unit["eot_grants"]):
        out.setdefault(code, {"keyword": code})
    for code in off:
        out.pop(code, None)
    return out


def hooks(state: State, unit: Data, off: AbstractSet[str] | None = None) -> set[str]:
    """The rule hooks of a unit's live keywords; 強襲 and 挺身 mean what our readings say (Q-L5). ``off``: the
    keywords ``negated`` (computed here when not given)."""
    out: set[str] = set()
    reading = readings_mod.of(state)
    for code in keywords(state, unit, off):
        for hook in VOCABULARY.hooks_of(code):
            if hook == "kyoushuu":
                hook = "cannot_target_lords" if reading.kyoushuu == "no_lords" else "rush"
            elif hook == "teishin":
                if reading.teishin == "none":
                    continue
                hook = "guard"
            out.add(hook)
    return out


def atk(state: State, unit: Data) -> int:
    answer: int = max(0, attrs(state, unit["card"]).get("atk", 0) + unit["atk"] + unit["eot_atk"])
    return answer


def hp(state: State, unit: Data) -> int:
    answer: int = attrs(state, unit["card"]).get("hp", 1) + unit["hp"] + unit["eot_hp"]
    return answer


def sick(state: State, unit: Data) -> bool:
    """行動不能状態 on its placement turn (summoning sickness)."""
    answer: bool = unit["placed"] == state["turn"]
    return answer


def may_fatigue(state: State, unit: Data, unit_hooks: set[str] | None = None) -> bool:
    """Active and able to be fatigued now (summoning sickness, A6.2; 速攻 lifts it)."""
    if unit["fatigued"]:
        return False
    if not sick(state, unit):
        return True
    return "ignore_summoning_sickness" in (hooks(state, unit) if unit_hooks is None else unit_hooks)


def empty_lanes(player: Data) -> list[str]:
    return [lane for lane in LANES if player["lanes"][lane] is None]


def place_minion(state: State, seat: str, card_id: str, lane: str, events: list[Event], clause: str) -> Data:
    """M2: a minion enters an empty lane, 活性 and in summoning sickness for this turn."""
    unit = new_unit(card_id, state["turn"])
    state["players"][seat]["lanes"][lane] = unit
    events.append(Event("place", clause, {"seat": seat, "card": card_id, "lane": lane}))
    return unit


def place_lord(state: State, seat: str, card_id: str, cores: int, events: list[Event]) -> Data:
    """M3: a lord enters the empty lord area carrying its core cost."""
    unit = new_unit(card_id, state["turn"], cores)
    state["players"][seat]["lord"] = unit
    events.append(Event("place", "ロードカード/M3", {"seat": seat, "card": card_id, "lane": LEADER,
                                                   "cores": cores}))
    return unit


def move(state: State, seat: str, source: str, dest: str) -> None:
    lanes = state["players"][seat]["lanes"]
    lanes[dest], lanes[source] = lanes[source], None


def position(state: State, card_id: str) -> str | None:
    found = find_unit(state, card_id)
    return found[1] if found else None


def remove_unit(state: State, seat: str, pos: str) -> Data:
    """Take the unit at ``pos`` off ``seat``'s field and return it."""
    player = state["players"][seat]
    if pos == LEADER:
        unit, player["lord"] = player["lord"], None
    else:
        unit, player["lanes"][pos] = player["lanes"][pos], None
    answer: Data = unit
    return answer

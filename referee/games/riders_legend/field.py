"""The field and its areas (Riders' Legend: 場の構成, キャラクターカード, ユニーク処理; spec B2, B6): positions,
adjacency as an explicit edge rule (part C3), where each type of character may be placed or stand, and
uniqueness by name (one's own side) and 1枚制限 (both sides).

Positions are ``(field, area)``: ``("justice", 0)``, ``("operation", i)``, ``("battle", i)`` for i in 1..5.
"""

from __future__ import annotations

from referee.engine.protocol import Data, State

from . import readings as readings_mod
from .abilities import index
from .state import AREAS, OnField, alignment, attrs, characters, other, top

JUSTICE = ("justice", 0)
FIELDS_ALL = ("justice", "operation", "battle")
POSITIONS = (JUSTICE, *(("operation", i) for i in AREAS), *(("battle", i) for i in AREAS))


def positions() -> list[tuple[str, int]]:
    """Every position of one side, in field order."""
    return list(POSITIONS)


def adjacent(a: tuple[str, int], b: tuple[str, int], lateral: bool = False) -> bool:
    """B2: the justice field is adjacent to every area of the other fields; 作戦_i and 戦闘_i are adjacent;
    with ``lateral`` (reading ``lateral_adjacency``), areas i and i±1 of one field too."""
    if a == b:
        return False
    if a[0] == "justice" or b[0] == "justice":
        return True
    if a[1] == b[1]:
        return True
    return lateral and a[0] == b[0] and abs(a[1] - b[1]) == 1


# lateral_adjacency -> position -> the positions adjacent to it, in field order (``adjacent``, worked out once)
NEIGHBOURS = {lateral: {a: tuple(b for b in POSITIONS if adjacent(a, b, lateral)) for a in POSITIONS}
              for lateral in (False, True)}


def placement_allowed(alignment_: str, field: str, own_justice_mission_in_area: bool) -> bool:
    """キャラクターカード / B2: a justice character goes into the justice field or the operation field of an
    area holding its owner's justice mission; an evil character into any battle area or the operation field of
    an area without its owner's justice mission."""
    if alignment_ == "justice":
        return field == "justice" or (field == "operation" and own_justice_mission_in_area)
    return field == "battle" or (field == "operation" and not own_justice_mission_in_area)


def stand_allowed(alignment_: str, field: str, own_justice_mission_in_area: bool) -> bool:
    """B2 [PROPOSED, reading ``movement_follows_placement``]: where a character may be after moving: the
    placement limits, except that battle areas are open to both types."""
    return field == "battle" or placement_allowed(alignment_, field, own_justice_mission_in_area)


def is_justice_mission(state: State, mission: Data | None) -> bool:
    return mission is not None and not mission["bluff"] and attrs(state, mission["card"]).get("faction") == "正義"


def own_justice_mission(state: State, seat: str, area: int) -> bool:
    """Whether ``seat`` has a justice mission in ``area`` (reading ``face_down_justice_counts``: a face-down
    one laid at setup counts)."""
    if area == 0:
        return False
    mission = state["players"][seat]["missions"][area - 1]
    if not is_justice_mission(state, mission):
        return False
    return mission["face_up"] or readings_mod.of(state).face_down_justice_counts


def justice_areas(state: State, seat: str) -> list[bool]:
    """area (0..5) -> ``own_justice_mission(state, seat, area)``, for every area at once (the placement and move
    checks of one list of legal actions), the reading looked up once."""
    face_down_counts = readings_mod.of(state).face_down_justice_counts
    out = [False]  # the justice field (area 0) holds no mission
    for mission in state["players"][seat]["missions"]:
        out.append(is_justice_mission(state, mission) and (mission["face_up"] or face_down_counts))
    return out


def may_place(state: State, seat: str, card_id: str, pos: tuple[str, int]) -> bool:
    return placement_allowed(alignment(state, card_id), pos[0], own_justice_mission(state, seat, pos[1]))


def may_stand(state: State, seat: str, card_id: str, pos: tuple[str, int]) -> bool:
    if not readings_mod.of(state).movement_follows_placement:
        return pos[0] != "justice" or alignment(state, card_id) == "justice"
    return stand_allowed(alignment(state, card_id), pos[0], own_justice_mission(state, seat, pos[1]))


def card_names(state: State, card_id: str) -> list[str]:
    """A card's own name and the names it carries (変身: the pre-transform characters named by its
    ``transforms_from`` static, STATED: even when placed alone)."""
    card = state["cards"][card_id]
    return [card["name"], *index(card.get("abilities")).transforms_from]


def names_of(state: State, char: Data) -> list[str]:
    """Every name a character carries: those of every card of its stack (B6), each card's ``card_names``."""
    cards = state["cards"]
    out: list[str] = []
    for card_id in char["stack"]:
        card = cards[card_id]
        out.append(card["name"])
        out += index(card.get("abilities")).transforms_from
    return out


def printed_names(state: State, char: Data) -> list[str]:
    """The names printed on the cards of a character's stack, without the names a transformation inherits: the
    names the other side's 1枚制限 counts (※変身: 自分キャラクターに関するユニーク制限については…引き継ぐ —
    inherited names count for their own side's uniqueness alone; issue 29, ``docs/rules/riders_legend.md``)."""
    cards = state["cards"]
    return [cards[card_id]["name"] for card_id in char["stack"]]


def placement_unique(own: list[list[str]], opponent: list[list[str]], names: list[str], limit_one: bool,
                     own_name: str | None = None) -> bool:
    """ユニーク処理 / B6: a card carrying ``names`` may join one's side only when no own character carries one of
    them; a 1枚制限 card (``limit_one``) only when no character of either side carries its name (``own_name``,
    default ``names[0]``). ``own``: the names each own character carries (inherited ones too, ``names_of``);
    ``opponent``: the names printed on each opposing character's cards (``printed_names``)."""
    wanted = set(names)
    if any(wanted & set(c) for c in own):
        return False
    if limit_one:
        key = own_name or names[0]
        return not any(key in c for c in (*own, *opponent))
    return True


class SideNames:
    """The names on the field for the uniqueness checks (B6) of one list of legal actions, each side worked out
    once, when first needed: ``holders()`` (name -> the ids of ``seat``'s characters carrying it) and ``foe()``
    (every name printed on an opposing character's cards, ``printed_names``: only 1枚制限 cards need them).
    ``on_field``:
    ``characters(state, seat)`` when the caller has it."""

    __slots__ = ("state", "seat", "on_field", "_holders", "_foe")

    def __init__(self, state: State, seat: str, on_field: OnField | None = None) -> None:
        self.state, self.seat, self.on_field = state, seat, on_field
        self._holders: dict[str, list[str]] | None = None
        self._foe: set[str] | None = None

    def holders(self) -> dict[str, list[str]]:
        if self._holders is None:
            out: dict[str, list[str]] = {}
            on_field = self.on_field if self.on_field is not None else characters(self.state, self.seat)
            for _, _, char in on_field:
                for carried in names_of(self.state, char):
                    out.setdefault(carried, []).append(char["id"])
            self._holders = out
        return self._holders

    def foe(self) -> set[str]:
        if self._foe is None:
            self._foe = {n for _, _, c in characters(self.state, other(self.seat))
                         for n in printed_names(self.state, c)}
        return self._foe


def side_names(state: State, seat: str, on_field: OnField | None = None) -> SideNames:
    """The ``SideNames`` of ``seat``: made once for the many uniqueness checks of one list of legal actions."""
    return SideNames(state, seat, on_field)


def unique_ok(state: State, seat: str, card_id: str, skip: str = "", names: SideNames | None = None) -> bool:
    """``placement_unique`` for ``card_id`` joining ``seat``'s side (``skip``: a character left out, the one
    being transformed), by name look-ups; ``names``: ``side_names(state, seat)`` when the caller has it."""
    if names is None:
        names = SideNames(state, seat)
    carried = card_names(state, card_id)
    holders = names.holders()
    for n in carried:
        for char_id in holders.get(n, ()):
            if char_id != skip:
                return False  # an own character carries one of its names
    if attrs(state, card_id).get("limit_one"):
        # 1枚制限: its own name on no character of either side (no own one carries it: it is among ``carried``;
        # the other side's count by their printed names alone)
        return carried[0] not in names.foe()
    return True


def steps_allowed(state: State, char: Data) -> int:
    """B3.4: 1 step a turn, or the ``steps`` static of its top card."""
    answer: int = index(state["cards"][char["stack"][-1]].get("abilities")).steps
    return answer


def kept_from_moving(state: State, char: Data) -> bool:
    """B3.4: an effect keeps the character from moving this turn."""
    return bool(char["no_move_until"] >= state["turn"])


def moved_its_steps(state: State, char: Data) -> bool:
    """キャラクターカード/B3.4 1歩分: the character has moved every step it has this turn (at least one)."""
    steps = char["steps"]
    return bool(steps) and steps >= steps_allowed(state, char)


def move_targets(state: State, seat: str, char: Data, pos: tuple[str, int],
                 justice: list[bool] | None = None) -> list[tuple[str, int]]:
    """The positions ``char`` (at ``pos``) may move to by one step now, under B2/B3.4. ``justice``: area (0..5) ->
    ``own_justice_mission(state, seat, area)``, when the caller has it."""
    if kept_from_moving(state, char) or moved_its_steps(state, char):
        return []
    reading = readings_mod.of(state)
    side = alignment(state, top(char))  # may_stand, its look-ups made once
    if not reading.movement_follows_placement:
        return [p for p in NEIGHBOURS[reading.lateral_adjacency][pos] if p[0] != "justice" or side == "justice"]
    if justice is None:
        justice = justice_areas(state, seat)
    return [p for p in NEIGHBOURS[reading.lateral_adjacency][pos] if stand_allowed(side, p[0], justice[p[1]])]

"""The placement phase (Riders' Legend: 配置フェイズ; spec B1.5, B3.3): laying a mission (one a turn, one per
area, face up or face down), placing a character (one a turn, in a field its type allows, meeting its 配置条件
and uniqueness), and transforming (上位変身 / 下位変身, free actions by reading ``transform_is_free``).

Each action has ``problem_x(state, action) -> (code, reason, clause) | None`` and ``do_x`` (checks, raising
IllegalAction with the reason, then acts): PokerKit's verify / can / do.
"""

from __future__ import annotations

from typing import Any

from referee.engine.actions import Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State

from . import characters as chars_mod
from . import effects, field, missions
from . import readings as readings_mod
from .actions import PlaceCharacter, PlaceMission, Transform, Untransform
from .field import SideNames
from .state import AREAS, FIELDS, OnField, alignment, attrs, characters, find, kind, located, own, top

Problem = tuple[str, str, str] | None


# The rules the checks (``problem_x``, which ``apply`` runs) and the listings (``legal_x``) share, each written
# once (issue 26, "each rule once").


def mission_laid(player: Data, setup: bool) -> bool:
    """B3.3a: the turn's mission allowance is used (no limit while setting up, B1.5)."""
    return not setup and player["placed"]["mission"] >= player["mission_allowance"]


def character_placed(player: Data) -> bool:
    """B3.3b: the turn's character is placed (one a turn)."""
    return bool(player["placed"]["character"] >= 1)


def transform_uses_placement(state: State, player: Data) -> bool:
    """B3.3c (reading ``transform_is_free``): a transformation needs the turn's placement, and it is used."""
    return not readings_mod.of(state).transform_is_free and character_placed(player)


def transformed(char: Data) -> bool:
    """B3.3c 下位変身: the character has a card beneath its top."""
    return len(char["stack"]) >= 2


def limit_one_blocks(state: State, card_id: str) -> bool:
    """B6 1枚制限: a 1枚制限 card laid face up while a face-up mission of its name is on the field."""
    return bool(attrs(state, card_id).get("limit_one")) and not _one_limit_ok(state, card_id)


def check(problem: Problem) -> None:
    if problem is not None:
        raise IllegalAction(*problem)


def problem_mission(state: State, a: PlaceMission, setup: bool = False) -> Problem:
    """B1.5/B3.3a: in the hand; an area 1..5; one a turn (the allowance); the laying rules (``missions``)."""
    player = state["players"][a.seat]
    if a.card not in player["hand"]:
        return ("not_in_hand", f"{a.card} is not in your hand", "ミッションカード")
    if a.area not in AREAS:
        return ("bad_area", f"a mission goes into area 1..5, not {a.area}", "場の構成")
    if a.bluff not in (0, 1):
        return ("bad_bluff", "bluff is 0 or 1", "ミッションのブラフ")
    if mission_laid(player, setup):
        return ("mission_placed", "a mission has already been laid this turn", "ミッションカード/B3.3a 1ターンに1枚")
    if not a.bluff and kind(state, a.card) != "mission":
        return ("not_a_mission", "only a mission card is laid as a mission; any card may be a bluff",
                "ミッションのブラフ")
    if not a.bluff and limit_one_blocks(state, a.card):
        return ("limit_one", "a 1枚制限 card is already on the field", "ユニーク処理/B6 1枚制限")
    how = missions.how_laid(state, a.seat, a.card, a.area, bool(a.bluff), setup)
    if how is None:
        if player["missions"][a.area - 1] is not None:
            return ("area_taken", f"area {a.area} already holds your mission", "ミッションカード/B3.3a 各エリア1枚")
        return ("evil_in_operation", "a justice mission is not laid where your operation field holds an evil "
                "character", "ミッションカード/B3.3a")
    return None


def _one_limit_ok(state: State, card_id: str) -> bool:
    own_name = state["cards"][card_id]["name"]
    for player in state["players"].values():
        for mission in player["missions"]:
            if mission is not None and mission["face_up"] and state["cards"][mission["card"]]["name"] == own_name:
                return False
    return True


def do_mission(state: State, a: PlaceMission, events: list[Event], setup: bool = False) -> None:
    check(problem_mission(state, a, setup))
    player = state["players"][a.seat]
    player["hand"].remove(a.card)
    if not setup:
        own(state, a.seat, "placed")["mission"] += 1
    clause = "開始準備/B1.5" if setup else "配置フェイズ/B3.3a"
    missions.lay(state, a.seat, a.card, a.area, bool(a.bluff), events, clause, setup)


def _position(field_: str, area: int) -> Problem:
    if field_ not in FIELDS:
        return ("bad_field", f"a field is justice, operation or battle, not {field_!r}", "場の構成")
    if (field_ == "justice") != (area == 0) or (field_ != "justice" and area not in AREAS):
        return ("bad_area", "the justice field is area 0; the other fields have areas 1..5", "場の構成")
    return None


def problem_character(state: State, a: PlaceCharacter) -> Problem:
    """B3.3b: in the hand; a character; one a turn; the type's fields; its placement condition; uniqueness."""
    bad = _position(a.field, a.area) or _card_problem(state, a.seat, a.card)
    if bad:
        return bad
    if not field.may_place(state, a.seat, a.card, (a.field, a.area)):
        return ("bad_field", f"this type of character is not placed in {a.field} {a.area}",
                "キャラクターカード/B2 配置できるフィールド")
    return None


def _card_problem(state: State, seat: str, card_id: str, names: SideNames | None = None) -> Problem:
    """What of ``problem_character`` does not depend on the position (``names``: ``field.side_names``, when the
    caller has it)."""
    player = state["players"][seat]
    if card_id not in player["hand"]:
        return ("not_in_hand", f"{card_id} is not in your hand", "キャラクターカード")
    if kind(state, card_id) != "character":
        return ("not_a_character", "only a character card is placed", "キャラクターカード")
    if character_placed(player):
        return ("character_placed", "a character has already been placed this turn",
                "キャラクターカード/B3.3b 1ターンに1体")
    return _fit_problem(state, seat, card_id, names)


def _fit_problem(state: State, seat: str, card_id: str, names: SideNames | None = None) -> Problem:
    """What of ``_card_problem`` remains once the card is known to be a character of the hand, placeable this
    turn: its placement condition and uniqueness."""
    if not chars_mod.placement_condition_met(state, seat, card_id):
        return ("placement_condition", "its placement condition is not met", "キャラクターカード 配置条件")
    if not field.unique_ok(state, seat, card_id, names=names):
        return ("unique", "a character of that name (or 1枚制限 card) is already on the field", "ユニーク処理/B6")
    return None


def do_character(state: State, a: PlaceCharacter, events: list[Event]) -> None:
    check(problem_character(state, a))
    player = state["players"][a.seat]
    player["hand"].remove(a.card)
    own(state, a.seat, "placed")["character"] += 1
    chars_mod.place(state, a.seat, a.card, (a.field, a.area), events, "配置フェイズ/B3.3b")


def problem_transform(state: State, a: Transform) -> Problem:
    """B3.3c: a card of the hand naming the character's top card as its 変身元; uniqueness; the placement
    condition (reading ``placement_condition_on_transform``); one's placement of the turn unless
    ``transform_is_free``."""
    found = find(state, a.character) if a.character in state["cards"] else None
    if found is None or found[0] != a.seat:
        return ("not_your_character", f"{a.character} is not a character of yours on the field", "※変身")
    if a.card not in state["players"][a.seat]["hand"]:
        return ("not_in_hand", f"{a.card} is not in your hand", "※変身")
    if (a.card, a.character) not in effects.transform_pairs(state, a.seat):
        return ("bad_transform", "that card does not transform that character here", "※変身/B3.3c")
    if transform_uses_placement(state, state["players"][a.seat]):
        return ("character_placed", "the placement of the turn is used (reading transform_is_free)", "B3.3c")
    return None


def do_transform(state: State, a: Transform, events: list[Event]) -> None:
    check(problem_transform(state, a))
    player = state["players"][a.seat]
    player["hand"].remove(a.card)
    if not readings_mod.of(state).transform_is_free:
        own(state, a.seat, "placed")["character"] += 1
    chars_mod.transform(state, a.seat, a.card, located(state, a.character)[3], events, "※変身/B3.3c 上位変身")


def problem_untransform(state: State, a: Untransform) -> Problem:
    found = find(state, a.character) if a.character in state["cards"] else None
    if found is None or found[0] != a.seat:
        return ("not_your_character", f"{a.character} is not a character of yours on the field", "※変身")
    if not transformed(found[3]):
        return ("not_transformed", "the character has no card beneath its top", "※変身/B3.3c 下位変身")
    return None


def do_untransform(state: State, a: Untransform, events: list[Event]) -> None:
    check(problem_untransform(state, a))
    chars_mod.untransform(state, a.seat, located(state, a.character)[3], events, "※変身/B3.3c 下位変身")


MISSION_KINDS = ("justice", "evil", "bluff")  # the kinds a mission is laid as (missions.placement)


def legal_missions(state: State, seat: str, setup: bool = False) -> list[PlaceMission]:
    """Every ``PlaceMission`` of ``seat``, in hand order, then area order, a mission card laid as itself before
    as a bluff. ``problem_mission``'s checks, each made once: by area (an area without one's mission, the kinds
    ``missions.placement`` lets be laid there beside the alignments of its operation field), then by card (a
    mission card as its kind unless 1枚制限 forbids it, any card as a bluff)."""
    player = state["players"][seat]
    if mission_laid(player, setup):
        return []
    open_areas = []  # (area, the kinds that may be laid there)
    for area in AREAS:
        if player["missions"][area - 1] is None:
            ops = [alignment(state, top(c)) for c in player["operation"][area - 1]]
            open_areas.append((area, {k for k in MISSION_KINDS if missions.placement(k, False, ops, setup)}))
    if not open_areas:
        return []
    cards = state["cards"]
    out = []
    for card_id in dict.fromkeys(player["hand"]):
        ways = [(1, "bluff")]  # (bluff, the kind it is laid as): any card may be a bluff
        if cards[card_id]["card_type"] == "mission" and not limit_one_blocks(state, card_id):
            ways.insert(0, (0, missions.kind_of(state, card_id, False)))
        for area, kinds in open_areas:
            for bluff, laid_as in ways:
                if laid_as in kinds:
                    out.append(PlaceMission.of(seat, card_id, area, bluff))
    return out


def legal_characters(state: State, seat: str, names: field.SideNames | None = None) -> list[PlaceCharacter]:
    """Every ``PlaceCharacter`` of ``seat`` (``problem_character``'s checks, each made once: by card, then by
    position). ``names``: ``field.side_names(state, seat)`` when the caller has it."""
    player = state["players"][seat]
    if character_placed(player):
        return []
    out = []
    where: dict[str, list[tuple[str, int]]] = {}  # alignment -> the positions it may be placed at (field.may_place)
    cards = state["cards"]
    for card_id in dict.fromkeys(player["hand"]):
        if cards[card_id]["card_type"] != "character":
            continue
        if names is None:
            names = field.side_names(state, seat)
        if _fit_problem(state, seat, card_id, names) is not None:  # _card_problem: in the hand, a character
            continue
        side = alignment(state, card_id)
        if side not in where:
            justice = field.justice_areas(state, seat)
            where[side] = [(f, a) for f, a in field.POSITIONS if field.placement_allowed(side, f, justice[a])]
        out += [PlaceCharacter.of(seat, card_id, f, a) for f, a in where[side]]
    return out


def legal_transforms(state: State, seat: str, names: field.SideNames | None = None,
                     on_field: OnField | None = None) -> list[Any]:
    """Every ``Transform`` (``effects.transform_pairs``) and ``Untransform`` of ``seat``. ``names``:
    ``field.side_names(state, seat)``, ``on_field``: ``characters(state, seat)``, when the caller has them."""
    if on_field is None:
        on_field = characters(state, seat)
    out: list[Any] = []
    if not transform_uses_placement(state, state["players"][seat]):
        out += [Transform.of(seat, card_id, char_id)
                for card_id, char_id in effects.transform_pairs(state, seat, names, on_field)]
    out += [Untransform.of(seat, c["id"]) for _, _, c in on_field if transformed(c)]
    return out

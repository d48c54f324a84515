"""IL 5: which technique halves a team may use together, and which ILs may use them.

A *stack* is the halves declared for one attack or defence: ``((card_id, side), ...)`` in hand order.
Our reading (docs/rules/iron_leaguer.md, "Using several cards"): the values of a stack add up; every half
with a
persons number must name the same number and "−" halves follow it (5.4.3); a stack of only "−" halves is
used by
one IL; every IL used must meet every half (5.4.6); no technique twice except the lower-half ディフェンス
(5.4.7);
rough-play halves are used only through a rough play (9).
"""

from __future__ import annotations

from itertools import combinations

from referee.engine.errors import IllegalAction

from . import rules
from .state import attrs, can_act, name

TIMINGS = {"attack": ("attack", "either"), "defence": ("defence", "either")}


def half_of(state: dict, card: str, side: str) -> dict:
    return attrs(state, card)[side]


def il_may_use(state: dict, il: str, half: dict) -> bool:
    """IL 5.4.1/5.4.4/5.4.5 for one IL and one half (ignores acted/incapacitated)."""
    a = attrs(state, il)
    return rules.kind_allows(half, name(state, il), a.get("kinds", [])) and rules.meets_values(
        half, state["ils"][il]["heart"], a["skill"], a["body"]
    )


def _ready_members(state: dict, seat: str) -> list[str]:
    return [il for il in state["teams"][seat] if can_act(state, il)]


def _profiles(state: dict, ils: list[str]) -> list[tuple[str, list, int, int, int]]:
    """(name, kinds, heart, skill, body) of each IL: read once per decision, checked against every half."""
    out = []
    for il in ils:
        a = attrs(state, il)
        out.append((name(state, il), a.get("kinds", []), state["ils"][il]["heart"], a["skill"], a["body"]))
    return out


def _mask(half: dict, profiles: list[tuple[str, list, int, int, int]]) -> int:
    """Bitmask of the profiles that may use ``half`` (IL 5.4.1/5.4.4/5.4.5, inlined for speed)."""
    kind, need_heart, need_skill, need_body = (
        half["kind"],
        half.get("heart", 0),
        half.get("skill", 0),
        half.get("body", 0),
    )
    named = half.get("named_ils", []) if kind == "named" else ()
    mask = 0
    for i, (il_name, kinds, heart, skill, body) in enumerate(profiles):
        if kind != "any" and (il_name not in named if kind == "named" else kind not in kinds):
            continue
        if heart >= need_heart and body >= need_body and skill + (heart - need_heart) // 2 >= need_skill:
            mask |= 1 << i
    return mask


def _options(state: dict, seat: str, mode: str) -> list[tuple[str, list[tuple[str, dict, int]]]]:
    """Per card in hand: its usable halves as (side, half, bitmask of ready ILs who may use it)."""
    profiles = _profiles(state, _ready_members(state, seat))
    timings = TIMINGS[mode]
    out = []
    for card in state["hands"][seat]:
        halves = []
        for side in ("upper", "lower"):
            half = half_of(state, card, side)
            if half.get("rough_play") or half["timing"] not in timings:
                continue
            mask = _mask(half, profiles)
            if mask:
                halves.append((side, half, mask))
        if halves:
            out.append((card, halves))
    return out


def _key(side: str, half: dict) -> str | None:
    """The identity checked by IL 5.4.7; None for the stackable lower-half ディフェンス."""
    return None if side == "lower" and half["name"] == rules.STACKABLE_HALF else half["name"]


def single_halves(state: dict, seat: str, mode: str) -> list[tuple[tuple[str, str], ...]]:
    """Every one-half stack ``seat`` may declare now for ``mode``, each with enough ready ILs (IL 5.3–5.4)."""
    out = []
    for card, halves in _options(state, seat, mode):
        for side, half, mask in halves:
            if mask.bit_count() >= (half["persons"] or 1):
                out.append(((card, side),))
    return out


def extensions(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...]
) -> list[tuple[str, str]]:
    """Every half that may join the declared stack (IL 5.4.3/5.4.6/5.4.7): the same checks as ``check_stack``,
    computed once for the stack. Every part of a valid stack is itself valid, so adding halves one at a time
    reaches every stack."""
    ready = _ready_members(state, seat)
    profiles = _profiles(state, ready)
    mask, names, numbers = -1, set(), set()
    for card, side in halves:
        half = half_of(state, card, side)
        mask &= _mask(half, profiles)
        key = _key(side, half)
        if key:
            names.add(key)
        if half["persons"] is not None:
            numbers.add(half["persons"])
    used = {card for card, _ in halves}
    out = []
    for card in state["hands"][seat]:
        if card in used:
            continue
        for side in ("upper", "lower"):
            half = half_of(state, card, side)
            if half.get("rough_play") or half["timing"] not in TIMINGS[mode]:
                continue
            key, persons = _key(side, half), half["persons"]
            if (key is not None and key in names) or (
                numbers and persons is not None and persons not in numbers
            ):
                continue
            need = persons if persons is not None else (next(iter(numbers)) if numbers else 1)
            if (mask & _mask(half, profiles)).bit_count() >= need:
                out.append((card, side))
    return out


def stack_persons(state: dict, halves: tuple[tuple[str, str], ...]) -> int:
    """IL 5.4.3: the persons of a stack ("−" follows the others; all "−": one IL)."""
    numbers = {half_of(state, c, s)["persons"] for c, s in halves} - {None}
    return numbers.pop() if len(numbers) == 1 else 1


def check_stack(state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...]) -> list[str]:
    """Validate a declared stack; returns the ready ILs who may use all of it. Raises ``IllegalAction``."""
    if mode not in TIMINGS:
        raise IllegalAction("bad_mode", f"mode must be attack or defence, not {mode!r}", "5.4.2")
    if not halves:
        raise IllegalAction("no_technique", "an attack or defence uses at least one technique card", "5.1")
    cards = [c for c, _ in halves]
    if len(set(cards)) != len(cards):
        raise IllegalAction("half_twice", "a card is used for one half only", "5.2")
    names: set[str] = set()
    numbers: set[int] = set()
    for card, side in halves:
        if card not in state["hands"][seat]:
            raise IllegalAction("not_in_hand", f"card {card} is not in your hand", "5.1")
        if side not in ("upper", "lower"):
            raise IllegalAction("bad_side", f"side must be upper or lower, not {side!r}", "5.2")
        half = half_of(state, card, side)
        if half.get("rough_play"):
            raise IllegalAction("rough_half", f"{half['name']} is a rough play (IL 9), not an {mode}", "9.1")
        if half["timing"] not in TIMINGS[mode]:
            raise IllegalAction("wrong_timing", f"{half['name']} cannot be used in {mode}", "5.4.2")
        key = _key(side, half)
        if key is not None and key in names:
            raise IllegalAction("identical_technique", f"{half['name']} is used twice at once", "5.4.7")
        if key:
            names.add(key)
        if half["persons"] is not None:
            numbers.add(half["persons"])
    if len(numbers) > 1:
        raise IllegalAction("persons_differ", f"the halves name different persons {sorted(numbers)}", "5.4.3")
    persons = stack_persons(state, halves)
    ready = _ready_members(state, seat)
    profiles = _profiles(state, ready)
    mask = -1
    for card, side in halves:
        mask &= _mask(half_of(state, card, side), profiles)
    users = [il for i, il in enumerate(ready) if mask >> i & 1]
    if len(users) < persons:
        raise IllegalAction(
            "no_users", f"{len(users)} ready IL(s) meet the techniques; {persons} needed", "5.4.6"
        )
    return users


def il_choices(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...]
) -> list[tuple[str, ...]]:
    """Every set of ILs who may use the stack (IL 5.3/5.4.3/5.4.6), in line-up order."""
    users = check_stack(state, seat, mode, halves)
    return list(combinations(users, stack_persons(state, halves)))

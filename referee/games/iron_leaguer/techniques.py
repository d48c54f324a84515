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

from functools import lru_cache
from itertools import combinations

from referee.engine.errors import IllegalAction

from . import rules
from .state import attrs, in_order, name, ready_members

TIMINGS = {"attack": ("attack", "either"), "defence": ("defence", "either")}


def half_of(state: dict, card: str, side: str) -> dict:
    return state["cards"][card]["attributes"][side]


def il_may_use(state: dict, il: str, half: dict) -> bool:
    """IL 5.4.1/5.4.4/5.4.5 for one IL and one half (ignores acted/incapacitated)."""
    a = attrs(state, il)
    return rules.kind_allows(half, name(state, il), a.get("kinds", [])) and rules.meets_values(
        half, state["ils"][il]["heart"], a["skill"], a["body"]
    )




Profile = tuple[int, int, int, int]  # (bit of the IL among the ready ones, heart, skill, body)
# everyone, by kind, by name, and the masks already computed for them by (card, side)
Profiles = tuple[list[Profile], dict[str, list[Profile]], dict[str, list[Profile]], dict[tuple, int]]


# id(card table) -> (the table, kept alive so its id is not reused; {(ils, hearts): profiles}). The table is
# never changed once the game is set up (state.py), so profiles depend only on the ready ILs and their hearts.
_PROFILE_CACHE: dict[int, tuple[dict, dict]] = {}


def _profiles(state: dict, ils: list[str], hearts: tuple[int, ...]) -> Profiles:
    """The ready ILs' values, read once per decision and checked against every half: everyone, and indexed
    by kind and by name (IL 5.4.1 picks the candidates of a half; 5.4.4/5.4.5 check their values).
    Remembered per card table: the same ready ILs with the same hearts recur for many decisions."""
    cards = state["cards"]
    entry = _PROFILE_CACHE.get(id(cards))
    if entry is None:
        if len(_PROFILE_CACHE) >= 8:  # a few games at once (one table each); bounded memory
            _PROFILE_CACHE.clear()
        entry = _PROFILE_CACHE[id(cards)] = (cards, {})
    memo = entry[1]
    key = (tuple(ils), hearts)
    found = memo.get(key)
    if found is None:
        if len(memo) >= 2048:
            memo.clear()
        found = memo[key] = _build_profiles(cards, ils, key[1])
    return found


def _build_profiles(cards: dict, ils: list[str], hearts: tuple[int, ...]) -> Profiles:
    everyone: list[Profile] = []
    by_kind: dict[str, list[Profile]] = {}
    by_name: dict[str, list[Profile]] = {}
    for i, il in enumerate(ils):
        card = cards[il]
        a = card["attributes"]
        profile = (1 << i, hearts[i], a["skill"], a["body"])
        everyone.append(profile)
        for kind in a.get("kinds", []):
            by_kind.setdefault(kind, []).append(profile)
        by_name.setdefault(card["name"], []).append(profile)
    return everyone, by_kind, by_name, {}


def _card_mask(half: dict, card: str, side: str, profiles: Profiles) -> int:
    """``_mask`` of ``half`` (side ``side`` of ``card``), remembered with the profiles: the table is fixed."""
    masks = profiles[3]
    mask = masks.get((card, side))
    if mask is None:
        mask = masks[card, side] = _mask(half, profiles)
    return mask


def _mask(half: dict, profiles: Profiles) -> int:
    """Bitmask of the profiles that may use ``half`` (IL 5.4.1/5.4.4/5.4.5, inlined for speed)."""
    everyone, by_kind, by_name, _ = profiles
    kind = half["kind"]
    if kind == "any":
        candidates = everyone
    elif kind == "named":
        candidates = [p for il_name in half.get("named_ils", []) for p in by_name.get(il_name, ())]
    else:
        candidates = by_kind.get(kind, ())
    need_heart, need_skill, need_body = half.get("heart", 0), half.get("skill", 0), half.get("body", 0)
    mask = 0
    for bit, heart, skill, body in candidates:
        if heart >= need_heart and body >= need_body and skill + (heart - need_heart) // 2 >= need_skill:
            mask |= bit
    return mask


# id(card table) -> (the table, kept alive; {mode: {card: ((side, half), ...)}}): the halves of each card that
# may be used in an attack or a defence at all (not rough play, IL 9.1; the timing, IL 5.4.2), read once.
_USABLE: dict[int, tuple[dict, dict]] = {}


def _usable(cards: dict) -> dict[str, dict[str, tuple[tuple[str, dict], ...]]]:
    entry = _USABLE.get(id(cards))
    if entry is None:
        if len(_USABLE) >= 8:
            _USABLE.clear()
        by_mode: dict[str, dict[str, tuple]] = {}
        for mode, timings in TIMINGS.items():
            by_mode[mode] = {
                card: tuple(
                    (side, half)
                    for side in ("upper", "lower")
                    if "upper" in c["attributes"]
                    and not (half := c["attributes"][side]).get("rough_play")
                    and half["timing"] in timings
                )
                for card, c in cards.items()
            }
        entry = _USABLE[id(cards)] = (cards, by_mode)
    return entry[1]


def _key(side: str, half: dict) -> str | None:
    """The identity checked by IL 5.4.7; None for the stackable lower-half ディフェンス."""
    return None if side == "lower" and half["name"] == rules.STACKABLE_HALF else half["name"]


SeatProfiles = tuple[list[str], Profiles]


def seat_profiles(state: dict, seat: str) -> SeatProfiles:
    """``seat``'s ready ILs (``ready_members``) and their ``_profiles``, whose last part, the memo, also
    remembers answers that depend only on them, the (fixed) card table and the arguments, which every key
    holds (the hand included). A caller asking several questions of one state computes it once and passes it
    as ``seen``; a caller may keep its own answers in the memo under keys of its own (``("name", ...)``)."""
    ready, hearts = ready_members(state, seat)
    return ready, _profiles(state, ready, hearts)


def _seat_profiles(state: dict, seat: str, seen: SeatProfiles | None) -> SeatProfiles:
    return seat_profiles(state, seat) if seen is None else seen


def single_halves(
    state: dict, seat: str, mode: str, seen: SeatProfiles | None = None
) -> list[tuple[tuple[str, str], ...]]:
    """Every one-half stack ``seat`` may declare now for ``mode``, each with enough ready ILs (IL 5.3–5.4).
    ``seen``: ``seat_profiles(state, seat)`` when the caller has computed it."""
    _, profiles = _seat_profiles(state, seat, seen)
    memo, key = profiles[3], ("single", seat, mode, tuple(state["hands"][seat]))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _single_halves(state, seat, mode, profiles)
    return list(found)


def _single_halves(state: dict, seat: str, mode: str, profiles: Profiles) -> list[tuple[tuple[str, str], ...]]:
    """Per card in hand, each half usable in ``mode`` (``_usable``) with enough ready ILs who may use it
    (the bitmask of ``_card_mask``)."""
    usable, masks = _usable(state["cards"])[mode], profiles[3]
    out = []
    for card in state["hands"][seat]:
        for side, half in usable[card]:
            mask = masks.get((card, side))
            if mask is None:
                mask = _card_mask(half, card, side, profiles)
            if mask and mask.bit_count() >= (half["persons"] or 1):
                out.append(((card, side),))
    return out


def extensions(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: SeatProfiles | None = None
) -> list[tuple[str, str]]:
    """Every half that may join the declared stack (IL 5.4.3/5.4.6/5.4.7): the same checks as ``check_stack``,
    computed once for the stack. Every part of a valid stack is itself valid, so adding halves one at a time
    reaches every stack. ``seen`` as in ``single_halves``."""
    _, profiles = _seat_profiles(state, seat, seen)
    memo, key = profiles[3], ("extensions", seat, mode, halves, tuple(state["hands"][seat]))
    try:
        found = memo.get(key)
    except TypeError:  # halves given as lists: not remembered
        return _extensions(state, seat, mode, halves, profiles)
    if found is None:
        found = memo[key] = _extensions(state, seat, mode, halves, profiles)
    return list(found)


def _extensions(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...], profiles: Profiles
) -> list[tuple[str, str]]:
    mask, names, numbers = -1, set(), set()
    for card, side in halves:
        half = half_of(state, card, side)
        mask &= _card_mask(half, card, side, profiles)
        key = _key(side, half)
        if key:
            names.add(key)
        if half["persons"] is not None:
            numbers.add(half["persons"])
    used = {card for card, _ in halves}
    usable, masks = _usable(state["cards"])[mode], profiles[3]
    out = []
    for card in state["hands"][seat]:
        if card in used:
            continue
        for side, half in usable[card]:
            key, persons = _key(side, half), half["persons"]
            if (key is not None and key in names) or (
                numbers and persons is not None and persons not in numbers
            ):
                continue
            need = persons if persons is not None else (next(iter(numbers)) if numbers else 1)
            half_mask = masks.get((card, side))
            if half_mask is None:
                half_mask = _card_mask(half, card, side, profiles)
            if (mask & half_mask).bit_count() >= need:
                out.append((card, side))
    return out


def stack_persons(state: dict, halves: tuple[tuple[str, str], ...]) -> int:
    """IL 5.4.3: the persons of a stack ("−" follows the others; all "−": one IL)."""
    cards, found = state["cards"], None
    for card, side in halves:
        persons = cards[card]["attributes"][side]["persons"]
        if persons is not None:
            if found is not None and persons != found:
                return 1  # different numbers: refused by check_stack (5.4.3); 1 as before
            found = persons
    return 1 if found is None else found


def check_stack(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: SeatProfiles | None = None
) -> list[str]:
    """Validate a declared stack; returns the ready ILs who may use all of it. Raises ``IllegalAction``.
    A valid stack's users are remembered (``_seat_profiles``): one stack is checked when listed, declared and
    assigned. ``seen`` as in ``single_halves``."""
    ready, profiles = _seat_profiles(state, seat, seen)
    memo, key = profiles[3], ("stack", seat, mode, halves, tuple(state["hands"][seat]))
    try:
        found = memo.get(key)
    except TypeError:  # halves given as lists: not remembered
        return _check_stack(state, seat, mode, halves, ready, profiles)
    if found is None:
        found = memo[key] = _check_stack(state, seat, mode, halves, ready, profiles)
    return list(found)


def _check_stack(
    state: dict,
    seat: str,
    mode: str,
    halves: tuple[tuple[str, str], ...],
    ready: list[str],
    profiles: Profiles,
) -> list[str]:
    _check_halves(state, seat, mode, halves)
    persons = stack_persons(state, halves)
    mask = -1
    for card, side in halves:
        mask &= _card_mask(half_of(state, card, side), card, side, profiles)
    users = [il for i, il in enumerate(ready) if mask >> i & 1]
    if len(users) < persons:
        raise IllegalAction(
            "no_users", f"{len(users)} ready IL(s) meet the techniques; {persons} needed", "5.4.6"
        )
    return users


def _check_halves(state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...]) -> None:
    """IL 5.1/5.2/5.4.2/5.4.3/5.4.7/9.1 for each half and the stack as a whole (not yet who may use it)."""
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


def il_users(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: SeatProfiles | None = None
) -> tuple[tuple[str, ...], int]:
    """``(users, persons)``: the ready ILs who may use the whole stack, in line-up order, and how many of them
    use it (IL 5.3/5.4.3/5.4.6). Raises ``IllegalAction`` as ``check_stack``. ``seen`` as in ``single_halves``;
    remembered like ``check_stack`` (listed, declared and assigned)."""
    seen = _seat_profiles(state, seat, seen)
    memo, key = seen[1][3], ("users", seat, mode, halves, tuple(state["hands"][seat]))
    try:
        found = memo.get(key)
    except TypeError:  # halves given as lists: not remembered
        found = key = None
    if found is None:
        found = (tuple(check_stack(state, seat, mode, halves, seen)), stack_persons(state, halves))
        if key is not None:
            memo[key] = found
    return found


@lru_cache(maxsize=4096)
def user_sets(users: tuple[str, ...], persons: int) -> tuple[tuple[str, ...], ...]:
    """Every ``persons`` of ``users``, in line-up order (made once per line-up and number)."""
    return tuple(combinations(users, persons))


def is_user_set(ils: tuple[str, ...], users: tuple[str, ...], persons: int) -> bool:
    """``ils in user_sets(users, persons)`` without listing them: ``persons`` distinct users in line-up order."""
    return len(ils) == persons and in_order(ils, users)


def il_choices(
    state: dict, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: SeatProfiles | None = None
) -> list[tuple[str, ...]]:
    """Every set of ILs who may use the stack (IL 5.3/5.4.3/5.4.6), in line-up order: ``user_sets`` of
    ``il_users``. ``seen`` as in ``single_halves``."""
    return list(user_sets(*il_users(state, seat, mode, halves, seen)))

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

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State

from . import rules
from .state import attrs, derived, in_order, name

TIMINGS = {"attack": ("attack", "either"), "defence": ("defence", "either")}


def half_of(state: State, card: str, side: str) -> Data:
    answer: Data = state["cards"][card]["attributes"][side]
    return answer


def il_may_use(state: State, il: str, half: Data) -> bool:
    """IL 5.4.1/5.4.4/5.4.5 for one IL and one half (ignores acted/incapacitated)."""
    a = attrs(state, il)
    return rules.kind_allows(half, name(state, il), a.get("kinds", [])) and rules.meets_values(
        half, state["ils"][il]["heart"], a["skill"], a["body"]
    )


# (card, side) -> that very tuple: the one key object of a half in every ``Team.masks`` (a new tuple per Team
# and half would be one more object for the cyclic garbage collector to count and walk; a few hundred halves)
_HALF_KEYS: dict[tuple[str, str], tuple[str, str]] = {}


class Team:
    """A line-up at given hearts, and what depends only on it and the (fixed) card table. Bit ``i`` of a mask
    stands for the ``i``-th member in line-up order.

    ``mask(card, side)``: the members who meet that half (IL 5.4.1 kind or name, 5.4.4/5.4.5 values; acted or
    incapacitated or not). Hearts change only by growth and a line-up only at the interval, so one ``Team``
    serves a whole match while ILs act and ready up: who can act now is the ``ready`` mask of the seat's
    ``Profile``, ANDed in."""

    __slots__ = ("cards", "ils", "hearts", "masks", "groups", "everyone", "by_kind", "by_name")

    def __init__(self, cards: Data, ils: tuple[str, ...], hearts: tuple[int, ...]) -> None:
        self.cards, self.ils, self.hearts = cards, ils, hearts
        self.masks: dict[tuple[str, str], int] = {}
        self.groups: dict[int, tuple[str, ...]] = {}
        # each member's (bit, heart, skill, body): everyone, by kind and by name (IL 5.4.1 picks a half's
        # candidates, 5.4.4/5.4.5 check their values); tuples of ints, which the cyclic garbage collector stops
        # tracking (a Team lives as long as its cache entry: it would walk them on every full collection)
        everyone: list[tuple[int, int, int, int]] = []
        by_kind: dict[str, list[tuple[int, int, int, int]]] = {}
        by_name: dict[str, list[tuple[int, int, int, int]]] = {}
        for i, il in enumerate(ils):
            card = cards[il]
            a = card["attributes"]
            member = (1 << i, hearts[i], a["skill"], a["body"])
            everyone.append(member)
            for kind in a.get("kinds", []):
                by_kind.setdefault(kind, []).append(member)
            by_name.setdefault(card["name"], []).append(member)
        self.everyone = tuple(everyone)
        self.by_kind = {kind: tuple(members) for kind, members in by_kind.items()}
        self.by_name = {il_name: tuple(members) for il_name, members in by_name.items()}

    def mask(self, card: str, side: str) -> int:
        found = self.masks.get((card, side))
        if found is None:
            key = _HALF_KEYS.setdefault((card, side), (card, side))  # one key object per half, every Team
            found = self.masks[key] = self._mask(self.cards[card]["attributes"][side])
        return found

    def members(self, mask: int) -> tuple[str, ...]:
        """The members whose bits ``mask`` sets, in line-up order (remembered per mask)."""
        found = self.groups.get(mask)
        if found is None:
            found = self.groups[mask] = tuple(il for i, il in enumerate(self.ils) if mask >> i & 1)
        return found

    def _mask(self, half: Data) -> int:
        """IL 5.4.1/5.4.4/5.4.5 for every member (``il_may_use``, inlined: one pass per half and team)."""
        kind = half["kind"]
        candidates: Sequence[tuple[int, int, int, int]]
        if kind == "any":
            candidates = self.everyone
        elif kind == "named":
            candidates = [m for il_name in half.get("named_ils", []) for m in self.by_name.get(il_name, ())]
        else:
            candidates = self.by_kind.get(kind, ())
        need_heart, need_skill, need_body = half.get("heart", 0), half.get("skill", 0), half.get("body", 0)
        mask = 0
        for bit, heart, skill, body in candidates:
            if heart >= need_heart and body >= need_body and skill + (heart - need_heart) // 2 >= need_skill:
                mask |= bit
        return mask


class Profile:
    """One seat's line-up with its members' entries as they are now (``seat_profiles``): ``team``, the ``Team``
    of the line-up and hearts; ``ready``, the mask of the members who can act (IL 5.3/9.9); ``acted``, the
    line-up's acted ILs in order (IL 6.6.3 may ready them); and ``memo``: answers that depend on the profile
    and on what their key holds, the hand included (``("name", ...)`` tuples; ``remember`` bounds it)."""

    __slots__ = ("team", "ready", "acted", "memo")

    def __init__(self, team: Team, ready: int, acted: tuple[str, ...]) -> None:
        self.team, self.ready, self.acted = team, ready, acted
        self.memo: dict[tuple[Any, ...], Any] = {}

    def remember(self, key: tuple[Any, ...], value: Any) -> Any:
        """``memo[key] = value`` (cleared first past 64 answers: bounded memory); returns ``value``."""
        memo = self.memo
        if len(memo) >= 64:
            memo.clear()
        memo[key] = value
        return value


# derived(cards)["techniques"] = ({(line-up, hearts): Team}, {(seat, line-up, every member's (heart, acted,
# penalty)): Profile}). The table is never changed once the game is set up (state.py), so a Team depends only
# on its line-up and hearts, and a Profile on the members' entries.
_STATUS = itemgetter("heart", "acted", "penalty")
# Profiles kept per card table (then cleared). A profile serves the few calls of one decision and the next
# (listing, declaring, assigning read the same members); a profile from another moment is rarely met again on
# new seeds, and every one kept, with its memo, is walked by the cyclic garbage collector: 4,096 kept cost a
# new-seed game 134 M instructions and 8,700 objects walked by the collector, 32 kept 133 M and 3,800
# (replaying the same seeds, where old profiles do come back: 102 M against 109 M).
PROFILES_KEPT = 32


_Teams = dict[tuple[tuple[str, ...], tuple[int, ...]], "Team"]
_Profiles = dict[tuple[str, tuple[str, ...], tuple[tuple[int, bool, int], ...]], Profile]


def _tables(cards: Data) -> tuple[_Teams, _Profiles]:
    found = derived(cards).get("techniques")
    if found is None:
        found = derived(cards)["techniques"] = ({}, {})
    tables: tuple[_Teams, _Profiles] = found
    return tables


def _team(cards: Data, ils: tuple[str, ...], hearts: tuple[int, ...]) -> Team:
    teams = _tables(cards)[0]
    found = teams.get((ils, hearts))
    if found is None:
        if len(teams) >= 256:
            teams.clear()
        found = teams[ils, hearts] = Team(derived(cards).cards, ils, hearts)
    answer: Team = found
    return answer


class _Usable(Data):
    """card -> ``((card, side), side, half, persons needed, identity, persons), ...``: the halves of the card
    that may be used in an attack or a defence at all (not rough play, IL 9.1; the timing, IL 5.4.2), read
    once per card and mode. ``(card, side)`` is the key of ``Team.masks`` (made once); identity is what IL
    5.4.7 compares (``_key``), persons the half's own number (None for "−", 5.4.3)."""

    def __init__(self, cards: Data, timings: tuple[str, ...]) -> None:
        super().__init__()
        self.cards, self.timings = cards, timings

    def __missing__(self, card: str) -> tuple[tuple[tuple[str, str], str, Data, int, str | None, int | None], ...]:
        attributes = self.cards[card]["attributes"]
        found = self[card] = tuple(
            ((card, side), side, half, half["persons"] or 1, _key(side, half), half["persons"])
            for side in ("upper", "lower")
            if "upper" in attributes
            and not (half := attributes[side]).get("rough_play")
            and half["timing"] in self.timings
        )
        return found


def usable_halves(cards: Data) -> dict[str, _Usable]:
    """``{mode: _Usable}`` for the card table ``cards`` (made once per table content, ``derived``)."""
    table = derived(cards)
    found = table.get("usable")
    if found is None:
        found = table["usable"] = {mode: _Usable(table.cards, timings) for mode, timings in TIMINGS.items()}
    return found


def _key(side: str, half: Data) -> str | None:
    """The identity checked by IL 5.4.7; None for the stackable lower-half ディフェンス."""
    return None if side == "lower" and half["name"] == rules.STACKABLE_HALF else half["name"]


SeatProfiles = Profile  # the name callers pass as ``seen``


def seat_profiles(state: State, seat: str) -> Profile:
    """``seat``'s ``Profile``: its ``Team`` (line-up and hearts), the mask of its members who can act
    (``state.can_act``, IL 5.3/9.9) and its acted members. A caller asking several questions of one state
    computes it once and passes it as ``seen``; a caller may keep its own answers in ``Profile.memo`` under
    keys of its own (``("name", ..., hand)``).

    Read on every decision, so the members' entries are read by C-level ``map`` and the profile remembered
    by their content (never by the state's identity: a caller may change a state in place, a test does)."""
    ils, cards = state["ils"], state["cards"]
    line = tuple(state["teams"][seat])
    # the members' entries by one C call (``itemgetter`` of two or more keys gives a tuple; of one, the item)
    entries = itemgetter(*line)(ils) if len(line) > 1 else map(ils.__getitem__, line)
    statuses = tuple(map(_STATUS, entries))
    seen = _tables(cards)[1]
    found = seen.get((seat, line, statuses))
    if found is None:
        if len(seen) >= PROFILES_KEPT:
            seen.clear()
        ready, bit, acted = 0, 1, []
        for il, (heart, was_acted, penalty) in zip(line, statuses, strict=True):
            if was_acted:
                acted.append(il)
            elif not rules.incapacitated(heart, cards[il]["attributes"]["body"], penalty):
                ready |= bit
            bit <<= 1
        team = _team(cards, line, tuple(heart for heart, _, _ in statuses))
        found = seen[seat, line, statuses] = Profile(team, ready, tuple(acted))
    answer: Profile = found
    return answer


def _seat_profiles(state: State, seat: str, seen: Profile | None) -> Profile:
    return seat_profiles(state, seat) if seen is None else seen


def single_halves(
    state: State, seat: str, mode: str, seen: Profile | None = None
) -> list[tuple[tuple[str, str], ...]]:
    """Every one-half stack ``seat`` may declare now for ``mode``, each with enough ready ILs (IL 5.3–5.4).
    ``seen``: ``seat_profiles(state, seat)`` when the caller has computed it."""
    profile = _seat_profiles(state, seat, seen)
    team, ready = profile.team, profile.ready
    usable, masks = usable_halves(state["cards"])[mode], team.masks
    out: list[tuple[tuple[str, str], ...]] = []
    for card in state["hands"][seat]:
        for key, side, _, need, _, _ in usable[card]:
            mask = masks.get(key)
            if mask is None:
                mask = team.mask(card, side)
            if (mask & ready).bit_count() >= need:
                out.append((key,))
    return out


def extensions(
    state: State, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: Profile | None = None
) -> list[tuple[str, str]]:
    """Every half that may join the declared stack (IL 5.4.3/5.4.6/5.4.7): the same checks as ``check_stack``,
    computed once for the stack. Every part of a valid stack is itself valid, so adding halves one at a time
    reaches every stack. ``seen`` as in ``single_halves``."""
    profile = _seat_profiles(state, seat, seen)
    team, cards = profile.team, state["cards"]
    mask, names, number = profile.ready, set(), None
    for card, side in halves:
        half = cards[card]["attributes"][side]
        mask &= team.mask(card, side)
        key = _key(side, half)
        if key:
            names.add(key)
        if half["persons"] is not None:
            number = half["persons"]  # a valid stack names one number (5.4.3)
    used = {card for card, _ in halves}
    usable, masks = usable_halves(cards)[mode], team.masks
    out = []
    for card in state["hands"][seat]:
        if card in used:
            continue
        for mask_key, side, _, _, key, persons in usable[card]:
            if key is not None and key in names:  # IL 5.4.7
                continue
            if persons is None:  # "−" follows the stack's number (5.4.3)
                persons = 1 if number is None else number
            elif number is not None and persons != number:  # IL 5.4.3
                continue
            half_mask = masks.get(mask_key)
            if half_mask is None:
                half_mask = team.mask(card, side)
            if (mask & half_mask).bit_count() >= persons:  # IL 5.4.6
                out.append(mask_key)
    return out


def stack_persons(state: State, halves: tuple[tuple[str, str], ...] | list[list[str]]) -> int:
    """IL 5.4.3: the persons of a stack ("−" follows the others; all "−": one IL). ``halves``: ``(card, side)``
    pairs, tuples or the lists of a pending declaration."""
    cards, found = state["cards"], None
    for card, side in halves:
        persons = cards[card]["attributes"][side]["persons"]
        if persons is not None:
            if found is not None and persons != found:
                return 1  # different numbers: refused by check_stack (5.4.3); 1 as before
            found = persons
    return 1 if found is None else found


def check_stack(
    state: State, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: Profile | None = None
) -> list[str]:
    """Validate a declared stack; returns the ready ILs who may use all of it. Raises ``IllegalAction``.
    ``seen`` as in ``single_halves``; remembered as ``il_users``."""
    return list(il_users(state, seat, mode, halves, seen)[0])


def _check_stack(
    state: State, seat: str, mode: str, halves: tuple[tuple[str, str], ...], team: Team, ready: int
) -> tuple[tuple[str, ...], int]:
    _check_halves(state, seat, mode, halves)
    persons = stack_persons(state, halves)
    mask = ready
    for card, side in halves:
        mask &= team.mask(card, side)
    users = team.members(mask)
    if len(users) < persons:
        raise IllegalAction(
            "no_users", f"{len(users)} ready IL(s) meet the techniques; {persons} needed", "5.4.6"
        )
    return users, persons


def _check_halves(state: State, seat: str, mode: str, halves: tuple[tuple[str, str], ...]) -> None:
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
    state: State, seat: str, mode: str, halves: tuple[tuple[str, str], ...], seen: Profile | None = None
) -> tuple[tuple[str, ...], int]:
    """``(users, persons)``: the ready ILs who may use the whole stack, in line-up order, and how many of them
    use it (IL 5.3/5.4.3/5.4.6). Raises ``IllegalAction`` for a stack that may not be declared (IL 5.1/5.2/
    5.4.2/5.4.3/5.4.6/5.4.7/9.1). ``seen`` as in ``single_halves``. A valid stack's answer is remembered in the
    profile's memo (with the hand: 5.1 checks it), so one stack is checked once when declared, listed and
    assigned."""
    profile = _seat_profiles(state, seat, seen)
    key = ("stack", mode, halves, tuple(state["hands"][seat]))
    try:
        found = profile.memo.get(key)
    except TypeError:  # halves given as lists: not remembered
        return _check_stack(state, seat, mode, halves, profile.team, profile.ready)
    if found is None:
        found = profile.remember(key, _check_stack(state, seat, mode, halves, profile.team, profile.ready))
    users: tuple[tuple[str, ...], int] = found
    return users


def is_user_set(ils: tuple[str, ...], users: tuple[str, ...], persons: int) -> bool:
    """``ils`` is one of the ``combinations(users, persons)`` the assign step lists (IL 5.4.3/5.4.6), without
    listing them: ``persons`` distinct users in line-up order."""
    return len(ils) == persons and in_order(ils, users)

"""Information sets: what one seat knows of a game, and nothing more (issue 28: the search bot never peeks).

A search bot decides from an :class:`InformationSet`, made here from the true state by trusted code, never from
the state itself. It is the engine state with every card the seat may not see (the engine's own ``view`` says
which: the ids of its ``cards``) renamed to a placeholder and its data removed:

- the placeholders are ``"?1"``, ``"?2"``, … in the order the hidden cards first appear in the state read in a
  fixed order (sorted keys, lists in order), so they name positions (the third card of the other hand, the top of
  a deck), never cards: two states that differ only in hidden cards give the same information set;
- each placeholder keeps only its *group*, which the game names from what is public (Legions and Riders' Legend:
  ``"own"`` or ``"other"``, the card's owner; Iron Leaguer: ``"il"`` or ``"tech"``, the deck it belongs to);
- a group whose multiset the seat knows (its own deck list; a deck whose composition the game fixes) comes with
  that multiset (``pools``), in a canonical order; the other groups come with none: a bot guesses them from a
  prior of its own, never from the real deck;
- the game's secret seed is removed (the dice and shuffles to come are unknown).

``determinize`` turns an information set back into a full state a search can play: the known pools dealt at
random into their placeholders, the other groups drawn from a prior the caller gives, a fresh seed.

Shapes: states are the engines' plain JSON; a card's data is ``{"name", "card_type", "attributes", …}``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import State

# group_of(card_id, card_data, seat, where) -> (group, known): the public group of a card hidden from ``seat``
# (``where``: the dotted path of the place it first appears, as "players.p2.standby": public too), and whether
# ``seat`` knows the multiset of that group's hidden cards.
GroupOf = Callable[[str, dict[str, Any], str, str], tuple[str, bool]]

# prior(group, count, rng) -> ``count`` cards' data for the hidden cards of an unknown group.
Prior = Callable[[str, int, random.Random], Sequence[dict[str, Any]]]

PLACEHOLDER = "?"


@dataclass(frozen=True)
class InformationSet:
    """What ``seat`` knows: ``state`` (hidden cards as placeholders, no seed), ``groups`` (placeholder → group),
    ``pools`` (group → the data of its hidden cards, for the groups ``seat`` knows the multiset of; sorted by
    their JSON)."""

    seat: str
    state: State
    groups: dict[str, str] = field(default_factory=dict)
    pools: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def key(self) -> str:
        """A canonical text of the whole information set (equal sets, equal keys)."""
        return json.dumps([self.seat, self.state, self.groups, self.pools], sort_keys=True, ensure_ascii=False)


def _order(value: Any, hidden: set[str], found: dict[str, str], where: str = "") -> None:
    """The hidden ids in ``value`` in the order of a fixed reading (sorted keys, lists in order), each with the
    dotted path of the place it first appears (list indexes left out)."""
    if isinstance(value, str):
        if value in hidden and value not in found:
            found[value] = where
    elif isinstance(value, dict):
        for key in sorted(value):
            _order(value[key], hidden, found, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for item in value:
            _order(item, hidden, found, where)


def _rename(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every hidden id renamed; an entry of a dict *keyed* by a hidden id (a per-card record, as
    Iron Leaguer's ``ils``) is left out: the game's ``rebuild`` makes it again for the card dealt there."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, dict):
        return {k: _rename(v, names) for k, v in value.items() if k not in names}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    return value


def information_set(engine: Any, state: State, seat: str, group_of: GroupOf,
                    derived: Sequence[str] = ()) -> InformationSet:
    """``seat``'s information set of ``state`` (the module docstring). The visible cards are those of
    ``engine.view(state, seat)["cards"]``; every other card of ``state["cards"]`` is hidden. ``derived``: the
    state's parts worked out from the cards (Riders' Legend's ``auras``), left out and made again by the game's
    ``rebuild`` after a determinization (they would tell what a hidden card is)."""
    cards: dict[str, Any] = state.get("cards") or {}
    visible = set(engine.view(state, seat).get("cards") or {})
    hidden = {ref for ref in cards if ref not in visible}
    body = {k: v for k, v in state.items() if k not in ("cards", "rng", *derived)}
    found: dict[str, str] = {}
    _order(body, hidden, found)
    names = {ref: f"{PLACEHOLDER}{n}" for n, ref in enumerate(found, start=1)}
    groups: dict[str, str] = {}
    pools: dict[str, list[dict[str, Any]]] = {}
    unknown: set[str] = set()
    for ref, name in names.items():
        group, known = group_of(ref, cards[ref], seat, found[ref])
        groups[name] = group
        if known:
            pools.setdefault(group, []).append(cards[ref])
        else:
            unknown.add(group)
    for pool in pools.values():
        pool.sort(key=lambda card: json.dumps(card, sort_keys=True, ensure_ascii=False))
    redacted = _rename(body, names)
    redacted["cards"] = {ref: data for ref, data in cards.items() if ref in visible}
    rng = state.get("rng")
    if isinstance(rng, dict):
        redacted["rng"] = {k: v for k, v in rng.items() if k != "seed"}
    return InformationSet(seat=seat, state=redacted, groups=groups, pools=pools)


class Dealer:
    """Deals determinizations of one information set (``determinize``), the work they share done once: the state
    written as JSON, and a card table with each known group's pool in a canonical order.

    A deal shuffles, within each known group, which placeholder stands where (the placeholders of the JSON text
    renamed, then read back), rather than which card each placeholder is: the same deals, relabelled. So while
    every hidden group is known (Iron Leaguer), every deal of the set shares one card table, and what a game
    works out from its table alone (Iron Leaguer's ``state.derived``) is worked out once per search, not once
    per deal. The table and its cards are shared, never to be changed in place (the engines' states are
    values); everything else of a deal is its own."""

    _TOKEN = re.compile(r'"\?[0-9]+"')

    def __init__(self, info: InformationSet, prior: Prior, seed_rng: Callable[[random.Random], Any],
                 rebuild: Callable[[State, dict[str, str]], None] | None = None) -> None:
        self._info, self._prior, self._seed_rng, self._rebuild = info, prior, seed_rng, rebuild
        body = {k: v for k, v in info.state.items() if k != "cards"}
        self._text = json.dumps(body)
        by_group: dict[str, list[str]] = {}
        for name, group in info.groups.items():
            by_group.setdefault(group, []).append(name)
        self._cards: dict[str, Any] = dict(info.state.get("cards") or {})
        # in the order groups are dealt: (group, its placeholders, known: their pool laid on them canonically)
        self._groups: list[tuple[str, list[str], bool]] = []
        for group in sorted(by_group):
            names = by_group[group]
            pool = info.pools.get(group) or []
            known = bool(pool) and len(pool) == len(names)
            if known:
                self._cards.update(zip(names, pool, strict=True))
            self._groups.append((group, names, known))
        self._shared = all(known for _, _, known in self._groups)

    def deal(self, rng: random.Random) -> State:
        """One determinization (``determinize``), drawn with ``rng``."""
        renamed: dict[str, str] = {}
        cards = self._cards if self._shared else dict(self._cards)
        for group, names, known in self._groups:
            if known:
                moved = list(names)
                rng.shuffle(moved)
                renamed.update((f'"{a}"', f'"{b}"') for a, b in zip(names, moved, strict=True) if a != b)
                continue
            pool = list(self._info.pools.get(group) or [])
            if pool:  # a pool that does not fit its placeholders: dealt card by card
                rng.shuffle(pool)
            else:
                pool = list(self._prior(group, len(names), rng))
            for name, data in zip(names, pool, strict=False):
                cards[name] = data
        text = self._TOKEN.sub(lambda m: renamed.get(m.group(0), m.group(0)), self._text) if renamed \
            else self._text
        state: State = json.loads(text)  # a fresh body: a search changes nothing of the set
        state["cards"] = cards
        state["rng"] = self._seed_rng(rng) | {k: v for k, v in (state.get("rng") or {}).items() if k != "seed"}
        if self._rebuild is not None:
            self._rebuild(state, self._info.groups)
        return state


def determinize(info: InformationSet, rng: random.Random, prior: Prior, seed_rng: Callable[[random.Random], Any],
                rebuild: Callable[[State, dict[str, str]], None] | None = None) -> State:
    """A full state consistent with ``info``: each known group's pool dealt at random into its placeholders, each
    unknown group's placeholders given ``prior``'s cards, a fresh secret seed (``seed_rng(rng)`` makes the game's
    ``rng`` part), then ``rebuild(state, groups)`` restores what the game works out from its cards. The
    placeholders stay the cards' ids. Its card table and cards may be shared with other deals of ``info``: never
    change them in place. For many deals of one set, make a :class:`Dealer` once."""
    return Dealer(info, prior, seed_rng, rebuild).deal(rng)

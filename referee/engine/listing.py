"""Legal-action lists made of parts, some of them counted rather than built (issue 14, "legal actions built
lazily").

A ``Listing`` is what ``legal_actions`` returns where a list runs to hundreds of actions that are all choices
of one pattern (every three of a pool, every pair of two line-ups): an immutable ``Sequence`` of its parts in
order, each part holding actions of one class. A part is either a tuple of actions or a counted part
(``Combinations``, ``Permutations``, ``Product``) that knows how many actions it holds and makes the ``i``-th
one on demand, without making the others. Iterating (the online layer encodes every legal action of a
person's decision) builds each counted part once, in the same order the loop it replaces built it.

What a random bot needs, the actions' classes with their places and counts (``shape``) and one action by its
index, never builds the whole list: a bot's decision over a thousand rescuer choices costs what one costs.
A ``Listing`` equals a list or tuple of the same actions in the same order (``==``), as the lists it replaces
did. Pure Python, no Django.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations, islice, permutations, product
from math import comb
from typing import Any


class Counted:
    """A part of a ``Listing``: ``count`` actions of the class ``cls``, the ``i``-th made by ``nth(i)`` and
    all of them, in order, by ``built()`` (made once, then kept). ``made``: key -> action, a mapping that makes
    each action once (``referee.games.iron_leaguer.actions.Made``). Subclasses give the keys' order."""

    __slots__ = ("cls", "count", "made", "_built")

    def __init__(self, cls: type[Any], count: int, made: Mapping[Any, Any]) -> None:
        self.cls, self.count, self.made = cls, count, made
        self._built: tuple[Any, ...] | None = None

    def __len__(self) -> int:
        return self.count

    def nth(self, i: int) -> Any:
        """The ``i``-th action: the built one once the part is built (the very object iteration gives, even
        if ``made`` was cleared since), else made from its key alone."""
        built = self._built
        return built[i] if built is not None else self.made[self.key(i)]

    def key(self, i: int) -> Any:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def keys(self) -> Iterator[Any]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def built(self) -> tuple[Any, ...]:
        """Every action of the part, in order (``made`` over ``keys``, by C-level ``map``; made once)."""
        found = self._built
        if found is None:
            found = self._built = tuple(map(self.made.__getitem__, self.keys()))
        return found


class Combinations(Counted):
    """The first ``count`` of ``combinations(items, r)`` (all of them by default), each made by
    ``made(combination)``; ``count`` may stop early, as ``islice`` would (combinations come in lexicographic
    order of positions, so the first ``count`` are those whose first members come earliest)."""

    __slots__ = ("items", "r")

    def __init__(self, cls: type, items: tuple[Any, ...], r: int, made: Mapping[tuple[Any, ...], Any],
                 count: int | None = None):
        total = comb(len(items), r)
        super().__init__(cls, total if count is None else min(count, total), made)
        self.items, self.r = items, r

    def key(self, i: int) -> tuple[Any, ...]:
        """The ``i``-th combination, unranked in lexicographic order (no earlier one is made)."""
        items, n, r = self.items, len(self.items), self.r
        out, a = [], 0
        for left in range(r, 0, -1):
            while True:
                starting = comb(n - a - 1, left - 1)  # the combinations whose next member is items[a]
                if i < starting:
                    out.append(items[a])
                    a += 1
                    break
                i -= starting
                a += 1
        return tuple(out)

    def keys(self) -> Iterator[tuple[Any, ...]]:
        return islice(combinations(self.items, self.r), self.count)


class Permutations(Counted):
    """Every ordered pair of distinct ``items`` (``permutations(items, 2)``), each made by ``made(pair)``."""

    __slots__ = ("items",)

    def __init__(self, cls: type, items: tuple[Any, ...], made: Mapping[tuple[Any, ...], Any]) -> None:
        n = len(items)
        super().__init__(cls, n * (n - 1), made)
        self.items = items

    def key(self, i: int) -> tuple[Any, ...]:
        items = self.items
        first, second = divmod(i, len(items) - 1)
        return items[first], items[second + (second >= first)]

    def keys(self) -> Iterator[tuple[Any, ...]]:
        return permutations(self.items, 2)


class Product(Counted):
    """Every pair of ``product(left, right)``, each made by ``made(pair)``."""

    __slots__ = ("left", "right")

    def __init__(self, cls: type, left: tuple[Any, ...], right: tuple[Any, ...],
                 made: Mapping[tuple[Any, ...], Any]) -> None:
        super().__init__(cls, len(left) * len(right), made)
        self.left, self.right = left, right

    def key(self, i: int) -> tuple[Any, ...]:
        first, second = divmod(i, len(self.right))
        return self.left[first], self.right[second]

    def keys(self) -> Iterator[tuple[Any, ...]]:
        return product(self.left, self.right)


class Singles(Counted):
    """``(item,)`` for each of ``items`` (``zip(items)``), each made by ``made((item,))``."""

    __slots__ = ("items",)

    def __init__(self, cls: type, items: tuple[Any, ...], made: Mapping[tuple[Any, ...], Any]) -> None:
        super().__init__(cls, len(items), made)
        self.items = items

    def key(self, i: int) -> tuple[Any, ...]:
        return (self.items[i],)

    def keys(self) -> Iterator[tuple[Any, ...]]:
        return zip(self.items)


Part = tuple[Any, ...] | Counted


def shape_of_runs(runs: Iterable[tuple[type[Any], int]]) -> tuple[tuple[type[Any], int | None, int], ...]:
    """``(class, start, count)`` for each class of a list given as its runs, ``(class, length)`` in order,
    sorted by the class's ``type`` (its JSON tag): the class's actions are ``[start : start + count]`` when
    they stand together, else ``start`` is None (a class met again after another's run). What a random bot
    picks from (``referee.engine.bots``): a list's runs come from its actions, a ``Listing``'s from its parts."""
    found: dict[type[Any], list[Any]] = {}  # class -> [type tag, class, start, count]
    at, last = 0, None
    for cls, size in runs:
        run = found.get(cls)
        if run is None:
            found[cls] = [cls.type, cls, at, size]
        else:
            run[3] += size
            if cls is not last:  # met again after another class: its actions no longer stand together
                run[2] = None
        last = cls
        at += size
    # sorted by type tag: one class per tag, so two classes are never compared
    return tuple([(cls, start, count) for _, cls, start, count in sorted(found.values())])


class Listing(Sequence[Any]):
    """An immutable sequence of actions made of ``parts`` in order: tuples of actions of one class each, or
    ``Counted`` parts (empty parts are dropped). ``len``, indexing, iteration, ``in`` and ``==`` (with a list,
    a tuple or another ``Listing``: the same actions in the same order; unlike a list it equals a tuple too)
    behave as on the list it stands for; ``+`` and ``append`` do not exist (``list(listing)`` for a list);
    ``shape()`` is what a random bot picks from (``referee.engine.bots``). Raises ``IndexError`` for an
    index out of range, as a list does."""

    __slots__ = ("parts", "_len")

    def __init__(self, parts: Sequence[Part]) -> None:
        self.parts = tuple(part for part in parts if len(part))
        self._len = sum(map(len, self.parts))

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return list(self)[index]
        index = operator.index(index)  # TypeError for a float or a string, as a list raises
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal action index out of range")
        for part in self.parts:
            size = len(part)
            if index < size:
                return part[index] if isinstance(part, tuple) else part.nth(index)
            index -= size
        raise IndexError("legal action index out of range")  # pragma: no cover - the length said otherwise

    def __iter__(self) -> Iterator[Any]:
        for part in self.parts:
            yield from part if isinstance(part, tuple) else part.built()

    def __contains__(self, action: object) -> bool:
        return any(action in (part if isinstance(part, tuple) else part.built()) for part in self.parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listing | list | tuple):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the list it stands for

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"

    def shape(self) -> tuple[tuple[type[Any], int | None, int], ...]:
        """``(class, start, count)`` for each class of the actions, sorted by the class's ``type`` (its JSON
        tag): the class's actions are ``self[start : start + count]`` when they stand together, else
        ``start`` is None. The same as ``referee.engine.bots._shape`` of the actions' classes, without making
        them."""
        return shape_of_runs([(type(part[0]) if isinstance(part, tuple) else part.cls, len(part))
                              for part in self.parts])

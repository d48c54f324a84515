"""``referee.engine.listing``: a legal-action list of counted parts is the list it stands for, action for action,
and a random bot picks from it exactly what it would pick from that list (the golden games depend on it)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, islice, permutations, product
from typing import ClassVar

import pytest

from referee.engine.actions import Action
from referee.engine.bots import _shape, make_bot
from referee.engine.listing import Combinations, Listing, Permutations, Product, Singles


@dataclass(frozen=True)
class Pick(Action):
    type: ClassVar[str] = "pick"
    ils: tuple[str, ...]


@dataclass(frozen=True)
class Pair(Action):
    type: ClassVar[str] = "pair"
    ils: tuple[str, ...]


@dataclass(frozen=True)
class Stop(Action):
    type: ClassVar[str] = "stop"


ITEMS = tuple(f"il{i:02d}" for i in range(1, 12))


class Made(dict):
    def __init__(self, cls: type) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, key: tuple) -> Action:
        made = self[key] = self.cls("dark", key)
        return made


pick, pair = Made(Pick), Made(Pair)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 11])
@pytest.mark.parametrize("r", [1, 2, 3])
def test_combinations_unrank_in_the_order_itertools_lists_them(n: int, r: int) -> None:
    items = ITEMS[:n]
    part = Combinations(Pick, items, r, pick)
    expected = [pick[c] for c in combinations(items, r)]
    assert len(part) == len(expected)
    assert [part.nth(i) for i in range(len(part))] == expected == list(part.built())


def test_combinations_stop_where_islice_would() -> None:
    part = Combinations(Pick, ITEMS, 3, pick, count=60)
    expected = [pick[c] for c in islice(combinations(ITEMS, 3), 60)]
    assert [part.nth(i) for i in range(len(part))] == expected == list(part.built())


@pytest.mark.parametrize("n", [0, 1, 2, 4, 11])
def test_permutations_products_and_singles_index_as_they_list(n: int) -> None:
    items = ITEMS[:n]
    for part, expected in (
        (Permutations(Pair, items, pair), [pair[p] for p in permutations(items, 2)]),
        (Product(Pair, items, ITEMS[:3], pair), [pair[p] for p in product(items, ITEMS[:3])]),
        (Singles(Pick, items, pick), [pick[(i,)] for i in items]),
    ):
        assert [part.nth(i) for i in range(len(part))] == expected == list(part.built())


def _listing_and_list(rng: random.Random) -> tuple[Listing, list[Action]]:
    parts, flat = [], []
    for _ in range(rng.randint(0, 5)):
        kind = rng.choice(["picks", "pairs", "stop", "combos", "perms"])
        n = rng.randint(0, 6)
        if kind == "picks":
            part = tuple(pick[(i,)] for i in ITEMS[:n])
        elif kind == "pairs":
            part = tuple(pair[(i,)] for i in ITEMS[:n])
        elif kind == "stop":
            part = (Stop("dark"),)
        elif kind == "combos":
            part = Combinations(Pick, ITEMS[:n], 2, pick)
        else:
            part = Permutations(Pair, ITEMS[:n], pair)
        parts.append(part)
        flat.extend(part if type(part) is tuple else part.built())
    return Listing(parts), flat


def test_a_listing_is_the_list_it_stands_for_and_a_random_bot_picks_the_same() -> None:
    rng = random.Random(14)
    for case in range(300):
        listing, flat = _listing_and_list(rng)
        assert len(listing) == len(flat)
        assert list(listing) == flat and listing == flat and listing == tuple(flat)
        assert [listing[i] for i in range(len(flat))] == flat
        assert [listing[-i] for i in range(1, len(flat) + 1)] == [flat[-i] for i in range(1, len(flat) + 1)]
        assert listing[1:3] == flat[1:3]
        assert all(action in listing for action in flat) and Stop("silver") not in listing
        assert listing.shape() == _shape(tuple(map(type, flat)))
        if flat:
            one, two = make_bot("random", case), make_bot("random", case)
            for _ in range(5):
                assert one(None, {}, "dark", listing) == two(None, {}, "dark", flat)
    with pytest.raises(IndexError):
        Listing([(Stop("dark"),)])[1]
    with pytest.raises(TypeError):
        Listing([(Stop("dark"),)])[0.5]


def test_a_listing_differs_from_other_lists_and_is_unhashable() -> None:
    listing = Listing([(Stop("dark"),), Combinations(Pick, ITEMS[:3], 2, pick)])
    assert listing != [Stop("dark")]
    assert listing != [Stop("dark"), pick[("il01", "il02")], pick[("il01", "il03")], pick[("il03", "il02")]]
    assert listing != "not a list"
    with pytest.raises(TypeError):
        hash(listing)

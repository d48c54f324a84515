"""bench/decks_validate.py times the catalogue sizes in alternating rounds (issue 14: "the same at 10k and 100k
cards"), so drift in a shared machine's speed during the run favours neither size."""

from bench import decks_validate


def test_each_round_times_the_sizes_in_the_order_opposite_to_the_last():
    assert decks_validate.size_order([10_000, 100_000], 4) == [
        10_000, 100_000, 100_000, 10_000, 10_000, 100_000, 100_000, 10_000,
    ]


def test_every_size_is_timed_in_every_round():
    order = decks_validate.size_order([1, 2, 3], 3)
    assert order == [1, 2, 3, 3, 2, 1, 1, 2, 3]
    assert all(order.count(size) == 3 for size in (1, 2, 3))

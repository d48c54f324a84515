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


def test_each_size_has_a_database_of_its_own_on_a_server_and_sqlite_stays_in_memory():
    # two children on one database would fill and time the same game: every size its own throwaway database
    assert decks_validate.database_url_for(10_000, "postgres://u@127.0.0.1:5432/shinpan") == (
        "postgres://u@127.0.0.1:5432/shinpan_10000"
    )
    assert decks_validate.database_url_for(5, "postgres://h/db?sslmode=disable") == "postgres://h/db_5?sslmode=disable"
    assert decks_validate.database_url_for(5, None) is None
    assert decks_validate.database_url_for(5, "sqlite:///x.sqlite3") == "sqlite:///x.sqlite3"


def test_the_sizes_processes_take_turns_and_print_each_size_and_the_ratio():
    """The whole service path, small: two child processes, each filling its own in-memory SQLite catalogue."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "BENCH_DATABASE_SERVER": "sqlite"}  # bench/_database.py: in-memory test databases
    script = Path(decks_validate.__file__)
    done = subprocess.run(
        [sys.executable, str(script), "--sizes", "300,200", "--rounds", "2", "--repeat", "8"],
        capture_output=True, text=True, env=env, timeout=300,
    )
    out = done.stdout
    assert "rounds at 200 cards (4 runs each)" in out, done.stderr
    assert "rounds at 300 cards (4 runs each)" in out
    assert "service deck_check_text at 300 cards, 8 runs" in out
    assert "ratio 300 / 200 cards:" in out
    assert done.returncode in (0, 1)  # 1: a target missed on a loaded machine; the run itself finished

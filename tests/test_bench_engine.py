"""bench/engine.py's machine-independent figure: instructions per new-seed Iron Leaguer game, counted by valgrind
(issue 14: the machine is shared and machines differ, so the bench prints a figure no load can change)."""

import subprocess
from types import SimpleNamespace

from bench import engine


def _valgrind_printing(counts: dict[str, int], calls: list[list[str]]):
    def run(argv, **kwargs):
        calls.append(argv)
        games = argv[argv.index("--count-games") + 1]
        return SimpleNamespace(stderr=f"==1== Collected : {counts[games]:,}\n==1== I   refs:      {counts[games]:,}\n")

    return run


def test_instructions_are_the_counted_games_minus_the_warm_up_divided_by_the_games(monkeypatch):
    calls: list[list[str]] = []
    monkeypatch.setattr(engine.shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(engine.subprocess, "run", _valgrind_printing({"0": 500_000_000, "4": 980_000_000}, calls))
    assert engine.instructions(4) == 120_000_000
    assert [argv[-1] for argv in calls] == ["0", "4"]
    assert calls[0][:2] == ["/usr/bin/valgrind", "--tool=cachegrind"]


def test_without_valgrind_there_is_no_count(monkeypatch):
    monkeypatch.setattr(engine.shutil, "which", lambda name: None)
    assert engine.instructions() is None


def test_valgrind_output_without_a_count_is_an_error_naming_it(monkeypatch):
    monkeypatch.setattr(engine.shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(engine.subprocess, "run", lambda argv, **kw: SimpleNamespace(stderr="valgrind: no tool"))
    try:
        engine.instructions(1)
    except RuntimeError as error:
        assert "no instruction count" in str(error) and "valgrind: no tool" in str(error)
    else:
        raise AssertionError("a missing count was taken for a figure")


def test_the_counted_process_plays_its_games_and_prints_nothing():
    done = subprocess.run(
        [engine.sys.executable, engine.__file__, "--count-games", "1"], capture_output=True, text=True, check=True
    )
    assert done.stdout == "" and done.stderr == ""


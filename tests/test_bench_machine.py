"""The header every bench prints first (bench/_machine.py, issue 31 point 5): the interpreter and the machine's
speed loop, so a figure is read beside the machine it came from (before, only bench/engine.py printed both)."""

import sys
from pathlib import Path

from bench import _machine

BENCH = Path(_machine.__file__).parent


def test_every_bench_header_names_the_interpreter_and_the_machines_speed(monkeypatch):
    monkeypatch.setattr(_machine, "REFERENCE_ADDITIONS", 1000)
    interpreter, machine = _machine.header()
    assert interpreter.startswith(f"interpreter: {sys.implementation.name} ") and sys.executable in interpreter
    assert f"{sys.version_info[0]}.{sys.version_info[1]}.{sys.version_info[2]}" in interpreter
    assert "load average" in machine and "1e+03 pure-Python additions take" in machine


def test_every_bench_prints_it():
    benches = [path for path in BENCH.glob("*.py") if not path.name.startswith("_") and path.name != "settings.py"]
    assert len(benches) >= 8
    assert [path.name for path in benches if "print_header()" not in path.read_text(encoding="utf-8")] == []

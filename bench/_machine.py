"""What every bench prints first: the interpreter it runs on and the machine's speed right now, so its figures can
be read beside them (README, "Benchmarks": the project's VMs have differed 2-3x in speed on the same code, and
Debian's ``python3`` runs the engine in 12% fewer instructions than an ``--enable-shared`` build).

``header()`` gives the lines; ``machine_speed()`` is the fixed pure-Python loop they report, also read on its own
by the long benches (``bench/bots.py``, ``bench/bot_soak.py``) at their end.
"""

from __future__ import annotations

import os
import platform
import sys
import time

REFERENCE_ADDITIONS = 10**7  # ``machine_speed``: a fixed workload to read figures beside


def interpreter() -> str:
    """Which Python runs the bench: implementation, version, path, and whether the interpreter's core is a
    shared ``libpython`` (read from ``/proc/self/maps``; Linux only, "unknown" elsewhere): a new-seed game takes
    12% fewer instructions on Debian's ``python3``, whose core is linked into the executable, than on an
    ``--enable-shared`` build such as pyenv's default (README, "Production"; docs/rules/iron_leaguer.md,
    "Performance")."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            core = "a shared libpython" if "libpython" in maps.read() else "linked into the executable"
    except OSError:
        core = "unknown"
    version = ".".join(map(str, sys.version_info[:3]))
    return f"{sys.implementation.name} {version} ({sys.executable}; interpreter core: {core})"


def machine_speed() -> float:
    """CPU seconds (``time.process_time``) of a fixed pure-Python loop, ``REFERENCE_ADDITIONS`` additions: how
    fast this machine runs Python right now (0.18-0.55 s on the project's VMs so far), so a figure can be read
    beside the machine it came from. Takes that long to run."""
    cpu = time.process_time()
    total = 0
    for i in range(REFERENCE_ADDITIONS):
        total += i
    return time.process_time() - cpu


def header() -> list[str]:
    """The lines a bench prints before its figures: the interpreter (``interpreter``), and the machine: its
    architecture, CPU count, load average (1, 5, 15 min) and ``machine_speed`` (runs the loop: about 0.2 s)."""
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return [
        f"interpreter: {interpreter()}",
        f"machine: {platform.machine()}, {os.cpu_count()} CPUs, load average {load}; "
        f"{REFERENCE_ADDITIONS:.0e} pure-Python additions take {machine_speed():.2f} s of CPU (machine_speed)",
    ]


def print_header() -> None:
    """Print ``header()``'s lines, flushed (a bench's children write to the same terminal)."""
    print("\n".join(header()), flush=True)

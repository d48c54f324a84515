"""A bench run on this checkout and on an earlier revision, turn by turn, in one run (issue 31, point 4: "measured
side by side with the current revision in one run").

Usage::

    .venv/bin/python bench/side_by_side.py [--against REV] [--rounds 2] [--figure NAME=REGEX ...] -- COMMAND ...

``REV`` (default ``BASELINE``, the revision before issue 31's first change) is checked out in a temporary git
worktree, and this checkout's ``bench/`` folder is copied over its own: both sides run the same bench, only the
application differs. ``COMMAND`` (e.g. ``.venv/bin/python bench/bot_cpu.py``) is run with each side's folder as
its working directory and first on ``PYTHONPATH`` (a first word that is a path of this checkout, the
interpreter ``.venv/bin/python``, is this checkout's on both sides), in the order this, REV, REV, this for each
round (ABBA: a drift of the machine's speed during the run falls on both alike). Each run prints what the bench prints,
prefixed with its side. Each ``--figure`` names a figure and the regular expression whose first group reads it
from a run's output (default: the figures of ``bot_cpu.py`` and ``matches.py``); then, for each figure found,
the median of each side and their ratio (this / REV). Exits 1 when a run fails. The worktree is removed at the
end.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BASELINE = "aed4712^"  # the revision before issue 31's first change ("today's", when the issue was filed)
FIGURES = {
    "CPU per bot move (us)": r"CPU per bot move: ([0-9.]+) us",
    "bot actions/s": r"actions adjudicated \(([0-9.]+) actions/s\)",
    "worker CPU per action (ms)": r"CPU per action: workers ([0-9.]+) ms",
    "PostgreSQL CPU per action (ms)": r"CPU per action: workers [0-9.]+ ms, PostgreSQL ([0-9.]+) ms",
}


def worktree(revision: str, folder: Path) -> Path:
    """``revision`` checked out (detached) in ``folder``, with this checkout's ``bench/`` over its own."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(folder), revision],
                   check=True, capture_output=True)
    shutil.rmtree(folder / "bench", ignore_errors=True)
    shutil.copytree(ROOT / "bench", folder / "bench", ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def run(side: str, folder: Path, command: list[str]) -> tuple[int, str]:
    """``command`` in ``folder`` (first on ``PYTHONPATH``); its exit status and output, printed as it comes."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    lines = []
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)
        print(f"[{side}] {line}", end="", flush=True)
    return process.wait(), "".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv:
        print("usage: side_by_side.py [options] -- COMMAND ...", file=sys.stderr)
        return 2
    split = argv.index("--")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default=BASELINE)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--figure", action="append", default=[], metavar="NAME=REGEX")
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    if command and not os.path.isabs(command[0]) and (ROOT / command[0]).exists():
        command[0] = str(ROOT / command[0])  # the interpreter (.venv/bin/python) is this checkout's on both sides
    figures = dict(item.split("=", 1) for item in args.figure) or FIGURES
    from bench._machine import print_header

    print_header()
    revision = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.against], check=True,
                              capture_output=True, text=True).stdout.strip()
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    sides = {f"this ({head}, working tree)": ROOT}
    failed = False
    found: dict[str, dict[str, list[float]]] = {name: {} for name in figures}
    with tempfile.TemporaryDirectory(prefix="shinpan_side_") as temporary:
        against = worktree(args.against, Path(temporary) / "against")
        sides[f"against ({revision})"] = against
        (this_side, this_root), (that_side, that_root) = sides.items()
        try:
            for _ in range(args.rounds):
                for side, folder in ((this_side, this_root), (that_side, that_root), (that_side, that_root),
                                     (this_side, this_root)):
                    status, output = run(side, folder, command)
                    failed |= status != 0
                    for name, pattern in figures.items():
                        match = re.search(pattern, output)
                        if match:
                            found[name].setdefault(side, []).append(float(match.group(1)))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(against)],
                           capture_output=True)
    print(f"side by side, {args.rounds} round(s) of this, {revision}, {revision}, this: medians (all runs)")
    for name, by_side in found.items():
        if this_side in by_side and that_side in by_side:
            mine, theirs = statistics.median(by_side[this_side]), statistics.median(by_side[that_side])
            runs = " / ".join(", ".join(f"{v:g}" for v in by_side[side]) for side in (this_side, that_side))
            print(f"{name}: this {mine:g}, {revision} {theirs:g}, ratio {mine / theirs:.2f} ({runs})")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""bench/side_by_side.py (issue 31, point 4): a bench run on this checkout and on an earlier revision in turn,
each side its own folder with this checkout's bench/, the figures read from each run and set side by side."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench_import import bench_module

ROOT = Path(__file__).resolve().parent.parent
PRINTS_ITS_SIDE = ("import os, pathlib, sys; here = pathlib.Path.cwd(); "
                   "print('CPU per bot move:', 100 if (here / 'bench' / 'side_by_side.py').exists() and "
                   "(here / '.git').is_dir() else 200, 'us'); print('bench copied:', (here / 'bench' / "
                   "'side_by_side.py').exists())")


def test_both_sides_run_the_same_bench_and_their_figures_are_set_side_by_side(capsys):
    with bench_module("bench.side_by_side") as side_by_side:
        status = side_by_side.main(["--against", "HEAD", "--rounds", "1", "--", sys.executable, "-c",
                                    PRINTS_ITS_SIDE])
    out = capsys.readouterr().out
    assert status == 0
    # this checkout is a git checkout (100), the other side a worktree (its .git a file: 200), and both have this
    # checkout's bench/ (copied over the revision's own)
    assert out.count("bench copied: True") == 4
    assert "CPU per bot move (us): this 100, " in out and " 200, ratio 0.50 (100, 100 / 200, 200)" in out
    worktrees = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True).stdout
    assert "shinpan_side_" not in worktrees  # removed at the end


def test_a_failed_run_fails_the_comparison(capsys):
    with bench_module("bench.side_by_side") as side_by_side:
        assert side_by_side.main(["--against", "HEAD", "--rounds", "1", "--", sys.executable, "-c",
                                  "raise SystemExit(3)"]) == 1

"""Stopping a bench's workers (bench/_processes.py, issue 31 point 5): bench/matches.py waited 20 s for each and
ended in a ``TimeoutExpired`` traceback when the bots' worker took longer. Now: SIGTERM (Celery's warm shutdown),
then SIGQUIT (its cold one), then SIGKILL to the worker's process group, each step said, nothing raised."""

import os
import subprocess
import sys
import textwrap
import time

from bench import _processes

# A worker that ignores SIGTERM and SIGQUIT (a warm shutdown stuck behind a long task) and has a child of its own
# (a pool's process) in its group; it prints the child's pid.
STUBBORN = textwrap.dedent("""
    import signal, subprocess, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    print(child.pid, flush=True)
    time.sleep(120)
""")
# A worker that needs a moment to stop after SIGTERM (its running task's end), then exits.
WARM = textwrap.dedent("""
    import signal, sys, time
    signal.signal(signal.SIGTERM, lambda *_: (time.sleep(0.5), sys.exit(0)))
    print("ready", flush=True)
    time.sleep(120)
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie not yet reaped counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_worker_that_stops_on_sigterm_is_let_finish_and_one_that_does_not_is_killed_with_its_group():
    workers = {
        "warm": _processes.start([sys.executable, "-c", WARM], stdout=subprocess.PIPE, text=True),
        "stubborn": _processes.start([sys.executable, "-c", STUBBORN], stdout=subprocess.PIPE, text=True),
    }
    assert workers["warm"].stdout.readline().strip() == "ready"
    grandchild = int(workers["stubborn"].stdout.readline())
    assert os.getpgid(workers["stubborn"].pid) == workers["stubborn"].pid  # a group of its own
    started = time.monotonic()
    lines = _processes.stop(workers, warm=1.5, cold=0.5)
    assert time.monotonic() - started < 10
    assert lines[0].startswith("warm: stopped (SIGTERM, warm shutdown) after") and lines[0].endswith("(exit status 0)")
    assert lines[1].startswith("stubborn: killed (SIGKILL, still running 2 s after SIGTERM)")
    assert workers["stubborn"].returncode == -9
    deadline = time.monotonic() + 5
    while _alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(grandchild)  # the group went with it


def test_a_worker_already_gone_is_reported_not_raised():
    gone = _processes.start([sys.executable, "-c", "raise SystemExit(3)"])
    gone.wait(30)
    assert _processes.stop({"gone": gone}) == ["gone: had already exited (status 3)"]


def test_a_worker_dies_with_the_bench_that_started_it():
    """Linux: the bench killed outright (SIGKILL, no ``finally``) takes its workers with it."""
    bench = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time
        from bench import _processes
        worker = _processes.start([sys.executable, "-c", "import time; time.sleep(120)"])
        print(worker.pid, flush=True)
        time.sleep(120)
    """)], stdout=subprocess.PIPE, text=True, cwd=os.path.dirname(os.path.dirname(_processes.__file__)))
    worker = int(bench.stdout.readline())
    assert _alive(worker)
    bench.kill()
    bench.wait(30)
    deadline = time.monotonic() + 5
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker)

"""Worker processes a bench starts and stops (``bench/matches.py``'s Celery workers): each in a process group of
its own, so stopping one reaches its pool's children too, and told to stop when the bench dies (Linux), so a bench
killed outright leaves no worker behind playing on.

Stopping (``stop``): ``SIGTERM`` first, Celery's warm shutdown (the tasks running are finished, those not started
stay in the queue); past ``warm`` seconds, ``SIGQUIT``, its cold shutdown (running tasks abandoned); past ``cold``
more, ``SIGKILL`` to the whole group. Each outcome is returned as a line to print; nothing raises for a worker
that takes its time or is already gone (``bench/matches.py`` used to wait 20 s and end in a ``TimeoutExpired``
traceback when the bots' worker, finishing a search bot's move at ``nice 10``, took longer).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

PR_SET_PDEATHSIG = 1  # prctl(2)


def _parent_death_signal() -> Callable[[], None] | None:
    """A ``preexec_fn`` that has the child sent ``SIGTERM`` when the process that started it dies (Linux's
    ``prctl(PR_SET_PDEATHSIG)``, kept across ``exec``); None elsewhere. ``libc`` is looked up here, before the
    fork: the child then only calls it."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start(command: list[str], **popen) -> subprocess.Popen:
    """Start ``command`` in a new session (its own process group, ``pgid == pid``), ended by ``SIGTERM`` if this
    process dies first (Linux). ``popen``: ``subprocess.Popen``'s other arguments (``cwd``, ``env``, ``stdout``…)."""
    return subprocess.Popen(command, start_new_session=True, preexec_fn=_parent_death_signal(), **popen)


def stop(processes: dict[str, subprocess.Popen], *, warm: float = 75.0, cold: float = 10.0) -> list[str]:
    """Stop every process of ``processes`` (name: process started by ``start``), all at once: ``SIGTERM``, wait up
    to ``warm`` seconds in all; ``SIGQUIT`` to those left, up to ``cold`` seconds more; ``SIGKILL`` to the groups of
    those still left; then ``SIGKILL`` to any process left in each group (a pool's child whose parent is gone).
    Returns one line a process: its name, how it stopped and after how many seconds. Never raises."""
    started = time.monotonic()
    outcome: dict[str, str] = {}

    def signal_all(signum: int, names: list[str]) -> None:
        for name in names:
            try:
                os.kill(processes[name].pid, signum)
            except ProcessLookupError:
                pass

    def wait_all(names: list[str], seconds: float, how: str) -> list[str]:
        deadline = time.monotonic() + seconds
        left = []
        for name in names:
            try:
                code = processes[name].wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                left.append(name)
                continue
            outcome[name] = f"{name}: {how} after {time.monotonic() - started:.1f} s (exit status {code})"
        return left

    running = [name for name, process in processes.items() if process.poll() is None]
    for name in processes.keys() - set(running):
        outcome[name] = f"{name}: had already exited (status {processes[name].returncode})"
    signal_all(signal.SIGTERM, running)
    left = wait_all(running, warm, "stopped (SIGTERM, warm shutdown)")
    if left:
        signal_all(signal.SIGQUIT, left)
        left = wait_all(left, cold, f"stopped (SIGQUIT, cold shutdown: still running {warm:g} s after SIGTERM)")
    for name in left:
        _kill_group(processes[name].pid)
        try:
            code = processes[name].wait(10)
        except subprocess.TimeoutExpired:
            outcome[name] = f"{name}: did not exit even after SIGKILL (pid {processes[name].pid})"
            continue
        outcome[name] = (f"{name}: killed (SIGKILL, still running {warm + cold:g} s after SIGTERM) after "
                         f"{time.monotonic() - started:.1f} s (exit status {code})")
    for name, process in processes.items():
        if _kill_group(process.pid):
            outcome[name] += "; process(es) left in its group killed"
    return [outcome[name] for name in processes]


def _kill_group(pgid: int) -> bool:
    """``SIGKILL`` the process group ``pgid``; True when it still had a process."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of ``pids`` and their descendants so far (Linux ``/proc``; 0 elsewhere): a
    bench's workers or server, children included."""
    ticks, seen, todo = 0, set(), list(pids)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError, IndexError):
            continue
    return ticks / os.sysconf("SC_CLK_TCK")

"""bench/web_load.py (issue 31, point 1): its target beside its figures, and its machinery against the real
production command: ``WEB_CONCURRENCY`` worker processes answering HTTP and WebSocket, visitors counted, the server
stopped cleanly. The full bench needs PostgreSQL and minutes of set-up (seeds, collected static files): this test
needs neither, asking only what answers without a database."""

import time
from pathlib import Path

import pytest

from tests.bench_import import bench_module


@pytest.fixture(scope="module")
def bench():
    with bench_module("bench.web_load") as module:
        yield module


def test_a_run_within_ten_times_with_no_error_meets_the_target(bench):
    line, met = bench.verdict(50, 40.0, 380.0, 0, 0)
    assert met and line.endswith("9.5x (380.0 / 40.0 ms), 0 5xx, 0 dropped - met")


@pytest.mark.parametrize(("p99", "errors", "dropped"), [(401.0, 0, 0), (100.0, 1, 0), (100.0, 0, 1)])
def test_a_slow_p99_a_5xx_or_a_dropped_connection_each_misses(bench, p99, errors, dropped):
    line, met = bench.verdict(50, 40.0, p99, errors, dropped)
    assert not met and line.endswith("MISSED")


def test_fewer_visitors_are_not_compared_on_the_ratio_but_fail_on_errors(bench):
    line, met = bench.verdict(2, 10.0, 500.0, 0, 0)
    assert met and "(2 visitors: the ratio not compared)" in line
    assert bench.verdict(2, 10.0, 20.0, 0, 3)[1] is False


def test_a_visitor_counts_a_refused_connection_as_dropped(bench):
    tally = bench.Tally()
    visitor = bench.Visitor(bench.free_port(), {}, "", seed=1, keep_alive=False)
    assert visitor.get("/", tally) is None
    assert tally.drops == 1 and tally.dropped == {"ConnectionRefusedError": 1} and tally.times == []


def _workers(pid: int) -> list[int]:
    """The worker processes uvicorn's supervisor ``pid`` spawned (multiprocessing's resource tracker aside)."""
    children = [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
                for child in (task / "children").read_text().split()]
    return [child for child in children if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()]


@pytest.mark.slow
def test_the_production_command_serves_http_and_websocket_with_web_concurrency_processes(bench, tmp_path,
                                                                                          monkeypatch):
    if not Path("/proc/self/task").is_dir():
        pytest.skip("counts the worker processes in Linux's /proc")
    # settings as served (DEBUG off), a database never opened: the pages asked answer without one
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'unused.sqlite3'}")
    monkeypatch.setenv("DEBUG", "0")
    monkeypatch.setenv("SECRET_KEY", "test-only")
    monkeypatch.setenv("ALLOWED_HOSTS", "127.0.0.1")
    port = bench.free_port()
    server = bench.start_server(port, 2, "", tmp_path / "server.log")
    try:
        # uvicorn's supervisor and the processes WEB_CONCURRENCY asks for (the test's own settle first)
        for _ in range(50):
            if len(_workers(server.pid)) == 2:
                break
            time.sleep(0.1)
        assert len(_workers(server.pid)) == 2, (tmp_path / "server.log").read_text()[-2000:]
        # /healthz: it needs neither the database's tables nor the collected static files (an API 404 is DRF's
        # browsable page, whose CSS needs the static files' manifest: a clean machine has none)
        pages = {kind: ["/healthz"] for kind, _ in bench.MIX}
        tally = bench.phase(port, pages, "", visitors=3, seconds=1.0, think=0.05, keep_alive=False, seed=1)
        assert tally.drops == 0 and tally.server_errors == 0 and not tally.other and len(tally.times) > 3
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{port}/ws/no-such-path/",
                     additional_headers={"Origin": f"http://127.0.0.1:{port}"}) as socket_:
            with pytest.raises(Exception) as closed:
                socket_.recv(timeout=10)
        assert getattr(closed.value, "rcvd", None) is not None and closed.value.rcvd.code == 4404  # NoSuchPath
    finally:
        status = bench.stop_server(server)
    assert status == 0, (tmp_path / "server.log").read_text()[-2000:]

"""bench/matches.py prints issue 14's targets beside their figures and fails a run that misses one, as the other
benches do (``make bench`` then names it)."""


import pytest

from tests.bench_import import bench_module


@pytest.fixture(scope="module")
def bench():
    with bench_module("bench.matches") as module:
        yield module


def test_a_run_meeting_every_target_says_so(bench):
    results = bench.verdicts(100, 181.2, 62.0, 25.0)
    assert [met for _, met in results] == [True, True, True]
    assert results[0][0] == "target bot actions/s at 100 matches >= 150: 181.2 - met"
    assert results[2][0].endswith(": 2.5x - met")


def test_each_target_misses_on_its_own_figure(bench):
    assert [met for _, met in bench.verdicts(100, 109.6, 77.0, 35.9)] == [False, True, True]
    assert [met for _, met in bench.verdicts(100, 200.0, 100.1, 60.0)] == [True, False, True]
    assert [met for _, met in bench.verdicts(100, 200.0, 90.0, 29.9)] == [True, True, False]
    assert "MISSED" in bench.verdicts(100, 149.9, 1.0, 1.0)[0][0]


def test_throughput_is_compared_only_at_the_targets_hundred_matches(bench):
    line, met = bench.verdicts(20, 70.0, 50.0, 25.0)[0]
    assert met and "not compared" in line and "at 20" in line


def test_a_run_without_a_no_op_figure_cannot_meet_the_ratio(bench):
    assert bench.verdicts(100, 200.0, 50.0, 0.0)[2][1] is False

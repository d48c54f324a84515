"""A bench run's Redis (bench/_redis.py, issue 31 point 5): a database of its own, never db 0 unless given, and
names of its own, so two runs at once never share a queue, a key or a channel, and each deletes only its own keys.
bench/matches.py used ``redis://127.0.0.1:6379/0`` by default and Channels' default prefix, so two runs heard each
other's match views (Redis pub/sub channels span a server's databases).

Against the real Redis of ``REDIS_URL`` (``.ci/run`` sets it), skipped without one; the databases claimed are taken
from 9-15, passing over any that holds a key of something else."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import _redis

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("REDIS_URL")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")
CANDIDATES = list(range(9, 16))


def _server() -> str:
    scheme, _, rest = (REDIS_URL or "").partition("://")
    return f"{scheme}://{rest.partition('/')[0]}"


def test_two_runs_claim_two_databases_never_db_0_and_give_them_up():
    first = _redis.claim(_server(), CANDIDATES, _redis.run_prefix())
    second = _redis.claim(_server(), CANDIDATES, _redis.run_prefix())
    try:
        assert first.url != second.url and first.prefix != second.prefix
        assert not first.url.endswith("/0") and not second.url.endswith("/0")
        assert first.client().get(_redis.CLAIM_KEY) == first.token.encode()
    finally:
        first.release()
        second.release()
    assert first.client().get(_redis.CLAIM_KEY) is None
    again = _redis.claim(_server(), CANDIDATES, _redis.run_prefix())  # given up: claimable again
    try:
        assert again.url in (first.url, second.url)
    finally:
        again.release()


def test_a_database_holding_someone_elses_keys_is_passed_over():
    run = _redis.claim(_server(), CANDIDATES, _redis.run_prefix())
    number = int(run.url.rpartition("/")[2])
    run.release()
    other = run.client()
    other.set("someone-else:key", "1", ex=60)
    try:
        beside = _redis.claim(_server(), [number, *[n for n in CANDIDATES if n != number]], _redis.run_prefix())
        try:
            assert beside.url != run.url
            assert other.get(_redis.CLAIM_KEY) is None  # the claim tried there was taken back
        finally:
            beside.release()
    finally:
        other.delete("someone-else:key")


def test_a_run_deletes_its_own_keys_and_nothing_else_even_in_a_shared_database():
    given = _redis.BenchRedis(REDIS_URL or "", _redis.run_prefix(), claimed=False, token="")
    beside = _redis.BenchRedis(REDIS_URL or "", _redis.run_prefix(), claimed=False, token="")
    client = given.client()
    client.set(f"{given.prefix}:a", "1", ex=60)
    client.set(f"{given.prefix}.bots", "1", ex=60)
    client.set(f"{beside.prefix}:a", "1", ex=60)
    client.set("application:key", "1", ex=60)
    try:
        assert given.release() == 2
        assert client.get(f"{beside.prefix}:a") == b"1" and client.get("application:key") == b"1"
        assert given.keys() == []
    finally:
        client.delete(f"{beside.prefix}:a", "application:key")


def test_db_0_is_never_a_candidate():
    assert _redis.databases("1-3,7") == [1, 2, 3, 7]
    with pytest.raises(ValueError, match="from 1"):
        _redis.databases("0-15")


def test_the_settings_name_everything_in_redis_after_the_run():
    """bench.settings, as a worker reads it: broker and result keys, cache keys and Channels' groups prefixed."""
    code = ("import json, django; django.setup(); from django.conf import settings as s; print(json.dumps(["
            "s.CELERY_BROKER_TRANSPORT_OPTIONS['global_keyprefix'], s.CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS["
            "'global_keyprefix'], s.CACHES['default']['KEY_PREFIX'], s.CHANNEL_LAYERS['default']['CONFIG']['prefix'],"
            " s.CELERY_BROKER_TRANSPORT_OPTIONS['visibility_timeout']]))")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "BENCH_REDIS_PREFIX": "shinpan-bench-1-ab12",
           "REDIS_URL": REDIS_URL or "", "DEBUG": "0", "SECRET_KEY": "x"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    broker, results, cache, channels, visibility = json.loads(done.stdout.splitlines()[-1])
    assert (broker, results, cache, channels) == ("shinpan-bench-1-ab12:", "shinpan-bench-1-ab12:",
                                                  "shinpan-bench-1-ab12", "shinpan-bench-1-ab12")
    assert visibility == 300  # config.settings' options kept


def test_a_run_claims_a_database_whatever_the_application_s_redis_url_and_honours_a_bench_url():
    code = ("import os; from bench._redis import bench_redis; r = bench_redis(); "
            "print('run', os.environ['REDIS_URL'], os.environ['CELERY_QUEUE'], os.environ['DJANGO_SETTINGS_MODULE'])")
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "BENCH_REDIS_URL")}
    claimed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                             env={**env, "BENCH_REDIS_SERVER": _server(), "BENCH_REDIS_DBS": "9-15",
                                  "REDIS_URL": f"{_server()}/0"})  # the application's: never the bench's
    given = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                           env={**env, "BENCH_REDIS_URL": f"{_server()}/0"})
    (url, queue, module), = [line.split()[1:] for line in claimed.stdout.splitlines() if line.startswith("run ")]
    assert int(url.rpartition("/")[2]) in range(9, 16) and queue.startswith("shinpan-bench-")
    assert module == "bench.settings" and "claim given up" in claimed.stdout
    (url, queue, _), = [line.split()[1:] for line in given.stdout.splitlines() if line.startswith("run ")]
    assert url == f"{_server()}/0" and queue.startswith("shinpan-bench-") and "claim" not in given.stdout

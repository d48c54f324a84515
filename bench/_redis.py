"""The Redis a bench run uses (``bench/matches.py``): a database of its own, never db 0 by default, and names of
its own, so two runs at once, or a run beside the application, never share a queue, a key or a channel.

Which database: ``BENCH_REDIS_URL``, honoured as given (db 0 too: the run's names keep it apart, and it deletes
only its own keys); else, and whatever the caller's ``REDIS_URL`` (the application's) says, the run claims a free one of
``BENCH_REDIS_DBS`` (default ``1-15``) on ``BENCH_REDIS_SERVER`` (default ``redis://127.0.0.1:6379``): the first
where ``SET shinpan-bench:claim <token> NX EX 120`` succeeds and which holds no key but a bench's (a database
someone else is using is passed over). The claim is renewed every 30 s while the run lives, so a killed run's
database is free again two minutes later; the keys it left (named ``shinpan-bench-…``) are deleted by the next run
that claims that database.

Which names: every key and channel of the run starts with its prefix, ``shinpan-bench-<pid>-<4 hex digits>``:
it is the players' Celery queue (``CELERY_QUEUE``: the bots' and the clock's follow it, and so do the watchdog's
keys), and, through the settings module ``bench.settings``, the prefix of every key of Celery's broker and result
backend (``global_keyprefix``), of the cache (``KEY_PREFIX``) and of Channels' groups (Redis pub/sub channels are
shared by every database of a server: a database of its own does not keep them apart). At the end the run deletes
the keys that start with its prefix (``SCAN`` + ``DEL``), and its claim: nothing else, even in a database it
claimed.
"""

from __future__ import annotations

import atexit
import os
import secrets
import sys
import threading
from dataclasses import dataclass, field

DEFAULT_SERVER = "redis://127.0.0.1:6379"
DEFAULT_DATABASES = "1-15"
CLAIM_KEY = "shinpan-bench:claim"
NAME_PREFIX = "shinpan-bench-"  # a bench run's keys: "shinpan-bench-<pid>-<hex>…"
CLAIM_SECONDS = 120  # the claim's expiry, renewed every quarter of it while the run lives
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
_RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) end return 0"


@dataclass
class BenchRedis:
    """A run's Redis: ``url`` (``redis://host:port/db``), ``prefix`` (its keys, queues and channels all start with
    it), ``claimed`` (the run claimed the database with ``token``; False for a URL given by the caller)."""

    url: str
    prefix: str
    claimed: bool
    token: str
    _stop: threading.Event = field(default_factory=threading.Event, repr=False)

    def client(self):
        import redis

        return redis.Redis.from_url(self.url, socket_timeout=5, socket_connect_timeout=5)

    def keys(self) -> list[bytes]:
        """The run's keys now (``SCAN MATCH <prefix>*``)."""
        return list(self.client().scan_iter(match=f"{self.prefix}*", count=1000))

    def release(self) -> int:
        """Delete the run's keys and give its claim up (once renewing stops). Returns the number of keys
        deleted (the claim not counted)."""
        self._stop.set()
        client = self.client()
        deleted = 0
        keys = self.keys()
        for start in range(0, len(keys), 500):
            deleted += client.delete(*keys[start:start + 500])
        if self.claimed:
            client.eval(_RELEASE, 1, CLAIM_KEY, self.token)
        return deleted

    def keep_claim(self) -> None:
        """Renew the claim every ``CLAIM_SECONDS / 4`` seconds until ``release`` (a daemon thread)."""
        if not self.claimed:
            return

        def renew():
            client = self.client()
            while not self._stop.wait(CLAIM_SECONDS / 4):
                try:
                    client.eval(_RENEW, 1, CLAIM_KEY, self.token, CLAIM_SECONDS)
                except Exception:  # Redis away for a moment: the next renewal tries again
                    continue

        threading.Thread(target=renew, name="bench-redis-claim", daemon=True).start()


def run_prefix() -> str:
    """A new run's prefix: ``shinpan-bench-<pid>-<4 random hex digits>``."""
    return f"{NAME_PREFIX}{os.getpid()}-{secrets.token_hex(2)}"


def databases(spec: str) -> list[int]:
    """The database numbers ``spec`` names: ``"1-15"``, ``"3,4,9"`` or a mix (``"1-3,7"``). Raises ValueError
    for anything else, and for db 0 (the default database of everything else on a server)."""
    numbers: list[int] = []
    for part in spec.split(","):
        low, _, high = part.strip().partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    if not numbers or 0 in numbers:
        raise ValueError(f"BENCH_REDIS_DBS={spec!r}: database numbers from 1, as 1-15 or 3,4,9")
    return numbers


def claim(server: str, numbers: list[int], prefix: str) -> BenchRedis:
    """Claim the first free database of ``numbers`` on ``server`` (module docstring): returns it, claimed, with
    the keys earlier runs left there deleted. Raises SystemExit when none is free, and ``redis.ConnectionError``
    when the server cannot be reached."""
    import redis

    token = f"{prefix} {secrets.token_hex(8)}"
    for number in numbers:
        url = f"{server.rstrip('/')}/{number}"
        client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        if not client.set(CLAIM_KEY, token, nx=True, ex=CLAIM_SECONDS):
            continue  # another run's
        if any(not key.startswith(NAME_PREFIX.encode()) and key != CLAIM_KEY.encode()
               for key in client.scan_iter(count=1000)):
            client.eval(_RELEASE, 1, CLAIM_KEY, token)  # someone else's keys: not ours to use
            continue
        left = list(client.scan_iter(match=f"{NAME_PREFIX}*", count=1000))
        if left:
            client.delete(*left)  # a killed run's: its claim has expired
        return BenchRedis(url, prefix, claimed=True, token=token)
    raise SystemExit(f"no free Redis database among {numbers} on {server} (each is claimed by a bench run or holds "
                     f"keys of something else): set BENCH_REDIS_DBS or BENCH_REDIS_URL")


def bench_redis() -> BenchRedis:
    """Set the environment a bench that runs Celery workers and Channels runs with, after
    ``bench._database.bench_settings(…, redis=True)`` and before ``django.setup()``: ``REDIS_URL`` (the given one,
    or a database claimed, module docstring), ``CELERY_QUEUE`` and ``BENCH_REDIS_PREFIX`` (the run's prefix) and
    ``DJANGO_SETTINGS_MODULE=bench.settings`` (``config.settings`` with the prefix applied); child processes
    inherit them. At exit the run's keys are deleted and its claim given up (``BenchRedis.release``), saying so.
    Returns the run's Redis. Raises as ``claim`` does."""
    prefix = run_prefix()
    given = os.environ.get("BENCH_REDIS_URL")  # never the caller's REDIS_URL: the application's, db 0 as often as not
    if given:
        run = BenchRedis(given, prefix, claimed=False, token="")
    else:
        server = os.environ.get("BENCH_REDIS_SERVER", DEFAULT_SERVER)
        run = claim(server, databases(os.environ.get("BENCH_REDIS_DBS", DEFAULT_DATABASES)), prefix)
        run.keep_claim()
    os.environ["REDIS_URL"] = run.url
    os.environ["CELERY_QUEUE"] = prefix
    os.environ["BENCH_REDIS_PREFIX"] = prefix
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    how = "claimed" if run.claimed else "as given"
    print(f"bench Redis: {_shown(run.url)} ({how}), keys, queues and channels named {prefix}*", flush=True)

    def release() -> None:
        try:
            print(f"bench Redis: {run.release()} key(s) of {prefix}* deleted"
                  + (", claim given up" if run.claimed else ""), flush=True)
        except Exception as exc:  # Redis gone: say what may be left behind
            print(f"bench Redis: keys of {prefix}* NOT deleted ({exc.__class__.__name__}: {exc})", file=sys.stderr)

    atexit.register(release)
    return run


def _shown(url: str) -> str:
    """``url`` without a password."""
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    return f"{scheme}://{'***@' if at and ':' in credentials else credentials + at}{host}"

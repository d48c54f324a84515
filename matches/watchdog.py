"""The watchdog: every live worker looks, about once a second, for match work that is due and that no task is
carrying, and queues it; and it keeps the roll of live workers that ``/healthz`` reads.

Why: a Celery task lives in one worker's memory from the moment the worker reserves it until it acknowledges it.
A worker killed in between (SIGKILL, the OOM killer, a lost machine) takes its reserved tasks with it until the
broker's visibility timeout (minutes) gives them back. So nothing that must happen on time is left to a single
task:

- **deadlines** are never ETA tasks: a deadline is a column (``Match.deadline_at``) and the watchdog queues
  ``apply_deadline`` once it has passed (docs/matches.md "Time controls");
- **a bot's turn** that has stayed open ``RESEND_AFTER`` seconds (``Match.moved_at``, ``Match.to_act`` and the
  bot seats) gets its ``bot_move`` again, then at most once per as long as it has been open (backing off);
- **a pending submission** older than ``RESEND_AFTER`` seconds gets its ``adjudicate`` again — on the clock's
  (or bots') queue when no live worker takes the players' one (``_players_fallback``).

Every task queued is keyed by the match version and guarded by it under the match row lock, so a task queued
twice (the first was only slow, not lost) does nothing the second time. To keep the duplicates few, one worker
scans per tick (a Redis lock that expires with the tick) and each (kind, match, version) is queued at most once per
``RESEND_AFTER`` seconds (a Redis key with that expiry).

The roll: each worker writes ``{hostname: {"seen": unix time, "queues": [...]}}`` into one Redis hash (the key
``<default queue>:workers``) every tick
and removes itself when it shuts down cleanly; one not seen for ``GONE_AFTER`` seconds is reported gone.

A worker starts its watchdog once it is ready (``sweep_on_start``, connected to Celery's ``worker_ready`` here;
``matches.apps`` imports this module in every process) and stops it when it shuts down.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from datetime import timedelta

from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import close_old_connections
from django.db.models import Exists, OuterRef
from django.utils import timezone

from config.celery import app, queue_names

from .queueing import SWEEP_PENDING

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0  # how often each worker's watchdog looks
RESEND_AFTER = 3  # seconds a due task may take to show its effect before it is queued again
GONE_AFTER = 5  # seconds without a heartbeat after which a worker is reported gone
FORGET_AFTER = 3600  # seconds after which a gone worker leaves the roll

# Redis keys, under the default queue's name so that deployments (and test runs) sharing a Redis keep apart.
ROLL_KEY = "{queue}:workers"
TICK_LOCK_KEY = "{queue}:watchdog:tick"
SENT_KEY = "{queue}:watchdog:sent:{kind}:{match}:{version}"


def _key(template: str, **parts) -> str:
    return template.format(queue=app.conf.task_default_queue, **parts)


def _redis():
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)


class _LocalMemo:
    """``SET key NX EX`` for one process (the embedded default and tests without Redis)."""

    def __init__(self):
        self.keys: dict[str, float] = {}

    def set(self, key, value, nx=False, ex=None, px=None):
        now = time.monotonic()
        expires = self.keys.get(key)
        if nx and expires is not None and expires > now:
            return None
        self.keys[key] = now + (ex if ex is not None else (px or 0) / 1000)
        return True


def scan(*, store=None, now=None) -> dict[str, int]:
    """Queue the overdue deadlines, stalled bot turns and stalled pending submissions, each at most once per
    ``RESEND_AFTER`` seconds per (kind, match, version) in ``store`` (a Redis client, or a ``_LocalMemo``).
    Returns what was queued: ``{"deadlines": n, "bot_moves": m, "adjudications": k}``."""
    from .models import Match, Seat, Submission
    from .tasks import adjudicate, apply_deadline, bot_move

    store = store if store is not None else _LocalMemo()
    now = now or timezone.now()
    stale = now - timedelta(seconds=RESEND_AFTER)
    counts = {"deadlines": 0, "bot_moves": 0, "adjudications": 0}

    def once(kind: str, match_id: int, version: int, every: float = RESEND_AFTER) -> bool:
        return bool(store.set(_key(SENT_KEY, kind=kind, match=match_id, version=version), b"1", nx=True,
                              ex=max(RESEND_AFTER, int(every))))

    fallback = _players_fallback(store)
    active = Match.objects.filter(status=Match.Status.ACTIVE)
    for match_id, version in active.filter(deadline_at__lte=now).values_list("id", "version"):
        if once("deadline", match_id, version):
            apply_deadline.delay(match_id, version)
            counts["deadlines"] += 1
    bot_to_act = Seat.objects.filter(match=OuterRef("pk"), seat=OuterRef("to_act")).exclude(bot="")
    for match_id, version, moved_at in (active.filter(moved_at__lte=stale).exclude(to_act="")
                                        .filter(Exists(bot_to_act)).values_list("id", "version", "moved_at")):
        # Backing off: a turn open for t seconds is queued again at most once per t seconds (3, 6, 12… s). A
        # long bots' queue holds every turn open for a while, and each resend was one more task in it (found by
        # acceptance testing: 41% of the bot moves run under a backlog did nothing).
        if once("bot", match_id, version, every=(now - moved_at).total_seconds()):
            bot_move.delay(match_id, version)
            counts["bot_moves"] += 1
    for match_id, version in (active.filter(Exists(Submission.objects.filter(
            match=OuterRef("pk"), status=Submission.Status.PENDING, created_at__lte=stale)))
            .values_list("id", "version")):
        if once("adjudicate", match_id, version):
            if fallback is None:
                adjudicate.delay(match_id)
            else:
                adjudicate.apply_async((match_id,), queue=fallback)
            counts["adjudications"] += 1
    return counts


def _players_fallback(store) -> str | None:
    """The queue a stalled person's action goes to instead of the players' one when no live worker takes that
    (its only worker died, in the split layout): the clock's, else the bots' queue, if a live worker takes it;
    None (route as usual) when the players' queue is served or the roll cannot be read. So a person's match goes
    on while the players' worker is down (found by acceptance testing: the action waited for its restart)."""
    if not hasattr(store, "hgetall"):  # the embedded default: one process, no roll
        return None
    try:
        served = {queue for worker in roll(store)["alive"] for queue in worker["queues"]}
    except Exception:  # noqa: BLE001 - the scan goes on with the usual routes
        return None
    players, bots, clock = queue_names(app.conf.task_default_queue)
    if players in served:
        return None
    return next((queue for queue in (clock, bots) if queue in served), None)


def roll(store=None, *, now: float | None = None) -> dict[str, list]:
    """The workers on the roll: ``{"alive": [{"name", "queues", "seen_seconds_ago"}], "gone": [...]}``; gone
    workers past ``FORGET_AFTER`` are dropped from the roll."""
    store = store or _redis()
    now = now if now is not None else time.time()
    alive, gone = [], []
    for raw_name, raw in sorted(store.hgetall(_key(ROLL_KEY)).items()):
        name = raw_name.decode() if isinstance(raw_name, bytes) else raw_name
        try:
            entry = json.loads(raw)
            ago = max(0.0, now - float(entry["seen"]))
        except (ValueError, KeyError, TypeError):
            store.hdel(_key(ROLL_KEY), raw_name)
            continue
        if ago > FORGET_AFTER:
            store.hdel(_key(ROLL_KEY), raw_name)
            continue
        row = {"name": name, "queues": sorted(entry.get("queues") or []), "seen_seconds_ago": round(ago, 1)}
        (alive if ago <= GONE_AFTER else gone).append(row)
    return {"alive": alive, "gone": gone}


class Watchdog(threading.Thread):
    """The worker's watchdog thread (started by ``sweep_on_start`` when the worker is ready, in the worker's main
    process, beside its consumer): each tick it writes the heartbeat and, if it wins the tick's lock, scans."""

    def __init__(self, hostname: str, queues: list[str], tick: float = TICK_SECONDS):
        super().__init__(name="shinpan-watchdog", daemon=True)
        self.hostname, self.queues, self.tick = hostname, sorted(queues), tick
        self.stopping = threading.Event()

    def beat(self, store) -> None:
        store.hset(_key(ROLL_KEY), self.hostname, json.dumps({"seen": time.time(), "queues": self.queues}))

    def run(self) -> None:
        store = None
        while True:
            try:
                store = store or _redis()
                self.beat(store)
                if store.set(_key(TICK_LOCK_KEY), self.hostname, nx=True, px=int(self.tick * 900)):
                    close_old_connections()
                    counts = scan(store=store)
                    if any(counts.values()):
                        log.info("watchdog queued %s", counts)
            except Exception:  # a watchdog that stops is worse than one that logs and tries again
                log.exception("watchdog tick failed")
                store = None
                close_old_connections()
            if self.stopping.wait(self.tick):
                return

    def stop(self) -> None:
        self.stopping.set()
        try:
            _redis().hdel(_key(ROLL_KEY), self.hostname)
        except Exception:
            log.warning("could not take %s off the workers' roll", self.hostname)


_watchdog: Watchdog | None = None


@worker_ready.connect
def sweep_on_start(sender, **kwargs):
    """A worker that starts (or restarts after a crash) adjudicates whatever was left pending, and starts its
    watchdog: the heartbeat on the workers' roll and the scan for due deadlines and stalled bot turns and
    submissions, which is what lets the other workers carry a dead one's matches on."""
    global _watchdog
    sender.app.send_task(SWEEP_PENDING, queue=sender.app.conf.task_default_queue + ".clock")
    queues = [q.name for q in sender.task_consumer.queues] if getattr(sender, "task_consumer", None) else []
    _watchdog = Watchdog(sender.hostname, queues)
    _watchdog.start()


@worker_shutdown.connect
def stop_watchdog(sender=None, **kwargs):
    """A worker that stops cleanly leaves the roll at once (a killed one is reported gone by ``/healthz``)."""
    if _watchdog is not None:
        _watchdog.stop()

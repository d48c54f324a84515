"""``config.redis_clients``: one ``redis.Redis`` per connection pool for Django's cache and Celery's broker (issue
14, "a cheaper action": redis-py builds ~330 response callbacks into every client, and both libraries made one per
command). Against the real Redis of ``REDIS_URL`` (``.ci/run`` sets it); skipped without one."""

from __future__ import annotations

import os
import uuid

import pytest
import redis
from kombu import Connection, Exchange, Queue

from config.redis_clients import Channel, RedisCache, RedisCacheClient, Transport

REDIS_URL = os.environ.get("REDIS_URL")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")


@pytest.fixture
def built(monkeypatch):
    """Counts every ``redis.Redis`` made while the test runs."""
    made = []
    init = redis.Redis.__init__

    def counting(self, *args, **kwargs):
        made.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", counting)
    return made


def test_the_cache_makes_one_client_for_many_commands_and_still_reads_what_it_wrote(built):
    cache = RedisCache(REDIS_URL, {"KEY_PREFIX": f"test-{uuid.uuid4().hex[:8]}"})
    assert isinstance(cache._cache, RedisCacheClient)
    cache.set("a", {"seat": "silver"})
    cache.set_many({"b": 2, "c": 3})
    assert cache.get("a") == {"seat": "silver"}
    assert cache.get_many(["a", "b", "c", "missing"]) == {"a": {"seat": "silver"}, "b": 2, "c": 3}
    cache.delete_many(["a", "b", "c"])
    assert cache.get("a") is None
    assert len(built) == 1  # Django's own client makes a new one for every command (six here)


def test_the_settings_use_it():
    from django.conf import settings
    from django.core.cache import caches

    assert settings.CACHES["default"]["BACKEND"] == "config.redis_clients.RedisCache"
    assert isinstance(caches["default"], RedisCache)
    assert settings.CELERY_BROKER_TRANSPORT == "config.redis_clients:Transport"


def test_messages_sent_through_the_broker_take_one_client_and_arrive_in_order(built):
    name = f"test-broker-{uuid.uuid4().hex[:8]}"
    queue = Queue(name, Exchange(name), routing_key=name)
    with Connection(REDIS_URL, transport=Transport) as conn:
        channel = conn.default_channel
        assert isinstance(channel, Channel)
        producer = conn.Producer(serializer="json")
        before = len(built)
        for i in range(5):
            producer.publish({"move": i}, exchange=queue.exchange, routing_key=name, declare=[queue])
        assert len(built) - before == 1  # kombu's own channel makes more than one per message
        got = []
        with conn.SimpleQueue(queue) as simple:
            for _ in range(5):
                message = simple.get(timeout=5)
                got.append(message.payload)
                message.ack()
        assert got == [{"move": i} for i in range(5)]
        queue(channel).delete()


def test_a_pool_the_channel_replaced_gets_a_client_of_its_own():
    with Connection(REDIS_URL, transport=Transport) as conn:
        channel = conn.default_channel
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as again:
            assert first is again and first.connection_pool is channel.pool
        channel._pool = None  # as kombu does after a connection error (``_disconnect_pools``)
        with channel.conn_or_acquire() as after:
            assert after is not first and after.connection_pool is channel.pool
            assert after.ping()
        given = object()
        with channel.conn_or_acquire(given) as passed:  # a caller's own client (a pipeline) is used as given
            assert passed is given

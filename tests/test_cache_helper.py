"""``tests.cache.clear_cache`` empties the Django cache and leaves the broker's and channel layer's keys alone."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache

from tests.cache import clear_cache


def test_clear_cache_drops_the_cache_keys_only():
    cache.set("throttle-count", 3)
    if not isinstance(caches["default"], RedisCache):
        clear_cache()
        assert cache.get("throttle-count") is None
        pytest.skip("the rest needs the Redis cache (REDIS_URL): another backend has nothing else to keep")
    client = caches["default"]._cache.get_client(write=True)
    queue = f"test-queue-{uuid.uuid4().hex[:8]}"  # as a Celery queue is kept: a Redis list named after it
    client.rpush(queue, "a task")
    try:
        clear_cache()
        assert cache.get("throttle-count") is None
        assert client.llen(queue) == 1
    finally:
        client.delete(queue)

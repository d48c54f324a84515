"""Emptying the Django cache between tests without touching anything else in its Redis database.

In CI (and in production) the cache shares its Redis database with Celery's broker and the channel layer;
``cache.clear()`` there is FLUSHDB, which would also drop the queues and the channel groups. ``clear_cache``
deletes only the cache's own keys (those its key function makes), and is ``cache.clear()`` on any other backend.
"""

from __future__ import annotations

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache


def clear_cache() -> None:
    cache = caches["default"]
    if not isinstance(cache, RedisCache):
        cache.clear()
        return
    client = cache._cache.get_client(write=True)
    keys = list(client.scan_iter(match=cache.make_key("*"), count=1000))
    for start in range(0, len(keys), 1000):
        client.delete(*keys[start:start + 1000])

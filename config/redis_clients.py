"""One ``redis.Redis`` client per connection pool, where Django's cache and Celery's broker make a new one for
every command they send.

Why (issue 14, "a cheaper action"): redis-py 7 builds two case-insensitive tables of about 330 response callbacks
in every ``redis.Redis()`` (``redis.client.CaseInsensitiveDict``, an ``str.upper`` per entry), and two of our
libraries make a new client per operation, throwing it away after one command: Django's ``RedisCacheClient``
in ``get_client`` (each cache read or write; a push of match views reads which seats are watched) and kombu's
Redis channel in ``conn_or_acquire`` (each task sent: a bot's next move). That was the largest single cost of a
worker's bot move outside the engine and the database (profiled: 1,600 callback tables built for 400 moves).

A client holds no state of its own between commands beyond its pool (each command takes a connection from the
pool and gives it back, which is what makes ``redis.Redis`` safe to share between threads), so one client per
pool sends the very same commands over the same connections. A pool replaced by its owner (kombu makes a new
one after a connection error) gets a client of its own. Fork-safe as before: the pool itself notices a new
process and opens new connections.

Used by ``config.settings``: ``CACHES["default"]["BACKEND"] = "config.redis_clients.RedisCache"`` and
``CELERY_BROKER_TRANSPORT = "config.redis_clients:Transport"`` (when ``REDIS_URL`` is set).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from django.core.cache.backends import redis as django_redis
from kombu.transport import redis as kombu_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    """Django's Redis cache client, handing out one ``redis.Redis`` per connection pool (``get_client``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}  # connection pool index -> its client

    def get_client(self, key=None, *, write: bool = False):
        """The client of the pool Django would pick (the primary to write, any server to read), made once."""
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return client


class RedisCache(django_redis.RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``RedisCacheClient`` above; the same options."""

    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient


class Channel(kombu_redis.Channel):
    """kombu's Redis channel, sending with one client per connection pool instead of one per message."""

    _sending_client = None

    @contextlib.contextmanager
    def conn_or_acquire(self, client=None) -> Iterator[object]:
        """``client`` when given (a pipeline, the consumer's own), else the channel's sending client: made once
        for its current pool, and again if the channel has replaced the pool since."""
        if client:
            yield client
            return
        found = self._sending_client
        if found is None or found.connection_pool is not self.pool:
            found = self._sending_client = self._create_client()
        yield found


class Transport(kombu_redis.Transport):
    """kombu's Redis transport with ``Channel`` above (``CELERY_BROKER_TRANSPORT``); URLs and options as
    ``redis://``."""

    Channel = Channel

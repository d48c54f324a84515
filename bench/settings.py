"""The benches' Django settings when they run Redis (``bench._redis.bench_redis`` sets ``DJANGO_SETTINGS_MODULE``
to this module, and the Celery workers ``bench/matches.py`` starts inherit it): ``config.settings`` as served,
with every name the run makes in Redis starting with its prefix, ``BENCH_REDIS_PREFIX``: Celery's broker keys
and result keys (``global_keyprefix``), the cache's keys (``KEY_PREFIX``) and Channels' groups and channels
(``prefix``), so two runs on one Redis server never hear or delete each other's. Without ``BENCH_REDIS_PREFIX``
or ``REDIS_URL``, ``config.settings`` unchanged.
"""

import os

from config.settings import *  # noqa: F403
from config.settings import CACHES, CELERY_BROKER_TRANSPORT_OPTIONS, CHANNEL_LAYERS, REDIS_URL

_PREFIX = os.environ.get("BENCH_REDIS_PREFIX", "")

if _PREFIX and REDIS_URL:
    CELERY_BROKER_TRANSPORT_OPTIONS = {**CELERY_BROKER_TRANSPORT_OPTIONS, "global_keyprefix": f"{_PREFIX}:"}
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"global_keyprefix": f"{_PREFIX}:"}
    CACHES = {"default": {**CACHES["default"], "KEY_PREFIX": _PREFIX}}
    CHANNEL_LAYERS = {"default": {**CHANNEL_LAYERS["default"],
                                  "CONFIG": {**CHANNEL_LAYERS["default"]["CONFIG"], "prefix": _PREFIX}}}

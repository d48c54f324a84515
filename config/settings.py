"""Django settings for Shinpan, read from the environment.

Variables (all optional in development; see README.md), from the environment or a local ``.env`` file:
    DEBUG          boolean, default false.
    SECRET_KEY     required when DEBUG is off; the site refuses to start without it.
    ALLOWED_HOSTS  comma-separated host names; default "localhost,127.0.0.1" (plus "*" under DEBUG).
    DATABASE_URL   any dj-database-url URL; default a SQLite file ``db.sqlite3`` in the project folder.
    DB_CONN_MAX_AGE  seconds to keep a database connection; default 0 (see below).
    REDIS_URL      redis://host:port/db; default none, and then Celery tasks run eagerly in-process.
    MEDIA_ROOT     folder for uploaded card images; default ``media/`` in the project folder.
    PRIVATE_MEDIA_ROOT  folder for proposal photos (not served as media); default ``var/private/``.
    IMAGE_MAX_BYTES  largest accepted upload in bytes; default 8 MiB.
    IMAGE_MAX_PIXELS largest decoded image in pixels; default 40 000 000.
    CELERY_QUEUE   the players' Celery queue; default "shinpan" (bots use "<it>.bots", the clock "<it>.clock").
    CELERY_VISIBILITY_TIMEOUT  seconds before an unacknowledged task is delivered again; default 300.
    SHINPAN_ANALYSIS_LEVEL  the search level of a finished match's analysis (easy, normal, hard); default hard.
    GC_FREEZE      boolean, default true: web and worker processes freeze their start-up objects for the garbage
                   collector once set up (config/gcpolicy.py).
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from .env import env_bool, env_int, env_list, env_redis_url, env_str, load_env_file

BASE_DIR = Path(__file__).resolve().parent.parent
# A local ``.env`` (written by ``make run``: DEBUG=1) fills in variables the environment does not set.
load_env_file(BASE_DIR / ".env")

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY") or ""
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    # Development only: a fixed, obviously unsafe key so sessions survive restarts.
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] + (["*"] if DEBUG else []))

INSTALLED_APPS = [
    "daphne",  # runserver serves ASGI (HTTP and WebSocket) in the embedded default
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our static files, pinned (no CDN)
    "channels",
    "django_htmx",
    "bulma",  # django-bulma: Bulma 1.0 CSS served as our static files (no CDN)
    "simple_history",  # django-simple-history: each card's history of changes (issue 29.4)
    "cards",
    "community",
    "decks",
    "matches",
    "referee",
    "seeds",
    "tournaments",
    "ratings",
]

MIDDLEWARE = [
    # pages and API answers compressed when the client accepts it (issue 27, point 8: a board page's HTML falls
    # from about 64 to 8 KB); the CSRF tokens in them are masked anew on every response, as BREACH requires
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",  # a history record names the signed-in user who made it
    # last, so every other check (CSRF, sign-in) has run: NUL in a parameter or field is a 400 naming it, a query
    # string over 8192 characters a 414 (issue 31, point 2)
    "config.input_layer.InputLayerMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Django's default loaders (cached: files, then apps), then each game's own folder (config.game_templates)
            "loaders": [("django.template.loaders.cached.Loader", [
                "django.template.loaders.filesystem.Loader",
                "django.template.loaders.app_directories.Loader",
                "config.game_templates.Loader",
            ])],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

_database_url = env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
try:
    # Persistent connections default off: under ASGI each request may run in its own thread, and kept
    # connections pile up (Django's docs advise CONN_MAX_AGE=0 there); a pooler (PgBouncer) is the way to reuse.
    DATABASES = {"default": dj_database_url.parse(
        _database_url, conn_max_age=env_int("DB_CONN_MAX_AGE", 0, minimum=0), conn_health_checks=True)}
except ValueError as exc:  # dj-database-url raises ValueError for an unknown scheme
    raise ImproperlyConfigured(f"DATABASE_URL is not a database URL Django understands: {exc}") from exc
DATABASES["default"]["TEST"] = {"NAME": None}
if env_bool("DB_POOL", False) and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The web command's processes (scripts/serve.py turns it on): psycopg's pool keeps a few connections open per
    # process, where each page opened a new one (a PostgreSQL backend started per page; issue 31, point 1). Not in
    # workers (a prefork child must not inherit a parent's pool threads; they keep their connection instead,
    # CELERY_WORKER_DB_CONN_MAX_AGE) nor tests. Django's pool needs CONN_MAX_AGE 0.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1, "max_size": env_int("DB_POOL_MAX", 4, minimum=1), "timeout": 10}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes write one SQLite file in the embedded default (the server, manage.py playmatch): a write
    # transaction takes the write lock when it begins (IMMEDIATE), so two of them queue for up to 20 s instead of
    # failing with "database is locked" when a reader turns writer (Django's SQLite notes).
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "matches:lobby"
LOGOUT_REDIRECT_URL = "cards:home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Tokyo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
# Issue 27, point 8: only the Bulma rules the site uses (config/purged_css.py), beside the usual finders; in
# production collectstatic's files are compressed (gzip and Brotli) and fingerprinted by WhiteNoise, so a page's
# static files are cached for good and fetched once.
STATICFILES_FINDERS = [
    "config.static_finders.FileSystemFinder",  # a path out of the folder: not found, not a 500
    "config.static_finders.AppDirectoriesFinder",
    "config.purged_css.PurgedBulmaFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
                    else "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT") or BASE_DIR / "media")
# proposal photos (community.storage): never served from MEDIA_URL; community.views.proposal_photo checks who asks
PRIVATE_MEDIA_ROOT = Path(env_str("PRIVATE_MEDIA_ROOT") or BASE_DIR / "var" / "private")

# Card images (cards.images): the largest upload accepted, and the largest decoded image in pixels.
IMAGE_MAX_BYTES = env_int("IMAGE_MAX_BYTES", 8 * 1024 * 1024, minimum=1024)
IMAGE_MAX_PIXELS = env_int("IMAGE_MAX_PIXELS", 40_000_000, minimum=10_000)
DATA_UPLOAD_MAX_MEMORY_SIZE = IMAGE_MAX_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = IMAGE_MAX_BYTES + 1024 * 1024

# Ratings (ratings.services, docs/ratings.md): the length of a Glicko-2 rating period, in days.
SHINPAN_RATING_PERIOD_DAYS = env_int("SHINPAN_RATING_PERIOD_DAYS", 7, minimum=1)

REDIS_URL = env_redis_url("REDIS_URL")

# Celery: with no broker configured, tasks run eagerly in-process (the embedded default).
CELERY_BROKER_URL = REDIS_URL or "memory://"
# kombu's Redis transport with one client per connection pool instead of one per message (config.redis_clients)
CELERY_BROKER_TRANSPORT = "config.redis_clients:Transport" if REDIS_URL else None
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 60
CELERY_TASK_SOFT_TIME_LIMIT = 50
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE") or "shinpan"
# Players' actions, bot moves and the clock each have a queue (config.celery.route_task); a worker without -Q
# takes all three. README "Production" says how to give the players' queue workers of its own.
CELERY_TASK_QUEUES = [Queue(name, routing_key=name) for name in
                      (CELERY_TASK_DEFAULT_QUEUE, f"{CELERY_TASK_DEFAULT_QUEUE}.bots",
                       f"{CELERY_TASK_DEFAULT_QUEUE}.clock")]
# A worker keeps its database connection across tasks (one thread per process, so none pile up); config.celery
# closes it past this age or when broken. Without these Celery opens a new PostgreSQL connection for every task.
CELERY_WORKER_DB_CONN_MAX_AGE = 60
# Web and worker processes freeze what they made while setting up (config.gcpolicy): full collections then walk
# only what came after (about 14% of a new-seed Iron Leaguer game's instructions in a worker).
GC_FREEZE = env_bool("GC_FREEZE", True)
# The analysis of a finished match (matches.services.analysis): the search level it weighs decisions at.
SHINPAN_ANALYSIS_LEVEL = env_str("SHINPAN_ANALYSIS_LEVEL", "hard")
if SHINPAN_ANALYSIS_LEVEL not in ("easy", "normal", "hard"):
    raise ImproperlyConfigured(f"SHINPAN_ANALYSIS_LEVEL must be easy, normal or hard, not {SHINPAN_ANALYSIS_LEVEL!r}")
CELERY_DB_REUSE_MAX = 1000
# A task whose worker died unacknowledged is delivered again after this many seconds (and swept at worker start).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300, minimum=5)}

# Live push (Django Channels): Redis in production, in-process memory in the embedded default. Redis pub/sub
# (channels_redis's RedisPubSubChannelLayer): a group send is one PUBLISH, where the list-based layer runs four
# round trips and a Lua script for every group (each push sends two); a view pushed while nobody listens is not
# kept, which costs nothing here: a client that (re)connects reads the view by version (matches.consumers).
CHANNEL_LAYERS = (
    {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {"hosts": [REDIS_URL]}}}
    if REDIS_URL
    else {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
)

CACHES = (
    {"default": {"BACKEND": "config.redis_clients.RedisCache", "LOCATION": REDIS_URL}}  # Django's, one client a pool
    if REDIS_URL
    else {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.AutoSchema",  # every operation documents the error shape
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "config.pagination.CursorPagination",
    # One error shape for every refusal (docs/api.md); a 401 names Basic in WWW-Authenticate (Basic first: DRF
    # answers 403 without a challenge when the first class is Session); writes need an account.
    "EXCEPTION_HANDLER": "config.api_errors.api_exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.BasicAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.AnonRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"anon": env_str("API_ANON_RATE") or "600/minute"},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Shinpan API",
    "DESCRIPTION": "Card catalogue, decks and refereed matches for Legions!, Riders' Legend and Iron Leaguer.",
    "VERSION": "0.1.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL") or "INFO"},
}

if not DEBUG:
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SESSION_COOKIE_HTTPONLY = True

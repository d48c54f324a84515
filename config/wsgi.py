"""WSGI entry point (``config.wsgi:application``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402

from config.gcpolicy import freeze_web_process  # noqa: E402

if settings.GC_FREEZE:
    freeze_web_process()  # start-up objects: never walked by the garbage collector again (config.gcpolicy)

"""WSGI entry point (``config.wsgi:application``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.gcpolicy import freeze_web_process  # noqa: E402

freeze_web_process()  # start-up objects: never walked by the garbage collector again (config.gcpolicy)

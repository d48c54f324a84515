"""ASGI entry point (``config.asgi:application``): HTTP through Django, WebSocket through Channels.

Serve it with daphne (``daphne config.asgi:application``) or any ASGI server.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi = get_asgi_application()  # set up Django before importing consumers

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.gcpolicy import freeze_web_process  # noqa: E402
from matches.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

freeze_web_process()  # start-up objects: never walked by the garbage collector again (config.gcpolicy)

from django.urls import path, re_path

from .consumers import MatchConsumer, NoSuchPath

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    re_path(r"", NoSuchPath.as_asgi()),  # anything else: closed with 4404, never a server error
]

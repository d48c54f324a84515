from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("<str:username>/", views.player, name="player"),
]

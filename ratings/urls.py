from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("me/data.json", views.my_data, name="my-data"),
    path("me/account/", views.close_account, name="account"),
    path("<str:username>/", views.player, name="player"),
]

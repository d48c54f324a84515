from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("new/", views.event_create, name="create"),
    path("<int:pk>/", views.event_detail, name="detail"),
    path("<int:pk>/live/", views.event_live, name="live"),
    path("<int:pk>/register/", views.event_register, name="register"),
    path("<int:pk>/bots/", views.event_bots, name="bots"),
    path("<int:pk>/start/", views.event_start, name="start"),
    path("<int:pk>/drop/", views.event_drop, name="drop"),
    path("<int:pk>/correct/", views.event_correct, name="correct"),
]

from django.urls import path

from . import views

app_name = "matches"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.create, name="create"),
    path("invite/<str:token>/", views.invite, name="invite"),
    path("lobby/invitations/", views.lobby_invitations, name="lobby-invitations"),
    path("<int:match_id>/", views.detail, name="detail"),
    path("<int:match_id>/board/", views.board, name="board"),
    path("<int:match_id>/join/", views.join, name="join"),
    path("<int:match_id>/act/", views.act, name="act"),
    path("<int:match_id>/resign/", views.resign, name="resign"),
    path("<int:match_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:match_id>/rematch/", views.rematch, name="rematch"),
    path("<int:match_id>/takeback/", views.takeback, name="takeback"),
    path("<int:match_id>/takeback/decline/", views.takeback_decline, name="takeback-decline"),
    path("settings/<slug:game>/", views.play_settings, name="play-settings"),
    path("<int:match_id>/replay/", views.replay, name="replay"),
    path("<int:match_id>/analysis/", views.analysis, name="analysis"),
]

from django.urls import path

from . import api

urlpatterns = [
    path("", api.match_list, name="match-list"),
    path("<str:match_id>/", api.match_detail, name="match-detail"),
    path("<str:match_id>/join/", api.match_join, name="match-join"),
    path("<str:match_id>/actions/", api.match_actions, name="match-actions"),
    path("<str:match_id>/resign/", api.match_resign, name="match-resign"),
    path("<str:match_id>/withdraw/", api.match_withdraw, name="match-withdraw"),
    path("<str:match_id>/rematch/", api.match_rematch, name="match-rematch"),
    path("<str:match_id>/takeback/", api.match_takeback, name="match-takeback"),
    path("<str:match_id>/takeback/decline/", api.match_takeback_decline, name="match-takeback-decline"),
    path("<str:match_id>/submissions/<str:submission_id>/", api.submission_detail, name="match-submission"),
    path("<str:match_id>/log/", api.match_log_view, name="match-log"),
    path("<str:match_id>/replay/", api.match_replay, name="match-replay"),
    path("<str:match_id>/analysis/", api.match_analysis, name="match-analysis"),
]

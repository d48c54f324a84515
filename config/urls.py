"""URL configuration: the admin, the site pages and the API. Each app owns its own url modules."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path, re_path

from config.api_views import not_found as api_not_found
from matches import views as matches_views
from matches.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("cards.api_urls")),
    path("api/decks/", include("decks.api_urls")),
    path("api/matches/", include("matches.api_urls")),
    re_path(r"^api/(?P<path>.*)$", api_not_found, name="api-not-found"),  # a JSON 404, not the site's page
    path("decks/", include("decks.urls")),
    path("matches/", include("matches.urls")),
    path("players/", include("ratings.urls")),
    path("events/", include("tournaments.urls")),
    path("accounts/signup/", matches_views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("community.urls")),
    path("", include("cards.urls")),
]

handler500 = "config.api_errors.server_error"  # JSON under /api/, the site's page elsewhere

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

"""URL configuration: the admin, the site pages and the API. Each app owns its own url modules."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

from matches import views as matches_views
from matches.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("cards.api_urls")),
    path("api/decks/", include("decks.api_urls")),
    path("api/matches/", include("matches.api_urls")),
    path("decks/", include("decks.urls")),
    path("matches/", include("matches.urls")),
    path("accounts/signup/", matches_views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("cards.urls")),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

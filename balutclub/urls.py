from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from clubs.views import directory, first_run
from league.views.health import healthz
from scoring.language import set_language
from scoring.views.service_worker import service_worker

# A database that does not answer is a 503 with the app's own words (clubs.errors).
handler500 = "clubs.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # The server's clubs; "/" leads here when it hosts several (clubs.middleware).
    path("clubs/", directory, name="club_directory"),
    # A server with no club yet: its first club and secretary, by a one-time token.
    path("clubs/first-run/", first_run, name="club_first_run"),
    # The federation's pages: its clubs side by side (a server's own address, clubs.middleware).
    path("federation/", include("federation.urls")),
    # The tablet's service worker: at the root, so its scope may cover /games/.
    path("sw.js", service_worker, name="service_worker"),
    path("i18n/setlang/", set_language, name="set_language"),
    # The static/js files word their messages through gettext() from this catalog.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("scoring.urls")),
    path("", include("stats.urls")),
    path("", include("league.urls")),
    path("", include("tournaments.urls")),
    path("", include("ratings.urls")),
    path("", include("teams.urls")),
]

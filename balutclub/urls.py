from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from api.site import api
from clubs.views import directory, first_run
from league.views.health import healthz
from scoring.app_icons import ICON_SIZES
from scoring.language import set_language
from scoring.views.install import favicon, icon
from scoring.views.service_worker import service_worker

# A database that does not answer is a 503 with the app's own words (clubs.errors).
handler500 = "clubs.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # The read API, for a club's website or a federation's (docs/api.md): a server address.
    path("api/v1/", api.urls),
    # The server's clubs; "/" leads here when it hosts several (clubs.middleware).
    path("clubs/", directory, name="club_directory"),
    # A server with no club yet: its first club and secretary, by a one-time token.
    path("clubs/first-run/", first_run, name="club_first_run"),
    # The federation's pages: its clubs side by side (a server's own address, clubs.middleware).
    path("federation/", include("federation.urls")),
    # The tablet's service worker: at the root, so its scope may cover /games/.
    path("sw.js", service_worker, name="service_worker"),
    # The app's icons and the favicon: the same for every club, so at the server's root.
    path("favicon.ico", favicon, name="favicon"),
    *(path(f"icons/{size}.png", icon, {"size": size}, name=f"icon_{size}") for size in ICON_SIZES),
    path("i18n/setlang/", set_language, name="set_language"),
    # The static/js files word their messages through gettext() from this catalog.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("scoring.urls")),
    path("", include("stats.urls")),
    path("", include("league.urls")),
    path("", include("tournaments.urls")),
    path("", include("ratings.urls")),
    path("", include("teams.urls")),
    path("", include("api.urls")),
]

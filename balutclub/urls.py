from django.contrib import admin
from django.urls import include, path

from league.views.health import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("", include("scoring.urls")),
    path("", include("stats.urls")),
    path("", include("league.urls")),
]

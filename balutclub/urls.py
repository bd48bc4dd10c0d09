from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("scoring.urls")),
    path("", include("league.stats_urls")),
    path("", include("league.urls")),
]

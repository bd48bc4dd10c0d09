"""The app's URLs plus a bare view, for the turn benchmark only (via override_settings).

The bare view answers on the same middleware stack as the real views, so the time it takes is
what every request pays before a view does any work of its own.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def bare(request: HttpRequest) -> HttpResponse:
    # Touches neither the session nor the user, so the lazy middleware never loads them.
    return HttpResponse("ok")


urlpatterns = [
    path("bench/bare/", bare, name="bench_bare"),
    path("", include("balutclub.urls")),
]

"""What makes the club's site an installable app: its web-app manifest (named after the club,
opening at the club's home), its icons and the favicon.

The manifest's start address is the club's home with `?app`: there static/js/app_start.js
sends a tablet that has a game in play straight back into it (docs/usage.md)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from clubs.requests import club_of
from scoring import club
from scoring.app_icons import ICON_SIZES, favicon_ico, icon_png

# The icons never change within a version of the app: a day in the browser's cache.
ICON_SECONDS = 86400


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    the_club = club_of(request)
    name = club.house_settings(the_club).club_name or the_club.name
    home = reverse("scoring:home")
    document = {
        "name": name,
        "short_name": name[:12],
        "id": home,
        "start_url": f"{home}?app",
        "scope": home,
        "display": "standalone",
        "background_color": "#000000",
        "theme_color": "#000000",
        "icons": [
            {
                "src": reverse(f"icon_{size}"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for size in ICON_SIZES
        ],
    }
    return JsonResponse(document, content_type="application/manifest+json")


@require_safe
@cache_control(public=True, max_age=ICON_SECONDS)
def icon(request: HttpRequest, size: int) -> HttpResponse:
    return HttpResponse(icon_png(size), content_type="image/png")


@require_safe
@cache_control(public=True, max_age=ICON_SECONDS)
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponse(favicon_ico(), content_type="image/x-icon")

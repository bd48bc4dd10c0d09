"""What every page's layout names: the club of the request, or the app where there is none."""

from __future__ import annotations

from django.http import HttpRequest

from clubs.requests import club_or_none

APP_NAME = "BalutClub"


def site_name(request: HttpRequest) -> dict[str, str]:
    """`site_name`: the club's own name in the titles of its pages ("North Balut Club"), the
    app's on the server's own pages (the list of clubs, the first run)."""
    club = club_or_none(request)
    return {"site_name": club.name if club is not None else APP_NAME}

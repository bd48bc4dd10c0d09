"""Who may see what: the one place views ask whether a visitor who is not signed in may see a
part of the app (the club's settings, through scoring.club), and the one way they refuse.

Signed-in members see every part; a visitor sees the parts the club opened. A refused visitor
is sent to the PIN sign-in and comes back after it. Views use `visible_to_visitors(area)`;
templates ask `may_see`, the context processor's lazy map, e.g. `{% if may_see.documents %}`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.urls import reverse

from clubs.requests import club_or_none
from clubs.selectors import belongs_to
from scoring import club
from scoring.models import PublicArea

View = Callable[..., HttpResponseBase]
# The settings read once per request, however many times a request asks.
_CACHE_ATTRIBUTE = "_public_areas"


def public_areas(request: HttpRequest | None = None) -> frozenset[str]:
    if request is not None and hasattr(request, _CACHE_ATTRIBUTE):
        cached: frozenset[str] = getattr(request, _CACHE_ATTRIBUTE)
        return cached
    the_club = club_or_none(request) if request is not None else None
    # Without a club (the server's own pages) nothing of any club is public.
    areas = club.house_settings(the_club).public_areas if the_club is not None else frozenset()
    if request is not None:
        setattr(request, _CACHE_ATTRIBUTE, areas)
    return areas


def may_see(request: HttpRequest, area: PublicArea) -> bool:
    """Whether whoever sent `request` may see `area`; a query only for visitors."""
    user: User | AnonymousUser = request.user
    the_club = club_or_none(request)
    if the_club is not None and belongs_to(the_club.pk, user):
        return True
    return area in public_areas(request)


def visible_to_visitors(area: PublicArea) -> Callable[[View], View]:
    """A view of `area`: visitors go to the PIN sign-in unless the club opened `area` to them."""

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not may_see(request, area):
                return redirect_to_login(request.get_full_path(), reverse("scoring:signin"))
            return view(request, *args, **kwargs)

        return guarded

    return decorate


class _AreaMap:
    """`may_see` in templates: asks may_see() for the area named, so only when a page asks."""

    def __init__(self, request: HttpRequest) -> None:
        self.request = request

    def __getitem__(self, area: str) -> bool:
        if area not in PublicArea.values:
            raise KeyError(area)
        return may_see(self.request, PublicArea(area))


def privacy(request: HttpRequest) -> dict[str, object]:
    """Context processor: `may_see.<area>` in every template, read only when asked."""
    return {"may_see": _AreaMap(request)}

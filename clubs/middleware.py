"""Which club a request is for: the club named by the address, and nothing else.

Every club page lives under /c/<slug>/ with the paths it had before after the prefix
(/c/north/games/12/). This middleware takes the prefix off the path before Django resolves it and
makes it the script prefix of the request, as a club mounted under its own address would be: so
the one set of URL patterns serves every club, and every {% url %} and reverse() of a club page
stays inside the club of the page that draws it. The club itself goes on the request, where
views read it (clubs.requests.club_of) and pass it to every selector and service explicitly.

A server with exactly one club keeps the addresses without a prefix for it, so an installed
club sees no change after the upgrade. With several clubs, an address without a prefix is not
a club's: "/" lists the clubs, and any other club page there is sent to that list, but for
the addresses whose object names its club (clubs.addresses): those go to that club's address.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import get_script_prefix, set_script_prefix
from django.utils import translation
from django.utils.functional import SimpleLazyObject

from clubs.addresses import lasting_address
from clubs.plain_pages import plain_page
from clubs.scoping import serve_guarded
from clubs.selectors import club_by_slug, sole_club

CLUB_ADDRESS = re.compile(r"^/c/(?P<slug>[^/]+)(?P<rest>/.*)?$")
# The server's own addresses: they answer without a club.
SERVER_PATHS = (
    "/admin/",
    "/healthz",
    "/i18n/",
    "/jsi18n/",
    "/federation/",
    "/clubs/",
    "/static/",
    # The read API names its club in its own paths (/api/v1/clubs/<slug>/...).
    "/api/",
    # The one-club server's tablet worker (a club's own is at /c/<slug>/sw.js, scoped to it).
    "/sw.js",
    # The app's icons, the same for every club (scoring.views.install).
    "/favicon.ico",
    "/icons/",
)


class ClubMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        match = CLUB_ADDRESS.match(request.path_info)
        if match is None:
            if request.path_info.startswith(SERVER_PATHS):
                # The server's own pages ask for the sole club only if they need it (the
                # admin, a language's default): a health check or the worker reads nothing.
                request.club = SimpleLazyObject(sole_club)  # type: ignore[attr-defined]
                return self.get_response(request)
            club = sole_club()
            request.club = club  # type: ignore[attr-defined]
            if club is None:
                if request.method in ("GET", "HEAD") and (lasting := _to_owning_club(request)):
                    return lasting
                if request.path_info == "/" or request.method in ("GET", "HEAD"):
                    return HttpResponseRedirect("/clubs/")
                raise Http404("No club is named in this address.")
            return serve_guarded(request, self.get_response)
        club = club_by_slug(match["slug"])
        if club is None:
            raise Http404("No club has this address.")
        if match["rest"] is None:
            return HttpResponseRedirect(f"{request.path}/")
        request.club = club  # type: ignore[attr-defined]
        request.path_info = match["rest"]
        outer_prefix = get_script_prefix()
        set_script_prefix(f"{outer_prefix}c/{club.slug}/")
        try:
            return serve_guarded(request, self.get_response)
        finally:
            set_script_prefix(outer_prefix)


def _to_owning_club(request: HttpRequest) -> HttpResponse | None:
    """A lasting address sent to its object's club (302), or a 404 in words when the object does
    not exist; None for any other address."""
    found = lasting_address(request.path_info)
    if found is None:
        return None
    address, match = found
    owner = address.owner(match)
    if owner is not None:
        query = request.META.get("QUERY_STRING", "")
        target = f"{get_script_prefix()}c/{owner.slug}{request.path_info}"
        return HttpResponseRedirect(f"{target}?{query}" if query else target)
    if address.missing is None:
        return None
    # Before the club's language is known: the reader's own (cookie, Accept-Language).
    with translation.override(translation.get_language_from_request(request)):
        return plain_page(address.missing(match), status=404)

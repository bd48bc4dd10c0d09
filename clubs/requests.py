"""The club a view serves, as clubs.middleware found it in the address."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.utils.functional import SimpleLazyObject

from clubs.models import Club


def club_or_none(request: HttpRequest) -> Club | None:
    club = getattr(request, "club", None)
    if isinstance(club, SimpleLazyObject):
        # The server's own pages read the sole club only when asked (clubs.middleware).
        bool(club)
        club = club._wrapped  # type: ignore[attr-defined]  # noqa: SLF001 - what it stands for
    return club if isinstance(club, Club) else None


def club_of(request: HttpRequest) -> Club:
    """The request's club; a view of a club page never runs without one (the middleware sends
    addresses naming no club to the list of clubs), so its absence is a 404, not a guess."""
    club = club_or_none(request)
    if club is None:
        raise Http404("No club is named in this address.")
    return club

"""Who reads the API, and what they may read of a club: the pages' privacy, never a rule of its
own (scoring.access.privacy).

A caller without a token reads as the pages' visitor, or as the member their session signs in
(a browser on the club's own site). A token reads what its club's secretary could read of that
club, and of any other club what visitors see. A token that is wrong or revoked is refused (401)
rather than read as a visitor, so a website whose token was revoked learns it at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest
from django.utils.translation import gettext
from ninja.errors import HttpError
from ninja.security import HttpBearer

from api.models import ApiToken
from api.selectors import live_token
from clubs.models import Club
from clubs.selectors import belongs_to, club_by_slug
from scoring.access.privacy import may_see, public_areas
from scoring.models import PublicArea


@dataclass(frozen=True)
class Reader:
    token: ApiToken | None


class ClubToken(HttpBearer):
    """`Authorization: Bearer <token>`, as the secretary issued it (api.views)."""

    def authenticate(self, request: HttpRequest, token: str) -> Reader | None:
        found = live_token(token)
        return None if found is None else Reader(token=found)


def visitor(request: HttpRequest) -> Reader | None:
    """No Authorization header at all: the pages' visitor (or the session's member)."""
    if "HTTP_AUTHORIZATION" in request.META:
        return None
    return Reader(token=None)


def reader_of(request: HttpRequest) -> Reader:
    reader = getattr(request, "auth", None)
    assert isinstance(reader, Reader)
    return reader


def club_named(request: HttpRequest, slug: str) -> Club:
    """The club of the address, put on the request as the club pages put theirs, so that the
    privacy asked of it below is that club's."""
    club = club_by_slug(slug)
    if club is None:
        raise Http404
    request.club = club  # type: ignore[attr-defined]
    return club


def sees_everything(request: HttpRequest, club: Club) -> bool:
    """Whether the caller reads `club` as its members do (a tournament not made public too)."""
    token = reader_of(request).token
    if token is not None:
        return token.club_id == club.pk
    return belongs_to(club.pk, request.user)


def may_read(request: HttpRequest, club: Club, area: PublicArea) -> bool:
    token = reader_of(request).token
    if token is not None:
        return token.club_id == club.pk or area in public_areas(request)
    return may_see(request, area)


def club_to_read(request: HttpRequest, slug: str, area: PublicArea) -> Club:
    """The club of the address, if the caller may read `area` of it; else a 403."""
    club = club_named(request, slug)
    if not may_read(request, club, area):
        raise HttpError(403, gettext("The club does not show this to visitors."))
    return club

"""The server's clubs, a club, and its members (as the club shows its member list)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router

from api.access import club_named, club_to_read, sees_everything
from api.endpoints import page_of, window
from api.schemas import ClubDetail, ClubOut, MemberPage, Paging
from clubs.selectors import all_clubs
from scoring.access.privacy import public_areas
from scoring.models import PublicArea
from scoring.selectors import members_of

router = Router(tags=["clubs"])


@router.get("", response=list[ClubOut], summary="The server's clubs")
def clubs(request: HttpRequest) -> list[ClubOut]:
    return [ClubOut(slug=club.slug, name=club.name) for club in all_clubs()]


@router.get("{slug}/", response=ClubDetail, summary="A club, and what visitors may read of it")
def club(request: HttpRequest, slug: str) -> ClubDetail:
    found = club_named(request, slug)
    return ClubDetail(
        slug=found.slug,
        name=found.name,
        visitors_see=sorted(public_areas(request)),
        you_see_everything=sees_everything(request, found),
    )


@router.get("{slug}/members/", response=MemberPage, summary="The club's members")
def members(request: HttpRequest, slug: str, paging: Query[Paging]) -> dict[str, object]:
    found = club_to_read(request, slug, PublicArea.MEMBERS)
    listed = members_of(found).order_by("known_as", "pk")
    items = [
        {"id": m.pk, "known_as": m.known_as, "name": m.name, "active": m.is_active}
        for m in listed[window(paging)]
    ]
    return page_of(items, paging, listed.count())

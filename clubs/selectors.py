"""Which club a request or a command means, and who belongs to it.

The clubs of a server are few and change rarely (a federation administrator's command), while
every request asks for one: they are kept in this process and read again from the database when
this process changed them, or after CLUB_DIRECTORY_SECONDS otherwise (another process's new club
is seen within that time). A club is never deleted by the app.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from clubs.models import Club, Federation, Membership, Role


@dataclass
class _Directory:
    by_slug: dict[str, Club]
    read_at: float


_directory: _Directory | None = None


def forget_clubs() -> None:
    """The next request reads the clubs afresh (after a club is made or changed here)."""
    global _directory
    _directory = None


def _clubs() -> dict[str, Club]:
    global _directory
    now = time.monotonic()
    ttl = getattr(settings, "CLUB_DIRECTORY_SECONDS", 5)
    if _directory is None or now - _directory.read_at > ttl:
        _directory = _Directory({club.slug: club for club in Club.objects.all()}, now)
    return _directory.by_slug


def club_by_slug(slug: str) -> Club | None:
    return _clubs().get(slug)


def sole_club() -> Club | None:
    """The server's only club, which keeps the addresses without /c/<slug>/; None with none or
    several."""
    clubs = _clubs()
    return next(iter(clubs.values())) if len(clubs) == 1 else None


def all_clubs() -> list[Club]:
    return sorted(_clubs().values(), key=lambda club: (club.name.casefold(), club.slug))


def federation() -> Federation:
    return Federation.objects.filter(pk=Federation.SINGLETON_ID).first() or Federation()


# Set on the request's user by a session that belongs to one club only (a PIN typed at that
# club's tablet: scoring.access.pins): every other club treats that browser as a visitor's.
SESSION_CLUB_ATTRIBUTE = "session_club_id"


def signed_in_elsewhere(club_id: int | None, user: User | AnonymousUser) -> bool:
    """Whether `user`'s session belongs to another club than `club_id` (a PIN session)."""
    session_club = getattr(user, SESSION_CLUB_ATTRIBUTE, None)
    return session_club is not None and session_club != club_id


def role_in(club_id: int, user: User | AnonymousUser) -> str | None:
    """The user's role in the club (cached on the user for the request), None if not a member
    or if the session belongs to another club."""
    if not user.is_authenticated or signed_in_elsewhere(club_id, user):
        return None
    cache: dict[int, str | None] = user.__dict__.setdefault("_club_roles", {})
    if club_id not in cache:
        cache[club_id] = (
            Membership.objects.filter(club_id=club_id, user=user)
            .order_by()
            .values_list("role", flat=True)
            .first()
        )
    return cache[club_id]


def is_secretary_of(club_id: int | None, user: User | AnonymousUser) -> bool:
    """A club's secretary administers that club only; a server administrator (superuser) may
    act as any club's secretary, as the Django admin lets them anyway."""
    if not user.is_authenticated or signed_in_elsewhere(club_id, user):
        return False
    if user.is_superuser:
        return True
    return club_id is not None and role_in(club_id, user) == Role.SECRETARY


def belongs_to(club_id: int, user: User | AnonymousUser) -> bool:
    """A member of the club (or the server's administrator): sees what the club keeps for its
    members. A member of another club of the server is a visitor here."""
    if not user.is_authenticated or signed_in_elsewhere(club_id, user):
        return False
    return user.is_superuser or role_in(club_id, user) is not None


def clubs_of(user: User) -> QuerySet[Club]:
    return Club.objects.filter(memberships__user=user).order_by("name")


def is_federation_admin(user: User | AnonymousUser) -> bool:
    return user.is_authenticated and user.is_superuser

"""Who may do what: a club's secretary, a game's scorer, and everyone else who reads.

Roles are per club (clubs.Membership): a secretary of one club is a member, or a visitor,
in another."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from clubs.selectors import is_secretary_of


def is_secretary(user: User | AnonymousUser, club_id: int | None) -> bool:
    """Whether `user` is the secretary of the club `club_id` (a superuser is every club's)."""
    return is_secretary_of(club_id, user)

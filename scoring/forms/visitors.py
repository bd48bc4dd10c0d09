"""The other clubs' members a seat may be given: found by name, never listed whole.

A server of many clubs has thousands of members; the start-a-game page offers the club's own
members in each seat's list and finds the others by a few letters of their name or the name
they go by (at most VISITOR_RESULTS of them), for the club's own signed-in members only
(scoring.views.setup decides). The names a seat's list shows: the club's members, then the
visitors chosen or found for that seat, each with their clubs' names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Membership
from scoring import club as club_hook
from scoring.models import PublicArea

VISITOR_RESULTS = 20
# Fewer letters would match most of a federation: nothing is searched below this.
VISITOR_SEARCH_MIN = 2
# A person is a member of a few clubs: rows read to find VISITOR_RESULTS people.
_ROWS_READ = VISITOR_RESULTS * 10


def visitors(
    club: Club, *, text: str = "", pks: Iterable[int] = (), limit: int = VISITOR_RESULTS
) -> list[tuple[int, str]]:
    """Active members of other clubs of the server (and not of `club`) that show their members
    to visitors, whose name or goes-by contains `text`, or whose id is in `pks`; at most
    `limit`, by the name they go by, each labelled with those clubs. Two queries."""
    text = text.strip()
    wanted = Q(user__member__pk__in=[pk for pk in pks if isinstance(pk, int)])
    if len(text) >= VISITOR_SEARCH_MIN:
        wanted |= Q(user__member__known_as__icontains=text) | Q(user__member__name__icontains=text)
    # Only through the clubs that show their members to visitors: privacy is the owning
    # club's, so a club keeping its member list to itself is searched by no other.
    open_clubs = club_hook.clubs_showing(PublicArea.MEMBERS)
    rows = (
        Membership.objects.filter(user__member__is_active=True, club_id__in=open_clubs)
        .exclude(user__memberships__club=club)
        .filter(wanted)
        .values_list("user__member__pk", "user__member__known_as", "club__name")
        .order_by("user__member__known_as", "user__member__pk", "club__name")[:_ROWS_READ]
    )
    clubs: dict[int, list[str]] = {}
    names: dict[int, str] = {}
    for pk, known_as, club_name in rows:
        if pk not in names and len(names) >= limit:
            break
        names[pk] = known_as
        clubs.setdefault(pk, []).append(club_name)
    return [(pk, f"{known_as} ({', '.join(clubs[pk])})") for pk, known_as in names.items()]


def with_visitors(own: list[Any], found: list[tuple[int, str]]) -> list[Any]:
    """A seat's choices: the club's members, then the visitors found as a group of their own."""
    if not found:
        return own
    return [*own, (_("Members of other clubs, as guests"), found)]

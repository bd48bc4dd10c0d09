"""A start form's seats: who may sit (the club's members and, where offered, other clubs'),
the seats' field names the page and the browser tests use, and a seat's row as the page draws
it."""

from __future__ import annotations

from typing import Any, NamedTuple

from django.db.models import QuerySet
from django.forms import BoundField
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from scoring.models import Member
from scoring.selectors import members_of


class SeatRow(NamedTuple):
    number: int
    member: BoundField
    guest: BoundField
    guess: BoundField
    find: BoundField | None
    pin: BoundField | None


def active_members(club: Club | None) -> QuerySet[Member]:
    """The club's active members: the choices of a game of the club (none without a club)."""
    if club is None:
        return Member.objects.none()
    return members_of(club).filter(is_active=True)


def seatable(club: Club | None, *, visitors: bool) -> QuerySet[Member]:
    """Who may sit at a game of the club: its active members, and (`visitors`) the active
    members of the server's other clubs, who play here as themselves (their results follow
    them) without becoming members of this club."""
    if club is None:
        return Member.objects.none()
    if not visitors:
        return active_members(club)
    return Member.objects.filter(is_active=True, user__memberships__isnull=False).distinct()


# Short, beside its Find button: the field is a third of an iPad's width (the label says more).
SEAT_SEARCH_PLACEHOLDER = pgettext_lazy("placeholder of the seat search", "Other clubs")


def own_choices(club: Club | None) -> list[Any]:
    """The seats' choices of the club's own members (one query for all eight seats)."""
    if club is None:
        return [("", "—")]
    return [("", "—"), *active_members(club).values_list("pk", "known_as")]


def chosen_member_id(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def seat_fields(seat: int) -> tuple[str, str, str]:
    """The member, guest and guess field names of a seat (0-based)."""
    return f"player_{seat}_member", f"player_{seat}_guest", f"player_{seat}_guess"


def find_field(seat: int) -> str:
    """The name of a seat's search for a member of another club (0-based)."""
    return f"player_{seat}_find"


def visitor_pin_field(seat: int) -> str:
    """The PIN a member of another club types at the tablet to sit in the seat (0-based)."""
    return f"player_{seat}_pin"


def member_named(club: Club | None, name: str) -> Member | None:
    # Any member of the club, past ones too, or of another club of the server (who may sit as
    # themself): a guest under a member's name would muddle their statistics.
    if club is None:
        return None
    return (
        Member.objects.filter(known_as__iexact=name, user__memberships__isnull=False)
        .distinct()
        .first()
    )

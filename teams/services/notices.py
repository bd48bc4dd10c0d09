"""What the teams tell people by e-mail (scoring.notices): both captains of a match whose card is
signed or reopened by a correction, of a fixture moved or postponed, and of a dispute raised or
resolved (with the secretaries of the home club, who settle it, and of the organising club).

Each is called inside the change's transaction and sent once it commits: a mail server that does
not answer never undoes a signature, a move or a dispute; the notice is tried again and shown on
the secretary's Notices page. The links lead to the competition's club, whose pages show the
match and the fixture.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.urls import reverse

from clubs.models import NoticeKind, Role
from scoring.models import Member
from scoring.notices import send_notice
from teams.models import Dispute, Fixture, Match


def _fixture_of(fixture_id: int) -> Fixture:
    return Fixture.objects.select_related(
        "home__captain__user",
        "away__captain__user",
        "division__competition__club",
    ).get(pk=fixture_id)


def captains(fixture: Fixture) -> list[Member]:
    return [fixture.home.captain, fixture.away.captain]


def secretaries(fixture: Fixture) -> list[User]:
    """The home club's secretaries, who settle a dispute, and the organising club's (the
    same club but in a competition between clubs)."""
    clubs = {fixture.home.club_id, fixture.division.competition.club_id}
    return list(
        User.objects.filter(memberships__club_id__in=clubs, memberships__role=Role.SECRETARY)
        .select_related("member")
        .distinct()
        .order_by("pk")
    )


def _tell_of_match(
    match: Match, *, kind: NoticeKind, template: str, to: Sequence[Member | User] = ()
) -> None:
    fixture = _fixture_of(match.fixture_id)
    send_notice(
        club=fixture.division.competition.club,
        to=[*captains(fixture), *to],
        kind=kind,
        template=template,
        link=reverse("teams:match", args=[match.pk]),
        context={"match": match, "home": fixture.home.name, "away": fixture.away.name},
    )


def tell_of_signed_card(match: Match) -> None:
    """Both captains: the card is signed, with its score and code."""
    _tell_of_match(match, kind=NoticeKind.RESULT, template="teams/notices/card_signed")


def tell_of_reopening(match: Match) -> None:
    """Both captains: a correction changed the signed figures, they sign again."""
    _tell_of_match(match, kind=NoticeKind.RESULT, template="teams/notices/card_reopened")


def tell_of_dispute(dispute: Dispute) -> None:
    """Both captains and the home club's secretaries: a captain disputes the card."""
    fixture = _fixture_of(dispute.match.fixture_id)
    send_notice(
        club=fixture.division.competition.club,
        to=[*captains(fixture), *secretaries(fixture)],
        kind=NoticeKind.DISPUTE,
        template="teams/notices/dispute_raised"
        if dispute.resolved_at is None
        else "teams/notices/dispute_resolved",
        link=reverse("teams:match", args=[dispute.match_id]),
        context={
            "home": fixture.home.name,
            "away": fixture.away.name,
            "captain": dispute.raised_by.known_as,
            "reason": dispute.reason,
        },
    )


def tell_of_moved_fixture(fixture: Fixture) -> None:
    """Both captains: the fixture's new time and venue, or that it is postponed."""
    fixture = _fixture_of(fixture.pk)
    send_notice(
        club=fixture.division.competition.club,
        to=captains(fixture),
        kind=NoticeKind.FIXTURE_MOVED,
        template="teams/notices/fixture_moved",
        link=reverse("teams:team", args=[fixture.home_id]),
        context={"fixture": fixture, "home": fixture.home.name, "away": fixture.away.name},
    )

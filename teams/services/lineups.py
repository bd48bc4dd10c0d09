"""Line-ups chosen before the night: a team's captain (or its club's secretary) names which of
the roster's players play the fixture and in which place (the match format seats each place at
its table). The match start seats them; the line-up can change until the match starts."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.access.roles import is_secretary
from scoring.models import Member
from teams.match_rules import Side
from teams.models import Fixture, FixtureStatus, LineupPlace, Match, Team
from teams.services.matches import check_players


def may_choose_lineup(user: User, team: Team) -> bool:
    """The team's captain, or a secretary of its club."""
    return user.pk == team.captain.user_id or is_secretary(user, team.club_id)


def lineup_of(fixture: Fixture, side: Side) -> list[Member]:
    """The side's chosen players in their order; empty when none was chosen."""
    places = LineupPlace.objects.filter(fixture=fixture, side=side).select_related("member")
    return [place.member for place in places.order_by("slot")]


@transaction.atomic
def choose_lineup(
    *, by: User, fixture: Fixture, side: Side, players: Sequence[Member]
) -> list[LineupPlace]:
    """The side's line-up, replacing the one chosen before; refused once the match started."""
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("home__captain", "away__captain", "division__competition")
        .get(pk=fixture.pk)
    )
    side = Side(side)
    team = fixture.home if side == Side.HOME else fixture.away
    if not may_choose_lineup(by, team):
        raise PermissionDenied(
            gettext("Only the captain of %(team)s or its secretary chooses its line-up.")
            % {"team": team.name}
        )
    if fixture.status != FixtureStatus.SCHEDULED or Match.objects.filter(fixture=fixture).exists():
        raise ValidationError(gettext("The match has started: the line-up cannot change any more."))
    players = list(players)
    check_players(team, players, fixture.division.competition.players_per_team)
    other = Side.AWAY if side == Side.HOME else Side.HOME
    if set(players) & set(lineup_of(fixture, other)):
        raise ValidationError(gettext("Nobody plays for both teams."))
    LineupPlace.objects.filter(fixture=fixture, side=side).delete()
    now = timezone.now()
    places = []
    for slot, member in enumerate(players, start=1):
        place = LineupPlace(
            fixture=fixture, side=side, slot=slot, member=member, chosen_by=by, chosen_at=now
        )
        place.full_clean()
        place.save()
        places.append(place)
    return places

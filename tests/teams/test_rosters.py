"""Rosters a competition can trust: a player plays for one team of a competition (in words, and
the database's constraint beneath), and a team is entered with at least its players at the
tables and the competition's reserves."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from teams.models import CompetitionPlace, DivisionEntry
from teams.services.setup import update_team
from teams.services.teams import add_to_roster, create_competition, create_team, enter_team
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary
from tests.teams.helpers import league_of

pytestmark = pytest.mark.django_db


def test_a_player_on_a_second_team_of_the_competition_is_refused_in_words() -> None:
    boss = secretary()
    competition, division, (lions, *_) = league_of(boss, 2)
    doubler = lions.members.exclude(pk=lions.captain_id).order_by("known_as").first()
    assert doubler is not None
    pumas = create_team(
        in_club=the_club(),
        by=boss,
        name="Pumas",
        captain=member("PumCap"),
        members=[doubler, member("Pum1"), member("Pum2")],
    )

    with pytest.raises(
        ValidationError, match=rf"another team of Winter League.*{doubler.known_as} \(Lions\)"
    ):
        enter_team(by=boss, division=division, team=pumas)
    assert not DivisionEntry.objects.filter(team=pumas).exists()

    # Onto a roster of a team already entered: refused the same way.
    tigers = division.entries.get(seed=2).team
    with pytest.raises(ValidationError, match="Playing for another team of Winter League"):
        add_to_roster(by=boss, team=tigers, member=doubler)
    assert not tigers.members.filter(pk=doubler.pk).exists()


def test_the_database_refuses_a_second_place_in_one_competition() -> None:
    boss = secretary()
    competition, division, (lions, tigers) = league_of(boss, 2)
    player = lions.captain

    with pytest.raises(IntegrityError), transaction.atomic():
        CompetitionPlace.objects.create(competition=competition, member=player, team=tigers)


def test_a_roster_short_of_the_players_and_reserves_is_refused_when_entered_and_edited() -> None:
    boss = secretary()
    competition = create_competition(
        in_club=the_club(), by=boss, name="Four a side", players_per_team=4, reserves=1
    )
    division = competition.divisions.get()
    short = create_team(
        in_club=the_club(),
        by=boss,
        name="Shorts",
        captain=member("ShoCap"),
        members=[member("Sho1")],
    )

    with pytest.raises(
        ValidationError,
        match="names 2 players; Four a side asks for at least 5: 4 at the tables and 1 in reserve",
    ):
        enter_team(by=boss, division=division, team=short)

    extra = [member(f"Sho{number}") for number in range(2, 5)]
    for player in extra:
        add_to_roster(by=boss, team=short, member=player)
    enter_team(by=boss, division=division, team=short)
    assert set(
        CompetitionPlace.objects.filter(competition=competition).values_list("member", flat=True)
    ) == set(short.members.values_list("pk", flat=True))

    with pytest.raises(ValidationError, match="names 4 players"):
        update_team(
            by=boss, team=short, name="Shorts", captain=short.captain, venue="", members=extra[:3]
        )
    assert short.members.count() == 5

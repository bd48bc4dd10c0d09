"""A team entered twice at the same moment (PostgreSQL: its writers really overlap): the
competition's row lock makes the second wait and find the first, and it is refused in words."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from teams.models import DivisionEntry, EntryRequest
from teams.services.entries import request_entry
from teams.services.teams import create_competition, create_team, enter_team
from tests.factories import other_club, the_club
from tests.races import at_once
from tests.scoring.services.helpers import member, secretary
from tests.teams.test_inter_club import secretary_of, team_of

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_the_organiser_entering_one_team_twice_at_once_enters_it_once() -> None:
    boss = secretary()
    division = create_competition(
        in_club=the_club(), by=boss, name="Duel", players_per_team=1, table_size=2
    ).divisions.get()
    lions = create_team(in_club=the_club(), by=boss, name="Lions", captain=member("LioCap"))

    done, failures = at_once(
        lambda: enter_team(by=boss, division=division, team=lions),
        lambda: enter_team(by=boss, division=division, team=lions),
    )

    assert len(done) == 1 and len(failures) == 1
    assert isinstance(failures[0], ValidationError)
    assert "Lions is entered already" in failures[0].messages[0]
    assert DivisionEntry.objects.filter(team=lions).count() == 1


def test_another_clubs_secretary_entering_one_team_twice_at_once_sends_one_entry() -> None:
    boss = secretary()
    competition = create_competition(
        in_club=the_club(),
        by=boss,
        name="County",
        players_per_team=1,
        table_size=2,
        open_to_other_clubs=True,
    )
    division = competition.divisions.get()
    b_secretary = secretary_of(other_club(), "bsec")
    rovers = team_of(other_club(), b_secretary, "Rovers")

    done, failures = at_once(
        lambda: request_entry(by=b_secretary, division=division, team=rovers),
        lambda: request_entry(by=b_secretary, division=division, team=rovers),
    )

    assert len(done) == 1 and len(failures) == 1
    assert isinstance(failures[0], ValidationError)
    assert "has asked to enter already" in failures[0].messages[0]
    assert EntryRequest.objects.filter(team=rovers).count() == 1

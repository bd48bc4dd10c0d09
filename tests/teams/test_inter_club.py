"""An inter-club league: the organiser's secretary enters only their own club's teams; another
club's secretary enters theirs from their own club's pages and the organiser accepts or
declines; the other club's captains find the league, and their matches, among their own
club's pages."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client

from clubs.models import Club, Role
from clubs.services import join_club
from scoring.models import Member
from scoring.services.members import create_member
from teams.models import Competition, Division, DivisionEntry, EntryDecision, EntryRequest, Team
from teams.services.entries import decide_entry, request_entry
from teams.services.teams import add_to_roster, create_competition, create_team, enter_team
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import PIN, secretary

pytestmark = pytest.mark.django_db


def secretary_of(club: Club, username: str) -> User:
    user = User.objects.create_user(username=username, password="balut-secretary")
    join_club(club=club, user=user, role=Role.SECRETARY)
    return user


def member_of(club: Club, known_as: str) -> Member:
    return create_member(in_club=club, name=f"{known_as} Member", known_as=known_as, pin=PIN)


def inter_club_league(boss: User, *, open_to_other_clubs: bool = True) -> Division:
    competition = create_competition(
        in_club=the_club(),
        by=boss,
        name="County League",
        divisions=["Premier"],
        players_per_team=1,
        table_size=2,
        organiser="federation",
        open_to_other_clubs=open_to_other_clubs,
    )
    return competition.divisions.get()


def team_of(club: Club, by: User, name: str) -> Team:
    return create_team(
        in_club=club,
        by=by,
        name=name,
        captain=member_of(club, f"{name[:3]}Cap"),
        members=[member_of(club, f"{name[:3]}1")],
    )


def test_the_organiser_enters_only_their_own_clubs_teams_in_words() -> None:
    boss = secretary()
    division = inter_club_league(boss)
    visitor = team_of(other_club(), secretary_of(other_club(), "bsec"), "Rovers")

    with pytest.raises(ValidationError, match="another club's team: its own secretary enters it"):
        enter_team(by=boss, division=division, team=visitor)
    assert not DivisionEntry.objects.exists()


def test_another_clubs_secretary_enters_their_team_and_the_organiser_accepts_it() -> None:
    boss = secretary()
    division = inter_club_league(boss)
    b_secretary = secretary_of(other_club(), "bsec")
    rovers = team_of(other_club(), b_secretary, "Rovers")

    entry = request_entry(by=b_secretary, division=division, team=rovers)
    assert not DivisionEntry.objects.exists()
    with pytest.raises(ValidationError, match="asked to enter already"):
        request_entry(by=b_secretary, division=division, team=rovers)
    with pytest.raises(PermissionDenied):
        decide_entry(by=b_secretary, entry=entry, accept=True)
    decide_entry(by=boss, entry=entry, accept=True)

    assert DivisionEntry.objects.get().team == rovers
    entry.refresh_from_db()
    assert entry.decision == EntryDecision.ACCEPTED
    with pytest.raises(ValidationError, match="answered already"):
        decide_entry(by=boss, entry=entry, accept=False)
    with pytest.raises(ValidationError, match="plays in this competition already"):
        request_entry(by=b_secretary, division=division, team=rovers)


def test_an_entry_is_refused_in_words_when_it_is_not_the_secretarys_club_or_not_open() -> None:
    boss = secretary()
    closed = inter_club_league(boss, open_to_other_clubs=False)
    b_secretary = secretary_of(other_club(), "bsec")
    c_secretary = secretary_of(other_club("third"), "csec")
    rovers = team_of(other_club(), b_secretary, "Rovers")

    with pytest.raises(PermissionDenied):
        request_entry(by=c_secretary, division=closed, team=rovers)
    with pytest.raises(ValidationError, match="takes no teams of other clubs"):
        request_entry(by=b_secretary, division=closed, team=rovers)
    Competition.objects.filter(pk=closed.competition_id).update(open_to_other_clubs=True)
    # A player of the organiser's club slipped onto the visitors' roster.
    add_to_roster(by=b_secretary, team=rovers, member=member_of(the_club(), "Stray"))
    with pytest.raises(ValidationError, match="Not members of Other Balut Club: Stray"):
        request_entry(by=b_secretary, division=closed, team=rovers)
    assert not EntryRequest.objects.exists()


def test_the_pages_take_an_entry_from_the_other_club_to_the_organiser_and_back(
    client: Client,
) -> None:
    boss = secretary()
    division = inter_club_league(boss)
    b_secretary = secretary_of(other_club(), "bsec")
    rovers = team_of(other_club(), b_secretary, "Rovers")
    competition_id = division.competition_id

    client.force_login(b_secretary)
    page = client.get("/c/other/competitions/").content.decode()
    assert "County League" in page and "run by the federation" in page
    wrong = client.post(f"/c/other/competitions/{competition_id}/enter/", {"division": ""})
    assert wrong.status_code == 422 and not EntryRequest.objects.exists()
    assert client.get(f"/c/other/competitions/{competition_id}/enter/").status_code == 405
    sent = client.post(
        f"/c/other/competitions/{competition_id}/enter/",
        {"division": division.pk, "team": rovers.pk},
    )
    assert sent.status_code == 302
    entry = EntryRequest.objects.get()
    # Club B's secretary cannot answer their own entry at their own club's address.
    assert client.post(f"/c/other/entries/{entry.pk}/decide/", {"accept": "1"}).status_code == 404

    client.force_login(boss)
    setup = client.get(f"/c/club/divisions/{division.pk}/setup/").content.decode()
    assert "Rovers of Other Balut Club" in setup
    answered = client.post(f"/c/club/entries/{entry.pk}/decide/", {"accept": "1"})
    assert answered.status_code == 302
    assert DivisionEntry.objects.get().team == rovers

    # The visitors' captain finds the league among their own club's pages.
    client.logout()
    client.force_login(rovers.captain.user)
    listed = client.get("/c/other/competitions/").content.decode()
    assert f'href="/c/other/competitions/{competition_id}/"' in listed
    assert client.get(f"/c/other/competitions/{competition_id}/").status_code == 200

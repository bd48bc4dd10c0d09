"""The secretary's setup pages for a team: a new team of the club's members entered in a
division, once per competition, its roster edited; a team without players, with a taken name or
with another club's member is refused, changes nothing and says why."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs.services import join_club
from scoring.services.members import create_member
from teams.models import DivisionEntry, Team
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import member, secretary
from tests.teams.helpers import league_of
from tests.teams.setup_pages import signed_in

pytestmark = pytest.mark.django_db


def test_a_new_team_of_the_clubs_members_is_entered_in_the_division(client: Client) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 2)
    # Four a side: the captain and three more make a team the competition takes.
    captain, players = member("Ulla"), [member("Vera"), member("Walt"), member("Yves")]
    signed_in(client, boss)

    response = client.post(
        reverse("teams:new_team", args=[division.pk]),
        {
            "name": "Foxes",
            "captain": captain.pk,
            "venue": "Fox Inn",
            "members": [p.pk for p in players],
        },
    )

    team = Team.objects.get(name="Foxes")
    assert response.status_code == 302
    assert set(team.members.all()) == {captain, *players}
    assert DivisionEntry.objects.get(team=team).seed == 3
    assert team.club == the_club()


@pytest.mark.parametrize(
    ("name", "players", "message"),
    [
        ("Foxes", False, "Choose the team&#x27;s players: tick at least one."),
        ("lions", True, "A team is called lions already."),
    ],
)
def test_a_team_without_players_or_with_a_taken_name_is_refused(
    client: Client, name: str, players: bool, message: str
) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 2)
    captain = member("Ulla")
    signed_in(client, boss)
    data = {"name": name, "captain": captain.pk, "venue": ""}
    if players:
        data["members"] = captain.pk

    response = client.post(reverse("teams:new_team", args=[division.pk]), data)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert Team.objects.count() == 2


def test_a_member_of_another_club_is_not_offered_nor_taken(client: Client) -> None:
    boss = secretary()
    _, division, _ = league_of(boss, 2)
    stranger = create_member(in_club=other_club(), name="Stranger", known_as="Stranger", pin="1234")
    signed_in(client, boss)
    # With two clubs on the server, each club's pages are under its own address.
    page = client.get(f"/c/club{reverse('teams:division_setup', args=[division.pk])}")
    assert page.status_code == 200 and "Stranger" not in page.content.decode()
    url = f"/c/club{reverse('teams:new_team', args=[division.pk])}"

    response = client.post(
        url,
        {"name": "Foxes", "captain": stranger.pk, "members": [stranger.pk]},
    )

    assert response.status_code == 422
    assert not Team.objects.filter(name="Foxes").exists()
    # Once they join the club, they may play for its teams.
    join_club(club=the_club(), user=stranger.user)
    mates = [member(known_as).pk for known_as in ("Fox1", "Fox2", "Fox3")]
    assert (
        client.post(
            url,
            {"name": "Foxes", "captain": stranger.pk, "members": [stranger.pk, *mates]},
        ).status_code
        == 302
    )


def test_one_of_the_clubs_teams_is_entered_once_in_a_competition(client: Client) -> None:
    boss = secretary()
    competition, _, teams = league_of(boss, 2)
    second = competition.divisions.get(level=2)
    signed_in(client, boss)
    url = reverse("teams:enter_team", args=[second.pk])

    assert client.post(url, {"team": teams[0].pk}).status_code == 422
    assert DivisionEntry.objects.filter(team=teams[0]).count() == 1


def test_the_secretary_edits_a_teams_roster(client: Client) -> None:
    boss = secretary()
    _, _, teams = league_of(boss, 2)
    team = teams[0]
    newcomer = member("Xena")
    kept, *others = team.members.exclude(pk=team.captain.pk).order_by("known_as")
    signed_in(client, boss)
    url = reverse("teams:edit_team", args=[team.pk])
    assert client.get(url).status_code == 200

    response = client.post(
        url,
        {
            "name": "Lions United",
            "captain": kept.pk,
            "venue": "Den",
            "members": [kept.pk, newcomer.pk, *(other.pk for other in others)],
        },
    )

    team.refresh_from_db()
    assert response.status_code == 302
    assert (team.name, team.captain, team.venue) == ("Lions United", kept, "Den")
    # The old captain left the roster; four players remain for the four-a-side league.
    assert set(team.members.all()) == {kept, newcomer, *others}

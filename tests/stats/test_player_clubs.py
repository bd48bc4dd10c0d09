"""A person who plays in two clubs: their statistics per club and together, and their winning
runs counted in each club apart (a club's pages count its own games)."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Club
from clubs.services import join_club
from league.models import ClubSettings, PlayerResultRow
from league.services.runs import RunRow, winning_runs
from scoring.models import Game, Member, PublicArea
from scoring.services.members import create_member
from stats.player import clubs_played_in, player_stats
from tests.factories import (
    PIN,
    fast_pin_hashing,  # noqa: F401  (registers the fixture)
    other_club,
    start_test_game,
    the_club,
)
from tests.scoring.services.helpers import fill_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]


def row(game_id: int, club_id: int, won: bool) -> RunRow:
    return RunRow(
        pk=game_id,
        member_id=1,
        game_id=game_id,
        won=won,
        winning_run=0,
        run_started_id=None,
        club_id=club_id,
    )


def test_a_run_in_one_club_does_not_go_on_in_another() -> None:
    # In (club, member, start) order, as the runs are read: club 1's two wins, then club 2's.
    rows = [row(1, 1, True), row(3, 1, True), row(2, 2, True)]

    assert [run.length for _, run in winning_runs(rows)] == [1, 2, 1]


@pytest.fixture
def dee() -> Member:
    """A member of both clubs."""
    dee = create_member(in_club=the_club(), name="Dee Berg", known_as="Dee", pin=PIN)
    join_club(club=other_club(), user=dee.user)
    return dee


def finished_in(club: Club, dee: Member, opponent: str) -> Game:
    rival = create_member(in_club=club, name=f"{opponent} Hansen", known_as=opponent, pin=PIN)
    game = start_test_game(dee, rival, in_club=club)
    fill_game(game)
    return game


def test_a_persons_statistics_are_per_club_or_together(dee: Member) -> None:
    finished_in(the_club(), dee, "Eve")
    finished_in(other_club(), dee, "Fay")

    here = player_stats(dee, the_club())
    there = player_stats(dee, other_club())
    together = player_stats(dee, None, page_club=the_club())

    assert (here.finished, there.finished, together.finished) == (1, 1, 2)
    assert [club.slug for club in clubs_played_in(dee)] == ["other", "club"]
    assert together.kinds[0].games == 2


def test_the_player_page_switches_between_this_club_and_all_clubs(
    client: Client, dee: Member
) -> None:
    here = finished_in(the_club(), dee, "Eve")
    there = finished_in(other_club(), dee, "Fay")
    # The other club shows its player pages to visitors, so this club's page may show its games.
    ClubSettings.objects.update_or_create(
        club=other_club(), defaults={"public_areas": [PublicArea.MEMBERS]}
    )
    client.force_login(dee.user)

    own = client.get(f"/c/club/players/{dee.pk}/").content.decode()
    every = client.get(f"/c/club/players/{dee.pk}/?clubs=all").content.decode()

    assert 'id="player-this-club" aria-current="page"' in own
    assert f"#{here.pk}" in own and f"#{there.pk}" not in own
    assert 'id="player-all-clubs" aria-current="page"' in every
    assert f"#{here.pk}" in every and f"#{there.pk}" in every
    assert "Games in all clubs together: Other Balut Club, Test Balut Club." in every
    # The other club's game is named, not linked: its page is in its own club.
    assert f'href="/c/club/games/{there.pk}/"' not in every


def test_a_person_of_one_club_sees_no_switch(client: Client) -> None:
    eve = create_member(in_club=the_club(), name="Eve Hansen", known_as="Eve", pin=PIN)
    start_test_game(eve, "Guest")
    other_club()
    client.force_login(eve.user)

    page = client.get(f"/c/club/players/{eve.pk}/").content.decode()

    assert 'id="player-clubs"' not in page


def test_winning_runs_are_counted_in_each_club_apart(dee: Member) -> None:
    first = finished_in(the_club(), dee, "Eve")
    second = finished_in(other_club(), dee, "Fay")
    third = finished_in(the_club(), dee, "Gus")

    rows = PlayerResultRow.objects.filter(member=dee).across_clubs()
    runs = {row.game_id: (row.won, row.winning_run) for row in rows}

    # The tables tie (every box filled alike), so Dee wins each game: two in a row in this
    # club, and the other club's game a run of its own that does not go on here.
    assert runs == {first.pk: (True, 1), second.pk: (True, 1), third.pk: (True, 2)}

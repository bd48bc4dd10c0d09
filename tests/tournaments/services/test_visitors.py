"""Members of the server's other clubs entering a club's tournament: they play as themselves
(their results follow them, they do not join the organising club), their club named."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Membership
from league.models import PlayerResultRow
from scoring.models import Member
from scoring.services.members import create_member
from tests.factories import PIN, other_club, the_club
from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import club_night, finish
from tournaments.models import Table
from tournaments.selectors import standings
from tournaments.services.entries import add_entrant, keep_clubs_apart
from tournaments.services.rounds import draw_rounds, start_table

pytestmark = pytest.mark.django_db


def visitor(known_as: str, slug: str = "other") -> Member:
    """A member of another club only (made once), not yet entered."""
    return create_member(in_club=other_club(slug), name=f"{known_as} V", known_as=known_as, pin=PIN)


def test_a_member_of_another_club_enters_for_their_club_and_does_not_join_the_organisers() -> None:
    tournament = club_night(secretary(), players=4)
    bea = visitor("Bea")

    entrant = add_entrant(tournament=tournament, member=bea)

    entrant.refresh_from_db()
    assert (entrant.member, entrant.name, entrant.plays_for) == (bea, "Bea", other_club())
    assert entrant.label == "Bea (Other Balut Club)"
    assert not Membership.objects.filter(club=the_club(), user=bea.user).exists()


def test_the_organisers_own_member_has_no_visiting_club_even_if_also_in_another() -> None:
    tournament = club_night(secretary(), players=4)
    zoe = member("Zoe")
    Membership.objects.create(club=other_club(), user=zoe.user)

    entrant = add_entrant(tournament=tournament, member=zoe)

    assert entrant.plays_for is None and entrant.label == "Zoe"


def test_a_member_of_several_other_clubs_plays_for_the_first_by_name() -> None:
    tournament = club_night(secretary(), players=4)
    bea = visitor("Bea", "zeta")
    Membership.objects.create(club=other_club("alpha"), user=bea.user)

    assert add_entrant(tournament=tournament, member=bea).plays_for == other_club("alpha")


def test_a_former_member_of_another_club_is_refused_and_nothing_is_written() -> None:
    tournament = club_night(secretary(), players=4)
    bea = visitor("Bea")
    bea.is_active = False
    bea.save()

    with pytest.raises(ValidationError, match="no longer an active member"):
        add_entrant(tournament=tournament, member=bea)
    assert not tournament.entrants.filter(name="Bea").exists()


def test_a_visitor_is_seated_plays_and_is_ranked_with_their_club_by_a_home_scorer() -> None:
    boss = secretary()
    tournament = club_night(boss, rounds=1, players=3)  # Ann, Ben, Cy
    bea = visitor("Bea")
    # First in the draw's seat order or not, a home member keeps the score.
    add_entrant(tournament=tournament, member=bea)
    draw_rounds(tournament=tournament)
    table = Table.objects.get(round__tournament=tournament)

    game = finish(start_table(table=table, by=boss))

    assert game.club == the_club()
    assert game.scorer is not None and game.scorer.known_as != "Bea"
    assert game.players.get(name="Bea").member == bea
    # The result is the person's: it follows them to their own club's pages.
    assert PlayerResultRow.objects.filter(game=game, member=bea).exists()
    with CaptureQueriesContext(connection) as queries:
        rows = standings(tournament)
    assert len(queries.captured_queries) == 2
    bea_row = next(row for row in rows if row.entrant.member == bea)
    assert bea_row.games == 1 and bea_row.entrant.club_name == "Other Balut Club"


def test_a_table_of_visitors_only_is_scored_by_one_of_them() -> None:
    boss = secretary()
    tournament = club_night(boss, rounds=1, players=0)
    for name in ("Bea", "Cat"):
        add_entrant(tournament=tournament, member=visitor(name))
    draw_rounds(tournament=tournament)

    game = start_table(table=Table.objects.get(round__tournament=tournament), by=boss)

    assert game.scorer is not None and game.scorer.known_as in {"Bea", "Cat"}


def test_keeping_each_club_apart_gives_each_clubs_members_their_clubs_word() -> None:
    tournament = club_night(secretary(), players=6)  # Ann..Fay of the club, tables of 4
    add_entrant(tournament=tournament, member=visitor("Bea"))
    add_entrant(tournament=tournament, member=visitor("Cat"))
    add_entrant(tournament=tournament, guest_name="Ida")
    ann = tournament.entrants.get(name="Ann")
    ann.apart = "sisters"
    ann.save()

    done = keep_clubs_apart(tournament=tournament)

    words = dict(tournament.entrants.values_list("name", "apart"))
    # 9 players, 3 tables: the club's 6 members cannot all sit apart, the visitors can.
    assert done.too_many == ["Test Balut Club"]
    assert done.kept == 2
    assert words["Bea"] == words["Cat"] == "Other Balut Club"
    assert words["Ann"] == "sisters" and words["Ben"] == "" and words["Ida"] == ""
    draw_rounds(tournament=tournament)
    for table in Table.objects.filter(round__tournament=tournament):
        assert {"Bea", "Cat"} - {s.entrant.name for s in table.seats.all()}

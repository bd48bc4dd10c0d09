"""`restore --club` of an archive whose tournament has a visitor from another club of the old
server: the club they played for is found on the new server by its address (the id it has there
is another), and the visitor by their user name, as a guest seated in a game is; a server
without that club refuses the whole restore, naming it, and nothing changes.

Each test runs on the suite's database, and again marked `postgres` (PostgreSQL's own pass)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from clubs.models import Club, Membership
from clubs.services import create_club
from scoring.models import Member
from scoring.services.members import create_member
from tests.backups.test_backup_restore import every_row
from tests.backups.test_backup_restore import (
    media as media,  # noqa: F401 (registers the fixture)
)
from tests.backups.test_restore_refusals import files_in
from tests.factories import PIN, other_club
from tests.scoring.services.helpers import secretary
from tests.tournaments.helpers import club_night
from tournaments.models import Entrant
from tournaments.services.entries import add_entrant

pytestmark = [pytest.mark.usefixtures("transactional_db"), pytest.mark.no_club]

ON_EACH_DATABASE = pytest.mark.parametrize(
    "database", ["the suite's", pytest.param("postgresql", marks=pytest.mark.postgres)]
)


def archive_with_a_visitor(tmp_path: Path, database: str) -> tuple[Path, int]:
    """A club night of the club with Bea of the north among its entrants, backed up; then the
    server emptied, as a new server the archive is taken to. The north's id on the old server."""
    if database == "postgresql":
        assert connection.vendor == "postgresql"
    # Between tests PostgreSQL's id sequences run on (only `flush` restarts them), so the old
    # north's id is made known here: the club 1, the north 2, and on the new server the north 3.
    call_command("flush", interactive=False, verbosity=0)
    tournament = club_night(secretary(), players=4)
    bea = create_member(in_club=other_club("north"), name="Bea North", known_as="Bea", pin=PIN)
    add_entrant(tournament=tournament, member=bea)
    archive = tmp_path / "club.tar.gz"
    call_command("backup", "--club", "club", str(archive), stdout=io.StringIO())
    north_there = other_club("north").pk
    call_command("flush", interactive=False, verbosity=0)
    return archive, north_there


def restore(*args: str) -> str:
    out = io.StringIO()
    call_command("restore", *args, stdout=out)
    return out.getvalue()


@ON_EACH_DATABASE
def test_a_visitor_plays_for_the_club_at_the_same_address_on_the_new_server(
    media: Path, tmp_path: Path, database: str
) -> None:
    archive, north_there = archive_with_a_visitor(tmp_path, database)
    for slug in ("south", "east"):
        create_club(slug=slug, name=slug.title())
    north = create_club(slug="north", name="North (renamed)")
    bea = create_member(in_club=north, name="Bea North", known_as="Bea", pin=PIN)
    assert (north_there, north.pk) == (2, 3)

    out = restore("--club", "club", str(archive))

    assert "bea already has an account on this server: linked to it" in out
    assert "Visitors from North (renamed) (north) play for that club of this server" in out
    entrant = Entrant.objects.select_related("plays_for").get(member__known_as="Bea")
    assert (entrant.member, entrant.plays_for) == (bea, north)
    assert entrant.tournament.club.slug == "club"
    assert entrant.label == "Bea (North (renamed))"
    assert sorted(Club.objects.values_list("slug", flat=True)) == ["club", "east", "north", "south"]
    assert Member.objects.filter(known_as__startswith="Bea").count() == 1
    assert not Membership.objects.filter(club__slug="club", user=bea.user).exists()


@ON_EACH_DATABASE
def test_a_server_without_the_visitors_club_refuses_the_restore_naming_it_and_nothing_changes(
    media: Path, tmp_path: Path, database: str
) -> None:
    archive, _ = archive_with_a_visitor(tmp_path, database)
    create_club(slug="south", name="South")
    before, files = every_row("default"), files_in(media)

    with pytest.raises(CommandError) as refused:
        restore("--club", "club", str(archive))

    assert "visitors from other clubs that this server does not have: North Balut Club (north)" in (
        str(refused.value)
    )
    assert "Nothing was restored." in str(refused.value)
    assert every_row("default") == before and files_in(media) == files


@ON_EACH_DATABASE
def test_backing_up_a_club_changes_no_row_of_the_server_not_even_another_clubs(
    tmp_path: Path, database: str
) -> None:
    # The archive's scratch database is migrated; a migration's data step that wrote to the
    # server's database instead made every person of the server a member of its first club.
    if database == "postgresql":
        assert connection.vendor == "postgresql"
    tournament = club_night(secretary(), players=4)
    bea = create_member(in_club=other_club("north"), name="Bea North", known_as="Bea", pin=PIN)
    add_entrant(tournament=tournament, member=bea)
    before = every_row("default")

    call_command("backup", "--club", "club", str(tmp_path / "club.tar.gz"), stdout=io.StringIO())

    assert every_row("default") == before

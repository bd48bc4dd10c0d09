"""`restore --club SLUG --replace` puts a club's archive in place of that club's rows, all or
nothing, and no other club's row changes; `delete_club` removes one club after its address is
typed again (or with --yes), and refuses clearly otherwise; an archive whose signed games' codes
the server holds already is refused in words before anything is written."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from backups.club_restoring import _Loader
from backups.progress import Progress
from clubs.models import Club, Membership
from clubs.services import create_club
from league.models import RegisterEntry
from scoring.models import Game, Member
from scoring.services.members import create_member
from tests.backups.test_backup_restore import every_row
from tests.backups.test_backup_restore import (
    media as media,  # noqa: F401 (registers the fixture)
)
from tests.backups.test_restore_refusals import files_in, small_club
from tests.factories import PIN, other_club, the_club
from tests.scoring.services.helpers import secretary
from tests.tournaments.helpers import club_night
from tournaments.services.entries import add_entrant

pytestmark = [pytest.mark.usefixtures("transactional_db"), pytest.mark.no_club]


def run(command: str, *args: str, stdin: str | None = None) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    options: dict[str, Any] = {"stdout": out, "stderr": err}
    if stdin is not None:
        options["stdin"] = io.StringIO(stdin)
    call_command(command, *args, **options)
    return out.getvalue(), err.getvalue()


def but_ratings(rows: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """Every table but the ratings, the server's book that check_books --repair works out."""
    return {table: found for table, found in rows.items() if not table.startswith("ratings_")}


def two_clubs(tmp_path: Path) -> Path:
    """The club with games, scans and signed sheets, backed up; and a second club beside it."""
    small_club()
    north = other_club("north")
    create_member(in_club=north, name="Nora North", known_as="Nora", pin=PIN)
    archive = tmp_path / "club.tar.gz"
    run("backup", "--club", "club", str(archive))
    return archive


def test_a_club_is_replaced_in_place_by_its_archive_and_the_other_club_is_untouched(
    media: Path, tmp_path: Path
) -> None:
    archive = two_clubs(tmp_path)
    before, files = every_row("default"), files_in(media)
    RegisterEntry.objects.filter(club=the_club()).delete()  # the club changed since its backup
    for name in files:
        (media / name).write_bytes(b"a scan of since")

    out, err = run("restore", "--club", "club", "--replace", str(archive))

    assert "Restored club club" in out
    assert "Copying the rows…" in err and "tables," in err
    assert but_ratings(every_row("default")) == but_ratings(before)
    assert files_in(media) == files  # the scans under their own names again


def test_a_replace_that_fails_midway_leaves_the_club_as_it_was(
    media: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = two_clubs(tmp_path)
    before, files = every_row("default"), files_in(media)

    def broken(self: _Loader) -> None:
        raise RuntimeError("the disk failed")

    monkeypatch.setattr(_Loader, "check_counts", broken)
    with pytest.raises(RuntimeError, match="the disk failed"):
        run("restore", "--club", "club", "--replace", str(archive))

    assert every_row("default") == before and files_in(media) == files


def test_an_archive_of_a_club_the_server_has_is_refused_in_words_before_anything_is_written(
    media: Path, tmp_path: Path
) -> None:
    archive = two_clubs(tmp_path)
    create_club(slug="copy", name="Copy")
    before, files = every_row("default"), files_in(media)

    with pytest.raises(CommandError) as refused:
        run("restore", "--club", "copy", str(archive))

    message = str(refused.value)
    assert "verification codes that games of this server hold already" in message
    assert "club club: 1, game numbers" in message and "restore --club SLUG --replace" in message
    assert every_row("default") == before and files_in(media) == files


def test_delete_club_removes_the_club_its_rows_and_files_and_keeps_the_people_and_the_other_club(
    media: Path, tmp_path: Path
) -> None:
    two_clubs(tmp_path)
    north = Club.objects.get(slug="north")
    north_before = list(Membership.objects.filter(club=north).values_list())
    scans = set(RegisterEntry.objects.values_list("scan", flat=True))
    people = Member.objects.count()
    assert scans and all((media / str(scan)).is_file() for scan in scans)

    out, _err = run("delete_club", "club", stdin="club\n")

    assert "Type its address, club, to go on" in out and "Deleted club club" in out
    assert not Club.objects.filter(slug="club").exists()
    assert not Game.objects.exists() and not RegisterEntry.objects.exists()
    assert Member.objects.count() == people
    assert list(Membership.objects.filter(club=north).values_list()) == north_before
    assert not Membership.objects.exclude(club=north).exists()
    assert not any((media / str(scan)).exists() for scan in scans)


def test_delete_club_with_yes_asks_nothing(media: Path, tmp_path: Path) -> None:
    two_clubs(tmp_path)

    out, _err = run("delete_club", "north", "--yes")

    assert "Type its address" not in out and "Deleted club north" in out
    assert list(Club.objects.values_list("slug", flat=True)) == ["club"]


@pytest.mark.parametrize(
    ("typed", "message"),
    [("", "Nothing was typed: club club was not deleted. Give --yes"), ("clu\n", "'clu' is not")],
)
def test_delete_club_without_the_address_typed_again_deletes_nothing(
    media: Path, tmp_path: Path, typed: str, message: str
) -> None:
    two_clubs(tmp_path)
    before, files = every_row("default"), files_in(media)

    with pytest.raises(CommandError, match=message):
        run("delete_club", "club", stdin=typed)

    assert every_row("default") == before and files_in(media) == files


def test_delete_club_of_an_unknown_address_is_refused() -> None:
    with pytest.raises(CommandError, match="No club has the address nowhere"):
        run("delete_club", "nowhere", "--yes")


def test_a_club_whose_players_visit_another_clubs_tournament_is_not_deleted(
    media: Path, tmp_path: Path
) -> None:
    tournament = club_night(secretary(), players=4)
    bea = create_member(in_club=other_club("north"), name="Bea North", known_as="Bea", pin=PIN)
    add_entrant(tournament=tournament, member=bea)
    before = every_row("default")

    with pytest.raises(CommandError, match=r"point at club north's rows: 1 tournaments.Entrant"):
        run("delete_club", "north", "--yes")

    assert every_row("default") == before


def test_progress_lines_go_to_the_writer_at_most_once_a_second_and_at_the_end() -> None:
    lines: list[str] = []
    progress = Progress(lines.append)

    progress.copied(tables=1, of=3, rows=10)
    progress.copied(tables=3, of=3, rows=2500, done=True)

    assert len(lines) == 1 and "3 of 3 tables, 2,500 rows" in lines[0]
    Progress().copied(tables=1, of=1, rows=1, done=True)  # says nothing, fails nothing

"""`restore --club` is all or nothing beside the server's other clubs: into an empty club made
for it, it adds the archive's rows and files and changes no other club's; an address whose club
holds games, an archive of the other kind, a file that is no archive, an archive that would
unpack to far more than it weighs, or rows that clash with the server's are refused with a clear
message, and nothing changes."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from backups.club_backups import club_models
from clubs.models import Membership, Role
from clubs.services import create_club, join_club
from league.models import RegisterEntry
from scoring.models import Game
from tests.backups.test_backup_restore import build_club, every_row
from tests.backups.test_backup_restore import (
    media as media,  # noqa: F401 (registers the fixture)
)
from tests.backups.test_restore_refusals import files_in, small_club
from tests.factories import the_club

pytestmark = [pytest.mark.usefixtures("transactional_db"), pytest.mark.no_club]


def club_archive(tmp_path: Path, *, signed: bool = False) -> Path:
    build_club() if signed else small_club()
    archive = tmp_path / "club.tar.gz"
    call_command("backup", "--club", the_club().slug, str(archive))
    return archive


def restore(*args: str) -> str:
    out = io.StringIO()
    call_command("restore", *args, stdout=out)
    return out.getvalue()


def test_a_club_archive_fills_an_empty_club_made_for_it_and_leaves_the_other_club_as_it_was(
    media: Path, tmp_path: Path
) -> None:
    archive = club_archive(tmp_path)
    Game.objects.update(verification_code="")  # the same sheets may not be signed twice here
    before, files = every_row("default"), files_in(media)
    dest = create_club(slug="dest", name="Dest")
    keeper = Membership.objects.get(club=the_club(), role=Role.SECRETARY).user
    join_club(club=dest, user=keeper, role=Role.SECRETARY)

    out = restore("--club", "dest", str(archive))

    assert "secretary already has an account on this server: linked to it" in out
    source_games = Game.objects.filter(club=the_club())
    assert Game.objects.filter(club=dest).count() == source_games.count() > 0
    assert set(Game.objects.filter(club=dest).values_list("pk", flat=True)).isdisjoint(
        source_games.values_list("pk", flat=True)
    )
    assert (
        every_row("default")["scoring_game"][: len(before["scoring_game"])]
        == (before["scoring_game"])
    )
    assert files_in(media).items() >= files.items()
    scans = set(RegisterEntry.objects.filter(club=dest).values_list("scan", flat=True))
    assert len(scans) == 2 and scans.isdisjoint(files)
    assert all((media / str(scan)).is_file() for scan in scans)
    assert Membership.objects.get(club=dest, user=keeper).role == Role.SECRETARY


def test_an_address_whose_club_holds_games_is_refused_and_nothing_changes(
    media: Path, tmp_path: Path
) -> None:
    archive = club_archive(tmp_path)
    before, files = every_row("default"), files_in(media)

    with pytest.raises(CommandError, match="has a club at club already, with games"):
        restore("--club", "club", str(archive))

    assert every_row("default") == before and files_in(media) == files


def test_signed_sheets_the_server_holds_already_are_refused_in_words_and_nothing_changes(
    media: Path, tmp_path: Path
) -> None:
    archive = club_archive(tmp_path, signed=True)
    create_club(slug="dest", name="Dest")
    before, files = every_row("default"), files_in(media)

    # The archive's signed sheets are this server's already: their codes cannot be twice.
    with pytest.raises(CommandError, match="verification codes that games of this server hold"):
        restore("--club", "dest", str(archive))

    assert every_row("default") == before and files_in(media) == files


def test_each_restore_refuses_the_other_kind_of_archive(media: Path, tmp_path: Path) -> None:
    club = club_archive(tmp_path)
    whole = tmp_path / "server.tar.gz"
    call_command("backup", str(whole))
    before = every_row("default")

    with pytest.raises(CommandError, match="is the backup of a whole server, not of one club"):
        restore("--club", "dest", str(whole))
    with pytest.raises(CommandError, match=r"archive of one club \(club\)"):
        restore(str(club), "--replace")

    assert every_row("default") == before


def test_what_is_no_archive_and_an_archive_of_huge_members_are_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"no archive at all")
    bomb = tmp_path / "bomb.tar.gz"
    manifest = json.dumps(
        {"format": 1, "app": "balutclub", "scope": "club", "club": {"slug": "x"}, "files": {}}
    ).encode()
    with (
        gzip.open(bomb, "wb", compresslevel=9) as packed,
        tarfile.open(fileobj=packed, mode="w") as archive,
    ):
        for name, size in (("manifest.json", len(manifest)), ("database.sqlite3", 80 << 20)):
            info = tarfile.TarInfo(name)
            info.size = size
            archive.addfile(info, io.BytesIO(manifest) if size == len(manifest) else Zeros())

    with pytest.raises(CommandError, match="not a BalutClub backup archive"):
        restore("--club", "dest", str(junk))
    with pytest.raises(CommandError, match="would unpack to more than"):
        restore("--club", "dest", str(bomb))

    assert not Game.objects.exists()


class Zeros(io.RawIOBase):
    """As many zero bytes as asked for: a member of a bomb, never held in memory."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        buffer[:] = bytes(len(buffer))
        return len(buffer)


def test_every_table_of_the_app_is_said_to_be_a_clubs_its_peoples_or_the_servers() -> None:
    # A new table must be added to backups.club_backups, or club backups stop with its name.
    assert {model._meta.label for model in club_models()} >= {"scoring.Game", "auth.User"}

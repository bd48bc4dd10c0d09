"""`manage.py restore` is all or nothing: a crafted, cut-off, oversized or inconsistent archive
is refused with the command's message in the reader's language, and the club keeps every row
and every file it had (issue 23)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import tarfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

import backups.archive_reader
import backups.restoring
from backups.archive import STAGING_PREFIX
from league.services.books import book_game
from scoring.models import Game
from scoring.services.records import import_game_record
from tests.backups.test_backup_restore import demo, enter_scanned_records, every_row
from tests.backups.test_backup_restore import (
    media as media,  # noqa: F401 (registers the fixture)
)
from tests.factories import the_club
from tests.scoring.services.helpers import member, secretary, sign_all

# A restore goes into a database with no club at all: the tests make their club themselves.
pytestmark = [pytest.mark.usefixtures("transactional_db"), pytest.mark.no_club]


def files_in(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }


def small_club() -> None:
    """Enough of a club for every refusal: rows with foreign keys (a signed game), and two
    uploaded scans in two folders' worth of files."""
    by = secretary()
    for name in ("Ann", "Cy", "Dee"):
        member(name)
    game = import_game_record(in_club=the_club(), data=demo("balut-three-players"), imported_by=by)
    book_game(game=game)
    sign_all(game)
    # Historic lines belong to a game the club keeps a register for: the bar game.
    enter_scanned_records(by=by, ruleset="bar")


class Club:
    """A club built and backed up; what it holds before the restore that must change nothing."""

    def __init__(self, media: Path, tmp_path: Path) -> None:
        small_club()
        self.media = media
        self.archive = tmp_path / "club.tar.gz"
        call_command("backup", str(self.archive))
        # A file the archive would replace now differs from the archive's copy.
        self.scan = sorted(files_in(media))[0]
        (media / self.scan).write_bytes(b"the scan as it is now")
        self.rows = every_row("default")
        self.files = files_in(media)

    def unchanged(self) -> bool:
        return every_row("default") == self.rows and files_in(self.media) == self.files

    def refuses(self, archive: Path, message: str) -> str:
        with pytest.raises(CommandError, match=message) as refused:
            call_command("restore", str(archive), "--replace")
        assert self.unchanged()
        return str(refused.value)


@pytest.fixture
def club(media: Path, tmp_path: Path) -> Club:
    return Club(media, tmp_path)


def add(archive: tarfile.TarFile, name: str, data: bytes, kind: bytes = tarfile.REGTYPE) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.type = kind
    archive.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rewritten(
    source: Path,
    target: Path,
    *,
    files: dict[str, bytes] | None = None,
    database: Callable[[Path], None] | None = None,
    manifest: Callable[[dict[str, Any]], None] | None = None,
    extra: Callable[[tarfile.TarFile], None] | None = None,
) -> Path:
    """`source` written again with other media `files` (the manifest naming each), its
    database changed by `database`, its manifest by `manifest`, `extra` members added."""
    with tarfile.open(source) as original:
        data = json.loads(original.extractfile("manifest.json").read())  # type: ignore[union-attr]
        db = original.extractfile("database.sqlite3").read()  # type: ignore[union-attr]
        if files is None:
            files = {
                name: original.extractfile(f"media/{name}").read()  # type: ignore[union-attr]
                for name in data["files"]
            }
    if database is not None:
        scratch = target.with_suffix(".sqlite3")
        scratch.write_bytes(db)
        database(scratch)
        db = scratch.read_bytes()
    data["files"] = {name: sha(content) for name, content in files.items()}
    data["database_sha256"] = sha(db)
    if manifest is not None:
        manifest(data)
    with tarfile.open(target, "w:gz") as archive:
        add(archive, "manifest.json", json.dumps(data).encode())
        add(archive, "database.sqlite3", db)
        for name, content in files.items():
            add(archive, f"media/{name}", content)
        if extra is not None:
            extra(archive)
    return target


@pytest.mark.parametrize(
    "name",
    [
        # Issue 23: "media//tmp/..." passed the checks, and the copy went to /tmp/....
        "/tmp/balutclub-restored-outside",
        "../outside",
        "scans/../../outside",
        "./scans/a.png",
        "scans//a.png",
        "scans/",
        f"{STAGING_PREFIX}x/a.png",
        "scans\\a.png",
        "line\nbreak.png",
    ],
)
def test_a_file_named_outside_media_root_is_refused_and_nothing_changes(
    club: Club, tmp_path: Path, name: str
) -> None:
    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", files={name: b"payload"})

    club.refuses(crafted, "names a file that cannot be restored")

    assert not Path("/tmp/balutclub-restored-outside").exists()


def test_a_file_where_another_needs_a_folder_is_refused(club: Club, tmp_path: Path) -> None:
    files = {"scans": b"a file", "scans/a.png": b"inside it"}
    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", files=files)

    club.refuses(crafted, "names a file that cannot be restored")


def test_a_file_over_a_folder_of_media_root_is_refused(club: Club, tmp_path: Path) -> None:
    folder = sorted(files_in(club.media))[0].split("/")[0]
    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", files={folder: b"x"})

    club.refuses(crafted, "something else stands in its way")


def test_a_file_through_a_link_out_of_media_root_is_refused(club: Club, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (club.media / "linked").symlink_to(outside)
    club.files = files_in(club.media)
    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", files={"linked/a.png": b"x"})

    club.refuses(crafted, "something else stands in its way")

    assert list(outside.iterdir()) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda m: m.update(files=["a.png"]), "no readable manifest"),
        (lambda m: m.update(files={"a.png": "not a checksum"}), "no readable manifest"),
        (lambda m: m.update(format=99), "of a format this reads"),
        (
            lambda m: m["files"].update({"never-packed.png": "0" * 64}),
            "never-packed.png is missing",
        ),
        (lambda m: m.update(database_sha256="0" * 64), "database.sqlite3 does not match"),
    ],
)
def test_a_manifest_that_does_not_match_the_archive_is_refused(
    club: Club, tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", manifest=change)

    club.refuses(crafted, message)


@pytest.mark.parametrize(
    "extra",
    [
        lambda archive: add(archive, "media/unlisted.png", b"x"),
        lambda archive: add(archive, "database.sqlite3", b"a second database"),
        lambda archive: add(archive, "../outside", b"x"),
    ],
)
def test_a_member_the_manifest_does_not_name_once_is_refused(
    club: Club, tmp_path: Path, extra: Callable[[tarfile.TarFile], None]
) -> None:
    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", extra=extra)

    club.refuses(crafted, "holds what no backup does")


def test_a_listed_file_that_is_a_link_is_refused(club: Club, tmp_path: Path) -> None:
    def link(archive: tarfile.TarFile) -> None:
        info = tarfile.TarInfo("media/link.png")
        info.type = tarfile.SYMTYPE
        info.linkname = "/etc/passwd"
        archive.addfile(info)

    def listed(manifest: dict[str, Any]) -> None:
        manifest["files"]["link.png"] = "0" * 64

    crafted = rewritten(club.archive, tmp_path / "c.tar.gz", manifest=listed, extra=link)

    club.refuses(crafted, "link.png as something other than a file")


@pytest.mark.parametrize("keep", [0.1, 0.5, 0.9, -20])
def test_a_cut_off_archive_gets_the_commands_message(
    club: Club, tmp_path: Path, keep: float
) -> None:
    whole = club.archive.read_bytes()
    length = len(whole) + int(keep) if keep < 0 else int(len(whole) * keep)
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(whole[:length])

    club.refuses(cut, "cut off or damaged|not a BalutClub backup archive")


class Zeros(io.RawIOBase):
    """`size` zero bytes, read without ever holding them."""

    def __init__(self, size: int) -> None:
        self.left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = min(len(buffer), self.left)
        buffer[:count] = bytes(count)
        self.left -= count
        return count


@pytest.fixture
def unpacked_files(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """Every file the restore unpacks, in order."""
    written: list[Path] = []
    copy = backups.archive_reader._copy

    def counting(source: Any, target: Path) -> str:
        written.append(target)
        return copy(source, target)

    monkeypatch.setattr(backups.archive_reader, "_copy", counting)
    yield written


def test_an_archive_that_unpacks_far_beyond_its_size_is_refused_before_unpacking(
    club: Club, tmp_path: Path, unpacked_files: list[Path]
) -> None:
    size = 200 * 1024 * 1024

    def bomb(archive: tarfile.TarFile) -> None:
        info = tarfile.TarInfo("media/zeros.png")
        info.size = size
        archive.addfile(info, Zeros(size))

    def listed(manifest: dict[str, Any]) -> None:
        manifest["files"]["zeros.png"] = "0" * 64

    crafted = rewritten(club.archive, tmp_path / "bomb.tar.gz", manifest=listed, extra=bomb)
    assert crafted.stat().st_size < 1024 * 1024

    club.refuses(crafted, "would unpack to more than 64.0 MB from")

    assert unpacked_files == []


def test_an_archive_larger_than_the_free_space_is_refused_before_unpacking(
    club: Club, monkeypatch: pytest.MonkeyPatch, unpacked_files: list[Path]
) -> None:
    usage = backups.archive_reader.shutil.disk_usage
    monkeypatch.setattr(
        backups.archive_reader.shutil,
        "disk_usage",
        lambda folder: usage(folder)._replace(free=10 * 1024 * 1024),
    )

    club.refuses(club.archive, "but only 10.0 MB are free there")

    assert unpacked_files == []


def test_rows_that_fail_at_commit_leave_the_rows_and_files_as_they_were(
    club: Club, tmp_path: Path
) -> None:
    """A foreign key is checked at commit, after the files were moved into place: they are
    moved back."""

    def dangling(database: Path) -> None:
        with sqlite3.connect(database) as connection:
            connection.execute("UPDATE scoring_signature SET game_id = 999999")

    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", database=dangling)

    club.refuses(crafted, "does not fit together")


def test_an_archive_whose_database_is_not_one_is_refused(club: Club, tmp_path: Path) -> None:
    def garbage(database: Path) -> None:
        database.write_bytes(b"not a database " * 1000)

    crafted = rewritten(club.archive, tmp_path / "crafted.tar.gz", database=garbage)

    club.refuses(crafted, "stopped on a database error")


def test_a_file_that_cannot_be_moved_into_place_undoes_the_ones_before_it(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    replace = os.replace
    placed: list[str] = []

    def disk_fails_on_the_second(source: Path, target: Path) -> None:
        if f"{os.sep}new{os.sep}" in str(source):
            placed.append(str(target))
            if len(placed) == 2:
                raise OSError(28, "No space left on device")
        replace(source, target)

    monkeypatch.setattr(backups.restoring.os, "replace", disk_fails_on_the_second)

    club.refuses(club.archive, "Could not put .*No space left on device")

    assert len(placed) == 2


def test_a_restore_that_succeeds_leaves_no_staging_folder(club: Club) -> None:
    Game.objects.all().update(friendly=True)

    call_command("restore", str(club.archive), "--replace")

    restored = files_in(club.media)
    assert not any(name.startswith(STAGING_PREFIX) for name in restored)
    assert restored[club.scan] != b"the scan as it is now"
    assert every_row("default") == club.rows


def test_an_archive_from_before_the_database_checksum_still_restores(
    club: Club, tmp_path: Path
) -> None:
    older = rewritten(
        club.archive,
        tmp_path / "older.tar.gz",
        manifest=lambda manifest: manifest.pop("database_sha256"),
    )

    call_command("restore", str(older), "--replace")

    assert set(files_in(club.media)) == set(club.files)


def test_a_refusal_speaks_the_readers_language(tmp_path: Path) -> None:
    thing = tmp_path / "thing.tar.gz"
    thing.write_bytes(b"not an archive")

    with translation.override("de"), pytest.raises(CommandError) as refused:
        call_command("restore", str(thing))

    assert "ist kein BalutClub-Sicherungsarchiv" in str(refused.value)

"""`manage.py backup` and `restore`: every row, every file and every signed sheet come back.

The club is built in the test database (SQLite, or PostgreSQL in .ci/run's second pass), backed
up in this process, and restored by `manage.py restore` in a fresh process into a database of
its own: a SQLite file, and PostgreSQL `balut_backup_b` (so SQLite -> PostgreSQL, the way a club
moves, runs in the SQLite pass, and PostgreSQL -> PostgreSQL in the PostgreSQL pass).
"""

from __future__ import annotations

import datetime
import io
import json
import os
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dj_database_url
import psycopg
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from pytest_django.fixtures import Settings

from backups.archive import data_models, extra_database
from league.models import RecordKind
from league.services.books import book_game
from league.services.register import enter_historic_record
from scoring import verification
from scoring.models import Game, Signature
from scoring.selectors import recorded_game
from scoring.services.corrections import correct_turn
from scoring.services.records import import_game_record
from tests.factories import the_club
from tests.golden import GOLDEN
from tests.league.helpers import pdf_upload, png_upload
from tests.postgres import postgres_server, without_postgres
from tests.scoring.services.helpers import member, secretary, sign_all

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo"
# Its own name per process: runs side by side (xdist workers, other checkouts) never drop it.
TARGET_PG = f"balut_backup_{os.getpid()}"
# Run in the restored database by `manage.py shell`: does every signed sheet still verify?
# On the restored club, in one process: every signed sheet's code checked again, then a new
# game created (the club carries on: the game must get a key of its own).
# A restore goes into a database with no club at all: the tests make their club themselves.
pytestmark = pytest.mark.no_club

VERIFY_ALL_AND_CARRY_ON = """
import json
from clubs.models import Club
from scoring.models import Game
from scoring.selectors import recorded_game
from scoring.verification import verification_code
verified = {g.pk: verification_code(recorded_game(g), g.verification_format)
            == g.verification_code for g in Game.objects.exclude(verification_code="")}
print(json.dumps({"verified": verified, "new_game": Game.objects.create(
    club=Club.objects.get(), ruleset="bar").pk}))
"""


def fresh_postgres(server: dict[str, Any], name: str) -> str:
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    password = f":{server['password']}" if server["password"] else ""
    return f"postgres://{server['user']}{password}@{server['host']}:{server['port']}/{name}"


def manage(*args: str, database_url: str, media: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "MEDIA_ROOT": str(media),
        "DEBUG": "0",
        "SECRET_KEY": "backup-test-key",
        "ALLOWED_HOSTS": "localhost",
    }
    env.pop("BALUTCLUB_TESTING", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def demo(name: str) -> dict[str, Any]:
    # A finished game is one of the project's golden records; a game in progress, demo data.
    folder = DEMO if name.startswith("in-progress-") else GOLDEN
    data: dict[str, Any] = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return data


def build_club() -> None:
    """A club with some of everything: members, guests, finished and unfinished games, drinks,
    results, a correction, sheets signed by PIN and by drawing (one with a code of format 1),
    and historic register entries with scans."""
    by = secretary()
    for name in ("Ann", "Cy", "Dee", "Fay"):
        member(name)
    games = {
        name: import_game_record(in_club=the_club(), data=demo(name), imported_by=by)
        for name in (
            "balut-three-players",
            "bar-register",
            "jackpot-fives-bonus",
            "barbut4-with-6666",
            "in-progress-bar",
        )
    }
    for game in games.values():
        book_game(game=game)
    correct_turn(
        game=games["bar-register"],
        number=0,
        turn_record={"box": "full_house", "dice": [5, 6, 6, 5, 6]},
        reason="The throws were not kept",
        corrected_by=by,
    )
    for name in ("balut-three-players", "bar-register"):
        sign_all(games[name])
    legacy = games["jackpot-fives-bonus"]
    sign_all(legacy)
    legacy.refresh_from_db()
    # A sheet signed before format 2: its printed code is the format 1 digest.
    Game.objects.filter(pk=legacy.pk).update(
        verification_format=verification.LEGACY_FORMAT,
        verification_code=verification.verification_code(
            recorded_game(legacy), verification.LEGACY_FORMAT
        ),
    )
    enter_scanned_records(by=by, ruleset="bar")


def enter_scanned_records(*, by: User, ruleset: str) -> None:
    """Two historic register entries with their scans: the club's uploaded files."""
    for scan, day in ((png_upload(), 3), (pdf_upload(), 4)):
        enter_historic_record(
            in_club=the_club(),
            date=datetime.date(1998, 5, day),
            player_name="Old Timer",
            member=None,
            score=175,
            kind=RecordKind.HIGH,
            ruleset=ruleset,
            scan=scan,
            note="From the old book",
            by=by,
        )


def every_row(alias: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every field of every row, by table, in key order: what must survive exactly."""
    rows = {}
    for model in data_models():
        names = [field.attname for field in model._meta.concrete_fields]
        rows[model._meta.db_table] = list(
            model._base_manager.using(alias).order_by("pk").values_list(*names)
        )
    return rows


def restored_rows(database_url: str) -> dict[str, list[tuple[Any, ...]]]:
    with extra_database(dict(dj_database_url.parse(database_url))) as alias:
        return every_row(alias)


@pytest.fixture
def media(settings: Settings, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media-source"
    return Path(settings.MEDIA_ROOT)


@pytest.fixture
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    server = postgres_server()
    if server is None:
        without_postgres("the round trip onto PostgreSQL needs a PostgreSQL server")
    yield fresh_postgres(server, TARGET_PG)
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{TARGET_PG}" WITH (FORCE)')


@pytest.mark.parametrize("target", ["sqlite", "postgres"], indirect=True)
def test_a_backup_restores_every_row_every_file_and_every_signature(
    transactional_db: None, media: Path, target: str, tmp_path: Path
) -> None:
    build_club()
    archive = tmp_path / "club.tar.gz"
    before = every_row("default")
    call_command("backup", str(archive))
    source = every_row("default")
    assert source == before  # the backup wrote nothing to the club's database
    files = {
        path.relative_to(media): path.read_bytes() for path in media.rglob("*") if path.is_file()
    }
    restored_media = tmp_path / "media-restored"

    result = manage("restore", str(archive), database_url=target, media=restored_media)

    assert result.returncode == 0, result.stderr
    restored = restored_rows(target)
    assert {table: len(rows) for table, rows in restored.items()} == {
        table: len(rows) for table, rows in source.items()
    }
    assert restored == source
    assert len(files) == 2
    assert {
        path.relative_to(restored_media): path.read_bytes()
        for path in restored_media.rglob("*")
        if path.is_file()
    } == files
    checked = manage(
        "shell", "-c", VERIFY_ALL_AND_CARRY_ON, database_url=target, media=restored_media
    )
    assert checked.returncode == 0, checked.stderr
    after = json.loads(checked.stdout.strip().splitlines()[-1])
    verified = after["verified"]
    assert len(verified) == 3 and all(verified.values()), verified
    assert after["new_game"] > max(row[0] for row in source["scoring_game"])


def test_restore_refuses_a_database_that_holds_a_club_unless_told_to_replace_it(
    transactional_db: None, media: Path, tmp_path: Path
) -> None:
    build_club()
    archive = tmp_path / "club.tar.gz"
    call_command("backup", str(archive))
    before = every_row("default")

    with pytest.raises(CommandError, match="already holds a club"):
        call_command("restore", str(archive))

    assert every_row("default") == before
    Game.objects.all().update(friendly=True)
    call_command("restore", str(archive), "--replace")
    assert every_row("default") == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not an archive", "not a BalutClub backup archive"),
        (None, "no readable manifest"),
    ],
)
def test_restore_refuses_what_is_not_a_backup_and_changes_nothing(
    transactional_db: None, tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / "thing.tar.gz"
    if content is None:
        with tarfile.open(path, "w:gz") as archive:
            archive.add(__file__, arcname="something.py")
    else:
        path.write_bytes(content)

    with pytest.raises(CommandError, match=message):
        call_command("restore", str(path))

    assert not Game.objects.exists()


def test_a_damaged_file_in_the_archive_is_refused_before_the_database_is_touched(
    transactional_db: None, media: Path, tmp_path: Path
) -> None:
    build_club()
    archive = tmp_path / "club.tar.gz"
    call_command("backup", str(archive))
    damaged = tmp_path / "damaged.tar.gz"
    with tarfile.open(archive) as original, tarfile.open(damaged, "w:gz") as copy:
        for member_ in original.getmembers():
            data = original.extractfile(member_)
            if member_.name.startswith("media/"):
                member_.size = 3
                copy.addfile(member_, io.BytesIO(b"bad"))
            else:
                copy.addfile(member_, data)
    before = every_row("default")

    with pytest.raises(CommandError, match="damaged"):
        call_command("restore", str(damaged), "--replace")

    assert every_row("default") == before


def test_a_dumpdata_loaddata_round_trip_keeps_every_signed_sheet_verifiable(
    transactional_db: None, media: Path, tmp_path: Path
) -> None:
    build_club()
    signed = list(Game.objects.exclude(verification_code="").filter(verification_format=2))
    assert signed
    legacy_before = {g.pk: verification.verification_code(recorded_game(g), 1) for g in signed}
    dump = tmp_path / "club.json"
    call_command(
        "dumpdata",
        "--natural-foreign",
        "-o",
        str(dump),
        "-e",
        "contenttypes",
        "-e",
        "auth.permission",
    )
    call_command("flush", "--no-input")

    call_command("loaddata", str(dump))

    for game in Game.objects.exclude(verification_code="").filter(verification_format=2):
        assert verification.verification_code(recorded_game(game)) == game.verification_code
    # Django's serialiser keeps milliseconds, not microseconds: what broke the codes of format 1.
    legacy_after = {g.pk: verification.verification_code(recorded_game(g), 1) for g in signed}
    assert legacy_after != legacy_before
    assert Signature.objects.filter(game__in=signed).exists()


def test_backup_needs_a_place_to_write(transactional_db: None, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="does not exist"):
        call_command("backup", str(tmp_path / "missing" / "club.tar.gz"))
    with pytest.raises(CommandError, match="is a directory"):
        call_command("backup", str(tmp_path))


def test_the_archive_lists_what_it_holds(
    transactional_db: None, media: Path, tmp_path: Path
) -> None:
    build_club()
    archive = tmp_path / "club.tar.gz"
    call_command("backup", str(archive))

    with tarfile.open(archive) as opened:
        manifest = json.loads(opened.extractfile("manifest.json").read())  # type: ignore[union-attr]
        names = set(opened.getnames())

    assert manifest["rows"]["scoring_game"] == Game.objects.count()
    assert manifest["source_engine"] == connection.vendor
    assert {f"media/{name}" for name in manifest["files"]} <= names
    assert "database.sqlite3" in names
    assert len(manifest["files"]) == 2

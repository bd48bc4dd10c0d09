"""`manage.py backup --club SLUG` and `restore --club SLUG`: one club's archive moves into a server
that hosts another club whose ids collide with it; that club is left as it was, the people the
server knows are linked, and every signed sheet still verifies, by its code on the verify page
and by its PDF printed before the restore (codes of format 1 too, whose digest hashes ids).

The club is built in the test database and backed up here; the target server (a SQLite file, or
a PostgreSQL database of its own) is set up, restored into and checked by `manage.py` in fresh
processes, as the whole-server round trip of test_backup_restore does.
"""

from __future__ import annotations

import json
import tarfile
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scoring import verification
from scoring.models import Game
from scoring.selectors import recorded_game
from tests.backups.test_backup_restore import (
    build_club,
    manage,
)
from tests.backups.test_backup_restore import (
    media as media,  # noqa: F401 (registers the fixture)
)
from tests.backups.test_backup_restore import (
    target as target,  # noqa: F401 (registers the fixture)
)
from tests.scoring.services.real_sheets import sheet_of

pytestmark = pytest.mark.no_club

# The other club of the target server: its own people (one of them is the archive's Ann, by
# user name; another goes by the archive's "Fay" but is someone else) and games whose ids are
# those the archive's games have.
SET_UP_NORTH = """
import json
from django.contrib.auth.models import User
from clubs.services import create_club
from scoring.services.members import create_member
from scoring.services.records import import_game_record
from tests.golden import GOLDEN
north = create_club(slug="north", name="North")
create_member(in_club=north, name="Ann Larsen", known_as="Ann", pin="2468")
fay = create_member(in_club=north, name="Fay North", known_as="Fay", pin="2468")
User.objects.filter(pk=fay.user_id).update(username="fay-of-the-north")
for name in ("balut-three-players", "bar-register", "jackpot-fives-bonus"):
    import_game_record(in_club=north, imported_by=None, allow_duplicate=True, source=name,
                       data=json.loads((GOLDEN / f"{name}.json").read_text()))
"""
# Every signed sheet of the restored club, by its code: recomputed, and on the club's verify page.
CHECK = """
import json
from pathlib import Path
from django.test import Client
from django.test.utils import setup_test_environment
from django.test import override_settings
from django.conf import settings
setup_test_environment()
override_settings(STORAGES={**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}).enable()
from clubs.models import Club
from scoring.models import Game, Member
from scoring.selectors import recorded_game
from scoring.verification import verification_code
club = Club.objects.get(slug="SLUG")
signed = Game.objects.filter(club=club).exclude(verification_code="")
pages = {}
uploads = {}
for game in signed:
    response = Client().get(f"/c/SLUG/verify/{game.verification_code}/")
    pages[game.verification_code] = [response.status_code, response.context["matches"]]
    printed = Path("SHEETS") / f"{game.verification_code}.pdf"
    if printed.exists():
        with printed.open("rb") as sheet:
            response = Client().post("/c/SLUG/verify/", {"sheet": sheet})
        uploads[game.verification_code] = 'data-verdict="accepted"' in response.content.decode()
print(json.dumps({
    "codes": {g.verification_code: verification_code(recorded_game(g), g.verification_format)
              == g.verification_code for g in signed},
    "pages": pages,
    "uploads": uploads,
    "renumbered": sorted(g.verification_code for g in signed if g.restored_ids.get("game")),
    "games": Game.objects.filter(club=club).count(),
    "north": sorted(Game.objects.filter(club__slug="north").values_list("pk", "ruleset")),
    "fay": sorted(Member.objects.filter(known_as__startswith="Fay").values_list("known_as",
                                                                              flat=True)),
    "anns": Member.objects.filter(known_as="Ann").count(),
}))
"""


def checked(
    club: str, *, database_url: str, media: Path, sheets: Path | None = None
) -> dict[str, Any]:
    """What CHECK finds of `club` on the target server (uploading the PDFs in `sheets`)."""
    script = CHECK.replace("SLUG", club).replace("SHEETS", str(sheets or media / "no-sheets"))
    done = manage("shell", "-c", script, database_url=database_url, media=media)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


# Ids from 1 whatever ran before (reset_sequences): the north's games must take the archive's.
@pytest.mark.django_db(transaction=True, reset_sequences=True)
@pytest.mark.parametrize("target", ["sqlite", "postgres"], indirect=True)
def test_a_club_archive_restores_beside_another_club_with_every_signature_verifying(
    media: Path, target: str, tmp_path: Path
) -> None:
    build_club()
    # A second sheet of format 1, one with a correction: its code hashes the correction's id
    # and its author's.
    corrected = Game.objects.get(corrections__isnull=False, verification_format=2)
    Game.objects.filter(pk=corrected.pk).update(
        verification_format=verification.LEGACY_FORMAT,
        verification_code=verification.verification_code(
            recorded_game(corrected), verification.LEGACY_FORMAT
        ),
    )
    signed = set(
        Game.objects.exclude(verification_code="").values_list("verification_code", flat=True)
    )
    # Each signed sheet as printed before the backup, to be uploaded to the verify page after.
    sheets = tmp_path / "sheets"
    sheets.mkdir()
    for game in Game.objects.exclude(verification_code=""):
        (sheets / f"{game.verification_code}.pdf").write_bytes(sheet_of(game))
    archive = tmp_path / "club.tar.gz"
    call_command("backup", "--club", "club", str(archive))
    target_media = tmp_path / "federation-media"
    with tarfile.open(archive) as opened:
        manifest = json.loads(opened.extractfile("manifest.json").read())  # type: ignore[union-attr]
    taken = sorted(manifest["files"])[0]
    (target_media / taken).parent.mkdir(parents=True)
    (target_media / taken).write_bytes(b"the north's own scan")
    for step in (("migrate", "-v", "0"), ("shell", "-c", SET_UP_NORTH)):
        done = manage(*step, database_url=target, media=target_media)
        assert done.returncode == 0, done.stderr
    north_before = checked("north", database_url=target, media=target_media)

    restored = manage(
        "restore", "--club", "club", str(archive), database_url=target, media=target_media
    )

    assert restored.returncode == 0, restored.stderr
    assert "ann already has an account on this server: linked to it" in restored.stdout
    assert "Fay goes by Fay (club) here" in restored.stdout
    after = checked("club", database_url=target, media=target_media, sheets=sheets)
    assert set(after["codes"]) == signed
    # The north's games had taken the archive's ids, so every game has a new number. Codes of
    # format 2 hash no id; those of format 1 hash ids the restore kept beside the game: every
    # code verifies, on its page and by the PDF printed before, which names the old number.
    assert sorted(after["renumbered"]) == sorted(signed)
    assert all(after["codes"].values()), after["codes"]
    assert all(page == [200, True] for page in after["pages"].values()), after["pages"]
    assert after["uploads"] == {code: True for code in signed}
    assert "3 signed games have new numbers here" in restored.stdout
    assert after["games"] == Game.objects.count()
    assert after["north"] == north_before["north"]
    assert after["fay"] == ["Fay", "Fay (club)"]
    assert after["anns"] == 1
    assert (target_media / taken).read_bytes() == b"the north's own scan"
    files = sorted(p.relative_to(target_media) for p in target_media.rglob("*") if p.is_file())
    assert len(files) == 3

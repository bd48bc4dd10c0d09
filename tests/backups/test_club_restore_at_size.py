"""`backup --club` and `restore --club --replace` of a club with thousands of rows, each table
copied in one statement (backups.bulk): every row comes back as it was, and a failure at the
last table written leaves nothing of the restore behind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management.base import CommandError
from django.db import IntegrityError, models

from backups import club_rows
from backups.bulk import BATCH
from backups.club_backups import club_models, ordered
from league.synthesis.history import Synthesizer
from scoring.models import Turn
from tests.backups.test_backup_restore import every_row
from tests.backups.test_backup_restore import (
    media as media,  # noqa: F401 (registers the fixture)
)
from tests.backups.test_club_replace_and_delete import but_ratings, run
from tests.backups.test_restore_refusals import files_in, small_club
from tests.factories import the_club

pytestmark = [pytest.mark.usefixtures("transactional_db"), pytest.mark.no_club]


def big_club(tmp_path: Path) -> Path:
    """The club with scans and signed sheets, and a year of games: more turns than a batch."""
    small_club()
    Synthesizer(club=the_club(), seed=7).run(years=1, games_per_year=120)
    assert Turn.objects.count() > BATCH
    archive = tmp_path / "club.tar.gz"
    run("backup", "--club", "club", str(archive))
    return archive


def test_a_club_of_thousands_of_rows_is_replaced_by_its_archive_row_for_row(
    media: Path, tmp_path: Path
) -> None:
    archive = big_club(tmp_path)
    before = every_row("default")
    Turn.objects.filter(game__club=the_club()).update(score=0)  # changed since its backup

    out, err = run("restore", "--club", "club", "--replace", str(archive))

    assert "Restored club club" in out and "tables," in err
    assert but_ratings(every_row("default")) == but_ratings(before)


def test_a_clash_at_the_last_table_of_a_big_restore_leaves_nothing_written(
    media: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = big_club(tmp_path)
    before, files = every_row("default"), files_in(media)
    last = ordered(club_models())[-1]
    written: list[str] = []
    write_rows = club_rows.write_rows

    def clashing(model: type[models.Model], rows: Any, *, target: str) -> int:
        written.append(model._meta.label)
        if model is last:
            raise IntegrityError("duplicate key value violates unique constraint")
        return write_rows(model, rows, target=target)

    monkeypatch.setattr(club_rows, "write_rows", clashing)
    with pytest.raises(CommandError, match="does not fit together.*nothing was restored"):
        run("restore", "--club", "club", "--replace", str(archive))

    assert "scoring.Turn" in written and written[-1] == last._meta.label
    assert every_row("default") == before and files_in(media) == files

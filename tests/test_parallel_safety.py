"""What lets `make test` run the suite in parallel workers (pytest-xdist) without collisions."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

REPO = Path(__file__).resolve().parents[1]
PRINT_MEDIA_ROOT = "import balutclub.pytest_env, os; print(os.environ['MEDIA_ROOT'])"


def media_root_of_a_new_process(**env: str) -> str:
    """The MEDIA_ROOT a process started from this one (as an xdist worker is) ends up with."""
    completed = subprocess.run(
        [sys.executable, "-c", PRINT_MEDIA_ROOT],
        cwd=REPO,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return completed.stdout.strip()


def test_uploads_go_to_a_folder_of_the_test_process_outside_the_checkout() -> None:
    media = Path(settings.MEDIA_ROOT).resolve()

    assert media.is_dir()
    assert REPO not in media.parents


def test_a_worker_started_from_this_process_gets_an_uploads_folder_of_its_own() -> None:
    worker_media = media_root_of_a_new_process()

    assert worker_media != os.environ["MEDIA_ROOT"]
    # The worker's folder is removed when it exits.
    assert not Path(worker_media).exists()


def test_an_uploads_folder_exported_by_hand_is_kept(tmp_path: Path) -> None:
    assert media_root_of_a_new_process(MEDIA_ROOT=str(tmp_path)) == str(tmp_path)

"""A club upgrading, as its people meet it: a sheet every player signed on the previous release,
uploaded to /verify/ in a browser after the server ran today's migrations, is verified; and once
a second club is added to the server, the QR code printed on that sheet (/verify/<code>/, with
no club in it) still leads to the sheet's verdict under its club's address.

The server is the real thing on the previous release's own database (fixtures/upgrade/, made by
its code): migrated and served in processes of their own, as `git pull` and a restart do."""

from __future__ import annotations

import gzip
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FilePayload, Playwright, expect

from tests.conftest import tablet_context
from tests.test_make_serve import free_port

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "upgrade"
START_LIMIT_SECONDS = 120


def manage(env: dict[str, str], *arguments: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def upgraded_server(tmp_path: Path) -> Iterator[tuple[str, dict[str, str], Path]]:
    """The previous release's database, migrated by today's code and served: (its address,
    the server's environment, the database file)."""
    database = tmp_path / "club.sqlite3"
    database.write_bytes(gzip.decompress((FIXTURES / "layout2.sqlite3.gz").read_bytes()))
    env = {
        **{key: value for key, value in os.environ.items() if key != "BALUTCLUB_TESTING"},
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{database}",
        "MEDIA_ROOT": str(tmp_path / "media"),
        "DJANGO_SETTINGS_MODULE": "balutclub.settings",
        # As a server runs: another process's new club is seen within seconds (the suite's own
        # processes keep the clubs for an hour, balutclub.pytest_env).
        "CLUB_DIRECTORY_SECONDS": "5",
    }
    manage(env, "migrate", "--no-input")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_LIMIT_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "no server"
                time.sleep(0.5)
        yield url, env, database
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_a_sheet_signed_on_the_previous_release_verifies_and_its_qr_code_still_leads_to_it(
    upgraded_server: tuple[str, dict[str, str], Path], playwright: Playwright, browser: Browser
) -> None:
    url, env, database = upgraded_server
    context = tablet_context(playwright, browser)
    page = context.new_page()
    sheet: FilePayload = {
        "name": "signed-last-season.pdf",
        "mimeType": "application/pdf",
        "buffer": (FIXTURES / "layout2-signed.pdf").read_bytes(),
    }

    page.goto(f"{url}/verify/")
    page.get_by_label("Or upload the PDF").set_input_files(files=[sheet])
    page.get_by_role("button", name="Check the PDF").click()

    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-verdict", "accepted")
    expect(verdict).not_to_contain_text("altered")

    # The server becomes a federation's: a second club is added beside the first.
    with sqlite3.connect(database) as db:
        (code,) = db.execute("SELECT verification_code FROM scoring_game").fetchone()
        (slug,) = db.execute("SELECT slug FROM clubs_club ORDER BY id").fetchone()
    manage(env, "create_club", "south", "--name", "South Balut Club", "--secretary", "bo",
           "--password", "a-long-password-for-bo", "--email", "bo@example.org")  # fmt: skip

    # What the QR code on the paper sheet says. A running server sees another process's new
    # club within CLUB_DIRECTORY_SECONDS (5): until then it is still a one-club server.
    deadline = time.monotonic() + 30
    page.goto(f"{url}/verify/{code}/")
    while page.url.endswith(f"{url}/verify/{code}/") and time.monotonic() < deadline:
        page.wait_for_timeout(500)
        page.goto(f"{url}/verify/{code}/")

    expect(page).to_have_url(f"{url}/c/{slug}/verify/{code}/")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "match")
    context.close()

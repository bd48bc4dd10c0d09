"""Shared fixtures: test environment defaults and a Playwright-driven Debian chromium.

The settings-related defaults live in balutclub/pytest_env.py, because pytest-django reads the
settings before this file is imported.
"""

import datetime
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from django.test import Client
from django.test.testcases import QuietWSGIRequestHandler
from django.utils import translation
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from pytest_django.fixtures import Settings

from tests.factories import the_club
from tests.postgres import require_postgres

# Playwright's sync API runs an event loop in the main thread; Django would otherwise refuse
# ORM calls from the test body (live_server fixtures, factories) as "async-unsafe".
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM_CANDIDATES = (Path("/usr/lib/chromium/chromium"), Path("/usr/bin/chromium"))

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

TABLET = "iPad (gen 7)"

# The test live server writes an answer's headers and body in separate sends; with Nagle's
# algorithm on, the body waits for the client's delayed ACK of the headers (some 40 ms a
# request, most of a turn's round trip in a browser test). gunicorn, the club's server, sets
# TCP_NODELAY on its sockets; the live server does the same here.
QuietWSGIRequestHandler.disable_nagle_algorithm = True

# pytest-xdist hands the tests out in collection order, a quarter of them round-robin at once,
# then more to whichever worker runs short. The long ones (whole games in a browser, a backup
# restored in a new process, gunicorn started by `make serve`, Django started afresh in a
# subprocess) go first, so the run does not end with one worker alone on a long test.
LONG_FIRST = (
    "tests/browser/test_full_games.py",
    "tests/backups/test_backup_restore.py",
    "tests/test_make_serve.py",
    "tests/browser/",
    "tests/stats/test_browser.py",
    "tests/backups/",
    "tests/scoring/commands/",
    "tests/test_settings.py",
    "tests/scoring/pdf/test_benchmark_smoke.py",
    "tests/test_benchmarks_smoke.py",
)


def pytest_runtest_setup(item: pytest.Item) -> None:
    require_postgres(item)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return next(
            (i for i, prefix in enumerate(LONG_FIRST) if path.startswith(prefix)),
            len(LONG_FIRST),
        )

    items.sort(key=rank)  # stable: within a rank, the order they were collected in


@pytest.fixture(autouse=True)
def one_club(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test that uses the database starts on a server hosting one club (the_club): the
    app's addresses without /c/<slug>/ are that club's, as on an installed club's server.
    The clubs kept in this process are read afresh for each test (whose database rolls back),
    before it starts, as a running server has them: never among a test's counted queries."""
    from clubs.selectors import all_clubs, forget_clubs

    forget_clubs()
    marker = request.node.get_closest_marker("django_db")
    transactional = bool(
        marker and (marker.kwargs.get("transaction") or marker.args[:1] == (True,))
    )
    uses = set(request.fixturenames)
    database = transactional or marker is not None or bool(uses & {"db", "transactional_db"})
    if transactional or uses & {"transactional_db", "live_server"}:
        request.getfixturevalue("transactional_db")
    elif database:
        request.getfixturevalue("db")
    if (database or "live_server" in uses) and request.node.get_closest_marker("no_club") is None:
        the_club()
        forget_clubs()
        all_clubs()
    yield
    forget_clubs()


@pytest.fixture(autouse=True)
def club_query_guard(settings: Settings) -> None:
    """Every club page served in a test refuses a query of a club-owned model that names no
    club (clubs.scoping): a page that would show one club another's rows fails its test."""
    settings.CLUB_QUERY_GUARD = True


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Settings) -> None:
    """Passwords and PINs hashed the quick way in every test: PBKDF2's deliberate slowness
    would dominate the run (the live server runs in this process, so it sees the setting)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def chromium_executable() -> Path:
    for candidate in CHROMIUM_CANDIDATES:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    # A skip here would hide a broken setup as a green run, so the test errors instead.
    pytest.fail(
        "Debian chromium not found at "
        + " or ".join(str(c) for c in CHROMIUM_CANDIDATES)
        + ". Run `make browsers` (as root it installs the chromium package).",
        pytrace=False,
    )


@pytest.fixture(autouse=True)
def no_language_left_behind() -> Iterator[None]:
    """A page asked for in Danish or German leaves its language active in the thread (the
    middleware activates it and nothing resets it); the next test starts from the default."""
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    executable = chromium_executable()
    browser = playwright.chromium.launch(
        executable_path=str(executable), args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


def tablet_context(
    playwright: Playwright,
    browser: Browser,
    *,
    service_workers: Literal["allow", "block"] = "allow",
    bypass_csp: bool = False,
) -> BrowserContext:
    """A new tablet: the iPad's viewport, touch and user agent, and its own cookies.

    Its clock runs as the real one does, but a test may move it on
    (`tests.browser.pages.wake_the_pad`): a scorer always pauses for the pad's rest after an
    answer (they throw the dice), and a test need not sit through each pause in real time.

    It asks for reduced motion, as a tablet set so does: Bootstrap's transitions then end at
    once, where each would hold a tap back until the page stood still (the app's behaviour is
    the same either way; the whole-game tests run some 10 % faster)."""
    device = dict(playwright.devices[TABLET])
    # The descriptor names WebKit as its browser; the context itself only takes the rest.
    device.pop("default_browser_type", None)
    context = browser.new_context(
        **device,
        service_workers=service_workers,
        reduced_motion="reduce",
        bypass_csp=bypass_csp,
    )
    # From this process's clock, which BALUTCLUB_TEST_CLOCK may have set (balutclub/pytest_env.py).
    context.clock.install(time=datetime.datetime.now(datetime.UTC))
    return context


@pytest.fixture
def tablet_page(playwright: Playwright, browser: Browser) -> Iterator[Page]:
    context = tablet_context(playwright, browser)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def tablet_page_without_worker(playwright: Playwright, browser: Browser) -> Iterator[Page]:
    """A tablet whose page no service worker controls. Playwright's page.route cannot see a
    request from a page a worker controls (it goes out through the worker), so a test that
    cuts the server off for some requests alone uses this tablet."""
    context = tablet_context(playwright, browser, service_workers="block")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def member_client(db: None) -> Client:
    """A client signed in (as a member of the club who is neither a player nor the secretary):
    what members see of the pages the club keeps from visitors (scoring.access.privacy)."""
    from django.contrib.auth.models import User

    from clubs.services import join_club

    client = Client()
    viewer = User.objects.create_user(username="viewer")
    # A member of the club: a member of another club of the server is a visitor here.
    join_club(club=the_club(), user=viewer)
    client.force_login(viewer)
    return client

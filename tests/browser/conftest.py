"""Fixtures for the tablet tests: club members with PINs, and more tablets on demand."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from pytest_django.fixtures import Settings

from scoring.models import Member
from scoring.services.members import create_member
from tests.browser.pages import PIN
from tests.conftest import tablet_context
from tests.factories import the_club

# The game pages have a service worker. Chromium's offline emulation does not reach what the
# worker fetches; with these events on, a context's route sees those requests too, and
# tests/browser/test_offline.go_offline cuts them as well.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


# How long the live server may take to finish the requests the closed tablets left in flight.
REQUESTS_END_WITHIN_SECONDS = 15.0


def requests_in_flight() -> list[threading.Thread]:
    """The live server's threads still answering a request (socketserver names each thread
    after its target)."""
    return [t for t in threading.enumerate() if "process_request_thread" in t.name]


@pytest.fixture(autouse=True)
def tablets_closed_and_server_quiet_before_the_flush(
    request: pytest.FixtureRequest,
) -> Iterator[None]:
    """The database is emptied after a browser test only once its tablets are closed and the
    live server has answered what they had sent.

    Set up first, so torn down last: the pages' fixtures close their browser contexts, then
    this waits for the server's requests to end, then pytest-django empties the database. In
    the other order a tablet's last request (a turn sent without waiting for its answer, a
    poll) could hold rows the flush's TRUNCATE wants while wanting a table the TRUNCATE holds:
    PostgreSQL ends one of them as a deadlock, and a failed flush leaves the next test rows.
    """
    uses_server = "live_server" in request.fixturenames
    if uses_server:
        request.getfixturevalue("transactional_db")
    yield
    if uses_server:
        deadline = time.monotonic() + REQUESTS_END_WITHIN_SECONDS
        while requests_in_flight() and time.monotonic() < deadline:
            time.sleep(0.02)


@pytest.fixture(autouse=True)
def quick_pins(settings: Settings) -> None:
    """PINs hashed the quick way: every start and sign-in checks one, and the live server
    runs in this process, so it sees the setting too."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ann(transactional_db: None) -> Member:
    return create_member(in_club=the_club(), name="Ann Larsen", known_as="Ann", pin=PIN)


@pytest.fixture
def ben(transactional_db: None) -> Member:
    return create_member(in_club=the_club(), name="Ben Okafor", known_as="Ben", pin=PIN)


@pytest.fixture
def new_tablet(playwright: Playwright, browser: Browser) -> Iterator[Callable[[], Page]]:
    """Another tablet: a fresh browser context (its own cookies) with the tablet's viewport."""
    contexts: list[BrowserContext] = []

    def open_tablet() -> Page:
        context = tablet_context(playwright, browser)
        contexts.append(context)
        return context.new_page()

    yield open_tablet
    for context in contexts:
        context.close()

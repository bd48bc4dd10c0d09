"""Fixtures for the tablet tests: club members with PINs, and more tablets on demand."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from pytest_django.fixtures import Settings

from scoring.models import Member
from scoring.services.members import create_member
from tests.browser.pages import PIN
from tests.conftest import tablet_context

# The game pages have a service worker. Chromium's offline emulation does not reach what the
# worker fetches; with these events on, a context's route sees those requests too, and
# tests/browser/test_offline.go_offline cuts them as well.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


@pytest.fixture(autouse=True)
def quick_pins(settings: Settings) -> None:
    """PINs hashed the quick way: every start and sign-in checks one, and the live server
    runs in this process, so it sees the setting too."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ann(transactional_db: None) -> Member:
    return create_member(name="Ann Larsen", known_as="Ann", pin=PIN)


@pytest.fixture
def ben(transactional_db: None) -> Member:
    return create_member(name="Ben Okafor", known_as="Ben", pin=PIN)


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

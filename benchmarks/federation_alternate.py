"""The federation benchmark's timing, alternating between the two servers request by request.

Timed one after the other, minutes apart, the one-club server's pages and the federation's
were compared across whatever the machine did in between: on a machine shared with other work
the load went from 3 to 14 within minutes, and a page's ratio swung from 0.8x to 2.9x with the
same queries, the same rows and the same Python calls (cProfile counted the same calls within
0.1 %). So the one-club server is kept as a database of its own (PostgreSQL copies it from the
club's database before the other clubs are loaded) and each page is asked of both in turns,
the order swapped every round: whatever the machine does weighs on both alike.

Switching is a new connection to the other database, made before the request is timed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import OperationalError, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.federation_measure import at_club
from benchmarks.history import HTMX, STANDINGS_RULESET, Measured
from benchmarks.stats import summarize
from benchmarks.turn import BenchmarkError, ServerClock
from clubs.models import Club
from league.models import Season
from scoring.models import Member

COPY_ATTEMPTS = 10


def copy_database(name: str) -> str:
    """A copy of the configured database under `name` (PostgreSQL's CREATE DATABASE ...
    TEMPLATE): the club on a server of its own. The copy needs the source without sessions,
    so this process moves to the server's own database meanwhile; an autovacuum worker on it
    is waited for."""
    source = str(connection.settings_dict["NAME"])
    quote = connection.ops.quote_name
    with on_database("postgres", of_clubs=False):
        for attempt in range(COPY_ATTEMPTS):
            try:
                with connection.cursor() as cursor:
                    cursor.execute(f"CREATE DATABASE {quote(name)} TEMPLATE {quote(source)}")
                return name
            except OperationalError:
                if attempt == COPY_ATTEMPTS - 1:
                    raise
                time.sleep(1)
    return name


def drop_database(name: str) -> None:
    with on_database("postgres", of_clubs=False), connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {connection.ops.quote_name(name)} WITH (FORCE)")


@contextmanager
def on_database(database: str, *, of_clubs: bool = True) -> Iterator[None]:
    """This process's connection on `database` for the block (connected before it starts);
    `of_clubs` off for the server's own database (which holds no clubs)."""
    before = connection.settings_dict["NAME"]
    _switch(database, of_clubs=of_clubs)
    try:
        yield
    finally:
        _switch(before)


def _switch(database: str, *, of_clubs: bool = True) -> None:
    if connection.settings_dict["NAME"] == database and connection.connection is not None:
        return
    connection.close()
    connection.settings_dict["NAME"] = database
    connection.ensure_connection()
    if not of_clubs:
        return
    from clubs.selectors import club_by_slug, forget_clubs

    # The clubs of the database now in use, read before any request is timed.
    forget_clubs()
    club_by_slug("")


@dataclass
class _Page:
    label: str
    url: str
    headers: dict[str, str]
    signed_in: bool


def pages_side_by_side(
    *, club: Club, member: Member, season: Season, repeats: int, databases: tuple[str, str]
) -> list[tuple[str, Measured, Measured]]:
    """Each page of benchmarks.history.pages asked of both databases in turns: its measures on
    the first and on the second."""
    clients: dict[str, tuple[Client, Client]] = {}
    for database in databases:
        with on_database(database):
            signed = Client()
            # A session of each database: the signed-in member's cookie names it.
            signed.force_login(member.user)
            clients[database] = (Client(), signed)
    with at_club(club):
        etags = {}
        for database in databases:
            with on_database(database):
                etags[database] = clients[database][0].get(reverse("stats:board"), headers=HTMX)[
                    "ETag"
                ]
        rows = []
        for page in _pages(season, member):
            first, second = (
                _Timing(database, clients[database][1 if page.signed_in else 0], etags[database])
                for database in databases
            )
            for timing in (first, second):
                with on_database(timing.database):
                    timing.warm(page)
            for round_ in range(repeats):
                for timing in (first, second) if round_ % 2 == 0 else (second, first):
                    with on_database(timing.database):
                        timing.time(page)
            rows.append((page.label, first.measured(), second.measured()))
    return rows


def _pages(season: Season, member: Member) -> list[_Page]:
    board = reverse("stats:board")
    standings = f"{reverse('league:standings')}?season={season.pk}&ruleset={STANDINGS_RULESET}"
    return [
        _Page("standings page", standings, {}, False),
        _Page("player page", reverse("stats:player", args=[member.pk]), {}, True),
        _Page("register page", reverse("league:register"), {}, False),
        _Page("records page", reverse("stats:records"), {}, False),
        _Page("board, whole page", board, {}, False),
        _Page("board, changed fragment", board, HTMX, False),
        _Page("board, unchanged (304)", board, {**HTMX, "If-None-Match": "ETAG"}, False),
    ]


@dataclass
class _Timing:
    database: str
    client: Client
    etag: str
    queries: int = 0

    def __post_init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def _get(self, page: _Page) -> int:
        headers = {
            name: self.etag if value == "ETAG" else value for name, value in page.headers.items()
        }
        status: int = self.client.get(page.url, headers=headers).status_code
        if status not in (200, 304):
            raise BenchmarkError(f"{page.url}: HTTP {status} on {self.database}")
        return status

    def warm(self, page: _Page) -> None:
        with CaptureQueriesContext(connection) as captured:
            self._get(page)
        self.queries = len(captured.captured_queries)

    def time(self, page: _Page) -> None:
        with ServerClock() as clock:
            self._get(page)
        self.wall.append(clock.last)
        self.cpu.append(clock.last_cpu)

    def measured(self) -> Measured:
        return Measured(summarize(self.wall), summarize(self.cpu), self.queries)

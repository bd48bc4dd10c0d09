"""No page is served from a database whose migrations are not all applied.

A server started on a new release before `manage.py migrate` ran (or on an empty database)
answered "Server Error (500)" on every page, and only /healthz said why. Here each request,
until the database is found migrated, asks the migration graph whether anything is left to
apply (the graph built once per process; one query of django_migrations a request). While
something is, every page but /healthz answers 503 in the reader's language, naming the command
to run; /healthz keeps its JSON, which says the same to monitoring. Once the plan is empty the
process never asks again: migrations are applied before a release's processes start
(`make serve`, the systemd unit's ExecStartPre), never rolled back under a running server.

The reader's language comes from the request alone (the language cookie, Accept-Language): the
club's settings, which the language middleware reads, live in the very tables that may be
missing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from clubs.plain_pages import plain_page

_state = {"migrated": False}


@cache
def migrations_on_disk() -> frozenset[tuple[str, str]]:
    """Every migration the code holds, as (app, name): read from the modules once a process
    (balutclub.warmup reads them before gunicorn forks its workers)."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def unapplied_migrations() -> int:
    """How many of the code's migrations the database has not applied (all of them when it has
    no django_migrations table); DatabaseError when it cannot be read at all."""
    recorder = MigrationRecorder(connection)
    if not recorder.has_table():
        return len(migrations_on_disk())
    return len(migrations_on_disk() - set(recorder.applied_migrations()))


def database_migrated() -> bool:
    if _state["migrated"]:
        return True
    try:
        migrated = unapplied_migrations() == 0
    except DatabaseError:
        # Not even the migrations' table can be read: the database error pages say so.
        return True
    _state["migrated"] = migrated
    return migrated


def forget() -> None:
    """Ask the database again on the next request (tests that migrate a database back)."""
    _state["migrated"] = False


class RefuseUnmigratedDatabase:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if database_migrated() or request.path_info == reverse("healthz"):
            return self.get_response(request)
        with translation.override(translation.get_language_from_request(request)):
            message = _(
                "This server's database is not ready for this version of BalutClub: its "
                "migrations are not applied. The server's administrator runs "
                "“.venv/bin/python manage.py migrate” (make serve does it on start), then the "
                "pages work again."
            )
            return plain_page(message, status=503, headers={"Retry-After": "60"})

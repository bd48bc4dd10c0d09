"""The read API's standings and rating list, timed inside the history benchmark (issue 39):
the same database it grows from one year of club history to ten, so the API's figures sit
beside the pages' (docs/api.md). Figures only: no goal is asserted."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.management import call_command
from django.test import Client, override_settings

from league.models import Season

T = TypeVar("T")


def api_endpoints(
    measure: Callable[[Client, str], T], slug: str, season: Season, ruleset: str
) -> dict[str, T]:
    """`measure` of the API's standings and rating list of the club `slug`, as a visitor."""
    # The API counts each client's requests in the database cache (api.site): its table, and a
    # limit the repeats never reach.
    call_command("createcachetable", verbosity=0)
    client = Client()
    base = f"/api/v1/clubs/{slug}"
    with override_settings(API_REQUESTS_PER_CLIENT="1000000/m"):
        return {
            "API standings": measure(
                client, f"{base}/seasons/{season.pk}/standings/?ruleset={ruleset}"
            ),
            "API ratings": measure(client, f"{base}/ratings/?ruleset={ruleset}"),
        }

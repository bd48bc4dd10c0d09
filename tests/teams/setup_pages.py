"""What the tests of the secretary's setup pages send: a competition's format, a draw's dates,
and a client signed in (tests/teams/test_setup_pages.py, test_team_setup_pages.py)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

FORMAT = {
    "kind": "league",
    "double_round_robin": "on",
    "ruleset": "balut",
    "players_per_team": 4,
    "table_size": 4,
    "counting": "places",
    "breaker_1": "match_points",
    "breaker_2": "head_to_head",
    "breaker_3": "difference",
}
DRAW = {"first_round_on": "2026-01-08", "starts_at": "19:30", "days_between_rounds": 7}


def signed_in(client: Client, user: User) -> Client:
    client.force_login(user)
    return client

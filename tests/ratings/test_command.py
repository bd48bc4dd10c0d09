"""`manage.py ratings --json`: the rating list as the pages rank it, names as sheets print them."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ratings.models import Rating
from tests.ratings.helpers import played

pytestmark = pytest.mark.django_db


def ratings_command(*args: str) -> str:
    out = io.StringIO()
    call_command("ratings", *args, stdout=out)
    return out.getvalue()


def test_the_json_lists_members_by_rating_then_guests_with_their_figures() -> None:
    played({"Ann": 20, "Ben": 10, "Guest Sam": 30}, "2026-03-01T20:00:00+01:00")
    played({"Ann": 20, "Ben": 10}, "2026-03-02T20:00:00+01:00")

    data = json.loads(ratings_command("--json"))

    assert [(line["person"], line["ruleset"], line["games"]) for line in data] == [
        ("Ann", "bar", 2),
        ("Ben", "bar", 2),
        ("Guest Sam", "bar", 1),
    ]
    ann = Rating.objects.get(member__known_as="Ann")
    assert (data[0]["mu"], data[0]["sigma"]) == (ann.mu, ann.sigma)
    assert set(data[0]) == {"person", "ruleset", "mu", "sigma", "games"}


def test_the_ruleset_option_keeps_one_kind_of_game() -> None:
    played({"Ann": 20, "Ben": 10}, "2026-03-01T20:00:00+01:00")

    assert json.loads(ratings_command("--ruleset", "balut", "--json")) == []
    assert len(json.loads(ratings_command("--ruleset", "bar", "--json"))) == 2


def test_without_json_it_prints_a_table_and_marks_guests() -> None:
    played({"Ann": 20, "Guest Sam": 10}, "2026-03-01T20:00:00+01:00")

    out = ratings_command()

    assert "Ann" in out and "Guest Sam (guest)" in out


def test_an_unknown_ruleset_is_refused_with_its_name() -> None:
    with pytest.raises(CommandError, match="poker"):
        ratings_command("--ruleset", "poker")


def test_a_club_the_server_does_not_have_is_refused_in_words() -> None:
    with pytest.raises(CommandError, match="No club has the address 'elsewhere'"):
        ratings_command("--club", "elsewhere", "--json")

"""A rating is the person's over every game of the server; a club's list shows its own people,
the federation's list (no club) everyone of every club."""

from __future__ import annotations

import pytest

from ratings.selectors import rating_lines
from scoring.services.members import create_member
from scoring.services.records import import_game_record
from tests.factories import other_club, the_club
from tests.ratings.helpers import bar_record, played

pytestmark = pytest.mark.django_db


def test_the_federation_list_holds_every_clubs_people_and_a_club_list_only_its_own() -> None:
    played({"Ann": 20, "Ben": 10}, "2026-03-01T20:00:00+01:00")
    b = other_club()
    for name in ("Cat", "Dan"):
        create_member(in_club=b, name=f"{name} Member", known_as=name, pin="1234")
    import_game_record(
        in_club=b,
        data=bar_record({"Cat": 25, "Dan": 5}, "2026-03-02T20:00:00+01:00"),
        imported_by=None,
        source="test:ratings",
    )

    here = {line.name for line in rating_lines(the_club(), "bar")}
    there = {line.name for line in rating_lines(b, "bar")}
    everyone = rating_lines(None, "bar")

    assert here == {"Ann", "Ben"} and there == {"Cat", "Dan"}
    # Each club's winner beat a newcomer once: the two winners lead, level, then the two losers.
    assert {line.name for line in everyone[:2]} == {"Ann", "Cat"}
    assert {line.name for line in everyone[2:]} == {"Ben", "Dan"}
    assert everyone[0].rating == everyone[1].rating > everyone[2].rating
    assert [line.place for line in everyone] == [1, 2, 3, 4]

"""The record's optional `played` key, read by the engine without a clock or a time zone."""

from __future__ import annotations

import datetime

import pytest

from scoring import rules

# The caller's clock in the club's time zone (UTC+1): the engine has none.
CET = datetime.timezone(datetime.timedelta(hours=1))
NOW = datetime.datetime(2026, 11, 25, 15, 0, tzinfo=CET)


def test_a_date_alone_is_a_date_for_the_caller_to_place_in_the_clubs_time_zone() -> None:
    assert rules.parse_played({"played": "2026-11-20"}, now=NOW) == datetime.date(2026, 11, 20)


def test_a_time_with_its_offset_is_that_instant() -> None:
    played = rules.parse_played({"played": "2026-11-20T21:30:00+01:00"}, now=NOW)

    assert played == datetime.datetime(2026, 11, 20, 20, 30, tzinfo=datetime.UTC)


@pytest.mark.parametrize("record", [{}, {"played": None}])
def test_no_played_key_is_no_date(record: dict[str, object]) -> None:
    assert rules.parse_played(record, now=NOW) is None


@pytest.mark.parametrize(
    "played", ["2026-11-20T21:30:00", "20/11/2026", "2026-13-01", "", 20261120, ["2026-11-20"]]
)
def test_anything_else_is_refused_with_what_is_wrong(played: object) -> None:
    with pytest.raises(rules.InvalidRecord, match="played"):
        rules.parse_played({"played": played}, now=NOW)


@pytest.mark.parametrize(
    "played",
    [
        "0001-01-01",
        "1899-12-31",
        "0001-01-01T00:00:00+01:00",
        "1899-12-31T23:59:59-12:00",
        # Before 1900 at its own offset, whatever day it is in UTC.
        "1899-12-31T23:30:00-01:00",
    ],
)
def test_a_day_before_1900_is_refused_naming_the_earliest_day(played: str) -> None:
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.parse_played({"played": played}, now=NOW)

    assert refused.value.code == "played_too_early"
    assert refused.value.turn is None
    assert refused.value.params["earliest"] == datetime.date(1900, 1, 1)
    assert "too long ago" in str(refused.value)


@pytest.mark.parametrize(
    "played",
    ["9999-12-31", "2026-11-26", "2026-11-25T15:00:01+01:00", "9999-12-31T23:59:59-23:59"],
)
def test_a_day_or_moment_after_now_is_refused_as_in_the_future(played: str) -> None:
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.parse_played({"played": played}, now=NOW)

    assert refused.value.code == "played_in_future"
    assert "in the future" in str(refused.value)


@pytest.mark.parametrize(
    ("played", "expected"),
    [
        ("1900-01-01", datetime.date(1900, 1, 1)),
        ("2026-11-25", datetime.date(2026, 11, 25)),
        (
            "1900-01-01T00:00:00+14:00",
            datetime.datetime(1900, 1, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=14))),
        ),
        ("2026-11-25T14:00:00Z", datetime.datetime(2026, 11, 25, 14, tzinfo=datetime.UTC)),
    ],
)
def test_the_first_day_of_1900_and_today_up_to_now_are_kept(
    played: str, expected: datetime.date
) -> None:
    assert rules.parse_played({"played": played}, now=NOW) == expected


def test_scoring_ignores_played_whatever_it_holds() -> None:
    base = {"ruleset": "bar", "players": ["Ann", "Ben"], "turns": []}

    assert rules.score_record({**base, "played": "not a date"}) == rules.score_record(base)


def test_the_fingerprint_is_the_content_not_the_dress() -> None:
    turn = {"player": "Ann", "box": "fours", "dice": [4, 4, 4, 1, 2]}
    reordered = {"dice": [4, 4, 4, 1, 2], "box": "fours", "player": "Ann"}

    same = rules.record_fingerprint("balut", ["Ann", "Ben"], [turn])

    assert same == rules.record_fingerprint("balut", ["Ann", "Ben"], [reordered])
    assert same != rules.record_fingerprint("balut", ["Ben", "Ann"], [turn])
    assert same != rules.record_fingerprint("jackpot", ["Ann", "Ben"], [turn])
    assert same != rules.record_fingerprint("balut", ["Ann", "Ben"], [])
    assert len(same) == 64

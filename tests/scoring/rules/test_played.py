"""The record's optional `played` key, read by the engine without a clock or a time zone."""

from __future__ import annotations

import datetime

import pytest

from scoring import rules


def test_a_date_alone_is_a_date_for_the_caller_to_place_in_the_clubs_time_zone() -> None:
    assert rules.parse_played({"played": "2026-11-20"}) == datetime.date(2026, 11, 20)


def test_a_time_with_its_offset_is_that_instant() -> None:
    played = rules.parse_played({"played": "2026-11-20T21:30:00+01:00"})

    assert played == datetime.datetime(2026, 11, 20, 20, 30, tzinfo=datetime.UTC)


@pytest.mark.parametrize("record", [{}, {"played": None}])
def test_no_played_key_is_no_date(record: dict[str, object]) -> None:
    assert rules.parse_played(record) is None


@pytest.mark.parametrize(
    "played", ["2026-11-20T21:30:00", "20/11/2026", "2026-13-01", "", 20261120, ["2026-11-20"]]
)
def test_anything_else_is_refused_with_what_is_wrong(played: object) -> None:
    with pytest.raises(rules.InvalidRecord, match="played"):
        rules.parse_played({"played": played})


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

"""Properties of placing a season's fixtures around its clashes (teams.clashes, pure): every
fixture stays within its round's interval, no team plays twice a day, no venue hosts two
matches a night, blackouts and a venue's nights are kept whenever the interval allows, and a
fixture the interval cannot free keeps its round's day and says what it clashes with."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teams.clashes import (
    Booking,
    Calendar,
    ClashKind,
    Meeting,
    SeasonError,
    byes,
    clashes_on,
    place,
    round_days,
)
from teams.schedule import round_robin

clash_settings = settings(max_examples=150, deadline=None)
START = datetime.date(2026, 9, 3)  # a Thursday


@st.composite
def seasons(draw: st.DrawFn) -> tuple[int, int, Calendar, list[Booking]]:
    teams = draw(st.integers(min_value=2, max_value=9))
    every = draw(st.integers(min_value=1, max_value=14))
    blackouts = draw(
        st.frozensets(
            st.integers(min_value=0, max_value=200).map(
                lambda n: START + datetime.timedelta(days=n)
            ),
            max_size=15,
        )
    )
    nights = draw(
        st.dictionaries(
            st.integers(min_value=1, max_value=teams),
            st.frozensets(st.integers(min_value=0, max_value=6), min_size=1),
        )
    )
    bookings = draw(
        st.lists(
            st.builds(
                lambda n, team: Booking(
                    START + datetime.timedelta(days=n), frozenset({team}), "", "cup tie"
                ),
                st.integers(min_value=0, max_value=200),
                st.integers(min_value=1, max_value=teams),
            ),
            max_size=10,
        )
    )
    return teams, every, Calendar(blackouts, nights), bookings


def meetings(teams: int, venues: dict[int, str]) -> list[list[Meeting]]:
    return [
        [Meeting(number, home, away, venues.get(home, "")) for home, away in games]
        for number, games in enumerate(round_robin(teams), start=1)
    ]


@clash_settings
@given(seasons())
def test_every_fixture_is_placed_in_its_rounds_interval_and_no_team_plays_twice_a_day(
    season: tuple[int, int, Calendar, list[Booking]],
) -> None:
    teams, every, calendar, bookings = season
    rounds = meetings(teams, {})
    days = round_days(START, every, len(rounds), calendar.blackouts)

    placed = place(rounds, days, every, calendar, bookings)

    assert [p.meeting for p in placed] == [m for games in rounds for m in games]
    assert all(day not in calendar.blackouts for day in days)
    assert days == sorted(set(days))
    for placement in placed:
        first = days[placement.meeting.round - 1]
        assert first <= placement.day < first + datetime.timedelta(days=every)
        if placement.day != first:
            assert not placement.clashes
        assert placement.clashes == clashes_on(
            placement.day,
            placement.meeting,
            calendar,
            bookings
            + [
                Booking(o.day, frozenset((o.meeting.home, o.meeting.away)), "", "")
                for o in placed[: placed.index(placement)]
            ],
        )
    for placement in placed:
        if not placement.clashes:
            assert placement.day not in calendar.blackouts
            nights = calendar.nights.get(placement.meeting.home)
            assert not nights or placement.day.weekday() in nights
    busy = [(p.day, team) for p in placed for team in (p.meeting.home, p.meeting.away)]
    clashing = sum(1 for p in placed if any(c.kind == ClashKind.TEAM_BUSY for c in p.clashes))
    assert len(busy) - len(set(busy)) <= 2 * clashing


@clash_settings
@given(seasons())
def test_with_nothing_to_avoid_every_fixture_is_on_its_rounds_day(
    season: tuple[int, int, Calendar, list[Booking]],
) -> None:
    teams, every, _, _ = season
    rounds = meetings(teams, {})
    days = round_days(START, every, len(rounds), ())

    placed = place(rounds, days, every, Calendar(), [])

    assert all(p.day == days[p.meeting.round - 1] and not p.clashes for p in placed)
    assert days == [START + datetime.timedelta(days=every * n) for n in range(len(rounds))]


def test_a_blacked_out_christmas_moves_the_round_and_the_rounds_after_it_a_week_on() -> None:
    christmas = datetime.date(2025, 12, 25)

    days = round_days(datetime.date(2025, 12, 18), 7, 3, {christmas})

    assert days == [
        datetime.date(2025, 12, 18),
        datetime.date(2026, 1, 1),
        datetime.date(2026, 1, 8),
    ]


def test_two_home_teams_of_one_bar_do_not_host_on_the_same_night() -> None:
    rounds = [[Meeting(1, 1, 2, "The Anchor"), Meeting(1, 3, 4, "the anchor")]]

    placed = place(rounds, [START], 7, Calendar(), [])

    assert [p.day for p in placed] == [START, START + datetime.timedelta(days=1)]


def test_a_venue_that_hosts_on_tuesdays_gets_its_fixture_on_the_tuesday_of_the_round() -> None:
    tuesday = datetime.date(2026, 9, 8)

    placed = place(
        [[Meeting(1, 1, 2, "Bar")]], [START], 7, Calendar(nights={1: frozenset({1})}), []
    )

    assert placed[0].day == tuesday and not placed[0].clashes


def test_a_cup_tie_on_the_only_free_night_leaves_the_clash_named_on_the_rounds_day() -> None:
    cup = Booking(START, frozenset({2}), "Elsewhere", "Cup: Bears – Lions")

    placed = place([[Meeting(1, 1, 2, "Bar")]], [START], 1, Calendar(), [cup])

    assert placed[0].day == START
    assert [(c.kind, c.label, c.team) for c in placed[0].clashes] == [
        (ClashKind.TEAM_BUSY, "Cup: Bears – Lions", 2)
    ]


def test_a_season_of_blacked_out_days_only_is_refused() -> None:
    every_thursday = {START + datetime.timedelta(days=7 * n) for n in range(60)}

    with pytest.raises(SeasonError):
        round_days(START, 7, 2, every_thursday)


def test_the_team_without_a_fixture_in_a_round_has_its_bye() -> None:
    schedule = round_robin(3)

    assert [len(teams) for teams in byes(schedule, [1, 2, 3])] == [1, 1, 1]
    assert sorted(team for teams in byes(schedule, [1, 2, 3]) for team in teams) == [1, 2, 3]

"""Club nights over a season: each night drawn from the meetings so far spreads them evenly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.nights import draw_night, meetings_of


def season(
    players: int, table_size: int, nights: int, seed: int
) -> list[tuple[tuple[int, ...], ...]]:
    played: list[tuple[tuple[int, ...], ...]] = []
    for night in range(nights):
        played.append(
            draw_night(
                range(1, players + 1),
                table_size=table_size,
                meetings=meetings_of(played),
                seed=seed + night,
            )
        )
    return played


@pytest.mark.parametrize("seed", [0, 1000])
def test_twenty_members_in_fours_over_twenty_nights_meet_within_two_times_of_each_other(
    seed: int,
) -> None:
    met = meetings_of(season(20, 4, 20, seed))

    counts = [met.get((a, b), 0) for a in range(1, 21) for b in range(a + 1, 21)]
    assert max(counts) - min(counts) <= 2
    # 20 nights, 3 others a night: 60 seats among 19 others.
    assert sum(counts) == 20 * 5 * 6


@settings(max_examples=15, deadline=None)
@given(
    st.integers(min_value=2, max_value=24),
    st.integers(min_value=3, max_value=6),
    st.integers(min_value=0, max_value=2**16),
)
def test_a_night_seats_every_member_once_at_tables_as_even_as_possible_and_alike_for_a_seed(
    players: int, table_size: int, seed: int
) -> None:
    history = season(players, table_size, 2, seed)
    met = meetings_of(history)

    night = draw_night(range(players), table_size=table_size, meetings=met, seed=seed)

    assert sorted(p for table in night for p in table) == list(range(players))
    sizes = [len(table) for table in night]
    assert max(sizes) <= table_size and max(sizes) - min(sizes) <= 1
    assert night == draw_night(range(players), table_size=table_size, meetings=met, seed=seed)


def test_a_night_first_seats_together_the_pairs_who_never_met() -> None:
    # Eight members met in fixed fours for three nights: tonight each table mixes the fours.
    met = meetings_of([((1, 2, 3, 4), (5, 6, 7, 8))] * 3)

    night = draw_night(range(1, 9), table_size=4, meetings=met, seed=3)

    for table in night:
        assert len({p <= 4 for p in table}) == 2
        assert sum(1 for p in table if p <= 4) == 2


def test_a_member_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        draw_night([1, 2, 2], table_size=3, meetings={})

"""The ratings' bookkeeping against openskill's own results on hand-made games: the tests check
who is rated from what, in which order and with which ranks, not the library's maths."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from ratings.bookkeeping import (
    NEW,
    Change,
    Game,
    Seat,
    Standing,
    ranked,
    rate_game,
    replay,
    win_chances,
)

LIBRARY = PlackettLuce()


def library_rates(places: list[int], before: list[Standing] | None = None) -> list[float]:
    """What the library itself makes of one game, each player a one-person team, in the
    order given."""
    before = before or [NEW] * len(places)
    teams = [[LIBRARY.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    return [
        value
        for team in LIBRARY.rate(teams, ranks=[float(p) for p in places])
        for value in (team[0].mu, team[0].sigma)
    ]


def flat(changes: tuple[Change, ...]) -> list[float]:
    return [value for c in changes for value in (c.after.mu, c.after.sigma)]


def game(key: int, *places: int, ruleset: str = "balut", names: str = "abcdefgh") -> Game:
    return Game(
        key=key,
        ruleset=ruleset,
        seats=tuple(Seat(person=names[i], place=place) for i, place in enumerate(places)),
    )


@pytest.mark.parametrize(
    "places",
    [[1, 2], [2, 1], [1, 2, 3], [3, 1, 2], [1, 2, 3, 4, 5], [5, 3, 1, 4, 2], list(range(1, 9))],
    ids=["2", "2-reversed", "3", "3-shuffled", "5", "5-shuffled", "8"],
)
def test_a_first_game_gives_what_the_library_gives(places: list[int]) -> None:
    changes = rate_game(game(1, *places), {})

    expected = library_rates(places)
    assert flat(changes) == pytest.approx(expected, rel=1e-12)
    assert [c.place for c in changes] == places
    assert all(c.before == NEW and c.after.games == 1 for c in changes)


def test_a_game_between_rated_players_starts_from_their_ratings() -> None:
    before = [Standing(30.0, 4.0, 12), Standing(22.0, 7.5, 3), Standing(25.0, 2.0, 40)]
    standings = dict(zip("abc", before, strict=True))

    changes = rate_game(game(1, 2, 1, 3), standings)

    expected = library_rates([2, 1, 3], before)
    assert flat(changes) == pytest.approx(expected, rel=1e-12)
    assert [c.after.games for c in changes] == [13, 4, 41]
    assert [c.before for c in changes] == before


@pytest.mark.parametrize("places", [[1, 1], [1, 1, 3], [2, 1, 2], [1, 2, 2, 2, 5], [1] * 8])
def test_players_sharing_a_place_share_a_rank_and_equal_players_stay_equal(
    places: list[int],
) -> None:
    changes = rate_game(game(1, *places), {})

    expected = library_rates(places)
    assert flat(changes) == pytest.approx(expected, rel=1e-12)
    for place in set(places):
        shared = {(c.after.mu, c.after.sigma) for c in changes if c.place == place}
        assert len(shared) == 1


def test_a_two_player_tie_between_equals_changes_neither_skill() -> None:
    changes = rate_game(game(1, 1, 1), {})

    assert [c.mu_change for c in changes] == pytest.approx([0.0, 0.0], abs=1e-12)
    assert all(c.after.sigma < NEW.sigma for c in changes)


def test_a_surprise_moves_the_ratings_more_than_the_expected_result() -> None:
    strong, weak = Standing(32.0, 3.0, 50), Standing(20.0, 3.0, 50)
    expected = rate_game(game(1, 1, 2), {"a": strong, "b": weak})
    surprise = rate_game(game(2, 2, 1), {"a": strong, "b": weak})

    assert abs(surprise[1].mu_change) > 3 * abs(expected[1].mu_change)


def test_replay_carries_each_rating_to_the_next_game_of_its_ruleset_only() -> None:
    games = [game(1, 1, 2), game(2, 2, 1, ruleset="bar"), game(3, 1, 2)]

    replayed = replay(games)

    first, third = replayed.changes[1], replayed.changes[3]
    assert third[0].before == first[0].after
    assert replayed.changes[2][0].before == NEW
    assert replayed.standings["a", "balut"].games == 2
    assert replayed.standings["a", "bar"].games == 1


def test_a_game_of_one_player_changes_nothing() -> None:
    replayed = replay([game(1, 1)])

    assert replayed.changes == {1: ()}
    assert replayed.standings == {}


def test_a_game_seating_someone_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        rate_game(game(1, 1, 2, names="aa"), {})


def test_the_list_ranks_by_mu_minus_three_sigma() -> None:
    sure = Standing(27.0, 1.0, 100)  # 24
    lucky = Standing(35.0, 5.0, 2)  # 20

    assert [person for person, _ in ranked({"lucky": lucky, "sure": sure})] == ["sure", "lucky"]
    assert sure.conservative == pytest.approx(24.0)


def test_win_chances_are_the_librarys_and_add_up_to_one() -> None:
    standings = [Standing(30.0, 4.0), Standing(25.0, 8.0), Standing(20.0, 2.0)]

    chances = win_chances(standings)

    teams = [[LIBRARY.rating(mu=s.mu, sigma=s.sigma)] for s in standings]
    assert chances == pytest.approx(LIBRARY.predict_win(teams))
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2]


# Games among six people: each a few of them, with places (shared places allowed).
PEOPLE = "abcdef"
games_strategy = st.lists(
    st.lists(st.integers(min_value=1, max_value=4), min_size=2, max_size=6).flatmap(
        lambda places: st.permutations(PEOPLE).map(
            lambda people: tuple(
                Seat(person=person, place=place)
                for person, place in zip(people, places, strict=False)
            )
        )
    ),
    min_size=1,
    max_size=25,
)


# No deadline: a replay of 25 games is quick, but not on a machine shared by seven suites.
@settings(deadline=None)
@given(seats=games_strategy, cut=st.integers(min_value=0, max_value=25))
def test_replaying_from_a_midpoint_with_the_stored_ratings_equals_a_full_replay(
    seats: list[tuple[Seat, ...]], cut: int
) -> None:
    games = [Game(key=i, ruleset="balut", seats=s) for i, s in enumerate(seats)]
    cut = min(cut, len(games))

    full = replay(games)
    first = replay(games[:cut])
    rest = replay(games[cut:], start=first.standings)

    assert rest.standings == full.standings
    assert {**first.changes, **rest.changes} == full.changes


@settings(deadline=None)
@given(
    places=st.lists(st.integers(min_value=1, max_value=3), min_size=2, max_size=8),
    order=st.randoms(use_true_random=False),
)
def test_a_game_rates_each_player_the_same_whatever_their_seat(
    places: list[int], order: st.SearchStrategy[object]
) -> None:
    seats = [Seat(person=PEOPLE[i] if i < 6 else f"z{i}", place=p) for i, p in enumerate(places)]
    shuffled = list(seats)
    order.shuffle(shuffled)  # type: ignore[attr-defined]

    one = {c.person: c for c in rate_game(Game(1, "balut", tuple(seats)), {})}
    two = {c.person: c for c in rate_game(Game(1, "balut", tuple(shuffled)), {})}

    assert one == two
    for first in one.values():
        for second in one.values():
            if first.place == second.place:
                assert first.after == second.after

"""A late entry can make the next round's tables smaller than the played ones (8 players at
two tables of 4, then 9 at three of 3): the seat order still counts every seat played."""

from __future__ import annotations

from tournaments import draw


def test_a_ninth_player_after_a_round_of_two_tables_of_four_is_drawn_at_tables_of_three() -> None:
    played = [[[3, 2, 0, 4], [5, 6, 7, 1]]]

    result = draw.draw(
        list(range(9)), table_size=4, rounds=1, seed=7, history=played, standings=list(range(9))
    )

    (tables,) = result.rounds
    assert sorted(len(table) for table in tables) == [3, 3, 3]
    assert sorted(p for table in tables for p in table) == list(range(9))

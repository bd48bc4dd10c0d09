"""scoring.restored_ids: the ids of a sheet's first printing, kept through restores."""

from __future__ import annotations

from scoring import restored_ids


def test_a_game_never_renumbered_reads_its_own_ids() -> None:
    assert restored_ids.original_game({}, 12) == 12
    assert restored_ids.original({}, restored_ids.MEMBERS, 5) == 5


def test_a_restore_that_moved_the_rows_keeps_the_old_ids_by_the_new() -> None:
    kept = restored_ids.composed(
        {}, game=(12, 5012), moved={"members": {3: 703, 4: 4}, "corrections": {9: 909}}
    )

    assert kept == {"game": 12, "members": {"703": 3}, "corrections": {"909": 9}}
    assert restored_ids.original_game(kept, 5012) == 12
    assert restored_ids.original(kept, restored_ids.MEMBERS, 703) == 3
    assert restored_ids.original(kept, restored_ids.MEMBERS, 4) == 4


def test_a_second_restore_keeps_the_first_printings_ids() -> None:
    first = restored_ids.composed({}, game=(12, 5012), moved={"members": {3: 703}})

    second = restored_ids.composed(first, game=(5012, 9012), moved={"members": {703: 903}})

    assert second == {"game": 12, "members": {"903": 3}}


def test_a_restore_back_to_the_first_ids_keeps_nothing() -> None:
    first = restored_ids.composed({}, game=(12, 5012), moved={"members": {3: 703}})

    assert restored_ids.composed(first, game=(5012, 12), moved={"members": {703: 3}}) == {}

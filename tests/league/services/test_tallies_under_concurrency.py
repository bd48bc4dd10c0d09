"""Two games finishing at the same moment both add to the guests' row of a box: the second must
add to the row the first created, never fail on the row's uniqueness (it was a 503 at a club
night with 40 tablets)."""

from __future__ import annotations

import threading
from datetime import date

import pytest
from django.db import connection, transaction

from league.models import BoxTally, KindTally
from league.services import tallies
from league.services.tallies import SeatFigures, move_tallies
from tests.factories import the_club


def guest_filled_fours(score: int) -> SeatFigures:
    return SeatFigures(None, date(2026, 11, 1), score, False, 0, {"fours": [score]})


@pytest.mark.django_db
def test_a_game_booked_for_the_first_time_adds_to_the_guest_row_another_game_created() -> None:
    BoxTally.objects.create(
        club=the_club(), member=None, ruleset="balut", box="fours", filled=1, total=12, scratches=0
    )

    move_tallies("balut", [], [guest_filled_fours(16)], club_id=the_club().pk)

    row = BoxTally.objects.get(member=None, ruleset="balut", box="fours")
    assert (row.filled, row.total, row.scratches) == (2, 28, 0)


@pytest.mark.django_db
def test_a_correction_adds_to_a_guest_row_another_game_created_after_the_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    filled_fives = SeatFigures(None, date(2026, 11, 1), 15, False, 0, {"fives": [15]})
    move_tallies("balut", [], [filled_fives], club_id=the_club().pk)
    reads = []
    real_write_existing = tallies._write_existing

    def other_game_commits_after_the_first_read(*args: object, **kwargs: object) -> object:
        still_to_create = real_write_existing(*args, **kwargs)  # type: ignore[arg-type]
        reads.append(len(still_to_create))
        if len(reads) == 1:
            BoxTally.objects.create(
                club=the_club(),
                member=None,
                ruleset="balut",
                box="fours",
                filled=1,
                total=12,
                scratches=0,
            )
        return still_to_create

    monkeypatch.setattr(tallies, "_write_existing", other_game_commits_after_the_first_read)

    # The guest's 15 in Fives was a 16 in Fours.
    move_tallies("balut", [filled_fives], [guest_filled_fours(16)], club_id=the_club().pk)

    row = BoxTally.objects.get(member=None, ruleset="balut", box="fours")
    assert (row.filled, row.total, row.scratches) == (2, 28, 0)
    assert not BoxTally.objects.filter(box="fives").exists()
    assert reads == [1, 0]  # the insert failed once, then the row was locked and added to


# SQLite takes its write lock at BEGIN (IMMEDIATE), so its writers never overlap.
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_games_finishing_at_once_both_add_to_the_new_guest_row() -> None:
    first_written, second_started = threading.Event(), threading.Event()
    failures: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                move_tallies("balut", [], [guest_filled_fours(12)], club_id=the_club().pk)
                first_written.set()
                second_started.wait(timeout=10)
                # The second game's insert is now waiting on this row's uncommitted insert.
                threading.Event().wait(0.5)
        except BaseException as error:  # noqa: BLE001 - reported by the test below
            failures.append(error)
        finally:
            first_written.set()
            connection.close()

    def second() -> None:
        try:
            first_written.wait(timeout=10)
            second_started.set()
            with transaction.atomic():
                move_tallies("balut", [], [guest_filled_fours(16)], club_id=the_club().pk)
        except BaseException as error:  # noqa: BLE001 - reported by the test below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert failures == []
    row = BoxTally.objects.get(member=None, ruleset="balut", box="fours")
    assert (row.filled, row.total, row.scratches) == (2, 28, 0)
    # The club's count of the kind's games, created by the first, counts both.
    assert KindTally.objects.get(club=the_club(), ruleset="balut").games == 2

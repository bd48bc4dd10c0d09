"""Winning runs and box tallies: worked out again for a game's members whenever its results are
stored, so a late finish, a correction or a game no longer finished all leave them right."""

from __future__ import annotations

import datetime
from datetime import timedelta

import pytest
from django.db.models import Sum

from league.models import BoxTally, PlayerResultRow
from league.services.books import book_game
from league.services.figures import rebuild_all_figures
from league.services.runs import RunRow, winning_runs
from league.services.tallies import (
    BINS,
    BOXES,
    MONTHS,
    RIVALRIES,
    TALLIES,
    SeatFigures,
    game_changes,
)
from scoring.models import Game, GameStatus, Member
from tests.league.helpers import BAR_PLANS, correct_eli_to_beat_hal, play_bar
from tests.scoring.services.helpers import imported

pytestmark = pytest.mark.django_db


def row(game_id: int, member_id: int, won: bool) -> RunRow:
    return RunRow(
        pk=game_id * 10 + member_id,
        member_id=member_id,
        game_id=game_id,
        won=won,
        winning_run=0,
        run_started_id=None,
    )


def test_a_run_counts_a_members_wins_in_a_row_and_a_loss_ends_it() -> None:
    # Member 1's games in start order; games they did not play are not in their sequence.
    rows = [row(1, 1, True), row(2, 1, True), row(4, 1, True), row(5, 1, False), row(6, 1, True)]

    runs = [(r.game_id, run.length, run.started_game_id) for r, run in winning_runs(rows)]

    assert runs == [(1, 1, 1), (2, 2, 1), (4, 3, 1), (5, 0, None), (6, 1, 6)]


def test_one_members_run_does_not_carry_over_to_the_next_member() -> None:
    rows = [row(1, 1, True), row(2, 1, True), row(3, 2, True)]

    assert [run.length for _, run in winning_runs(rows)] == [1, 2, 1]


def ann_runs() -> list[tuple[int, int, int | None]]:
    return list(
        PlayerResultRow.objects.filter(member__known_as="Ann")
        .order_by("started_at", "game_id")
        .values_list("game_id", "winning_run", "run_started_id")
    )


def finished_bar(**plans: list[tuple[str, str]]) -> Game:
    game = play_bar(plans={**BAR_PLANS, **plans})
    book_game(game=game)
    return game


def test_each_stored_win_extends_the_run_from_its_first_game() -> None:
    first, second, third = finished_bar(), finished_bar(), finished_bar()

    assert ann_runs() == [
        (first.pk, 1, first.pk),
        (second.pk, 2, first.pk),
        (third.pk, 3, first.pk),
    ]


def test_a_lost_game_breaks_the_run_and_a_game_no_longer_finished_mends_it() -> None:
    first = finished_bar()
    lost = finished_bar(Ann=BAR_PLANS["Ben"], Ben=BAR_PLANS["Ann"])
    third = finished_bar()
    assert ann_runs() == [(first.pk, 1, first.pk), (lost.pk, 0, None), (third.pk, 1, third.pk)]

    Game.objects.filter(pk=lost.pk).update(status=GameStatus.IN_PROGRESS, finished_at=None)
    book_game(game=lost)

    assert ann_runs() == [(first.pk, 1, first.pk), (third.pk, 2, first.pk)]


def test_a_game_finished_late_takes_its_place_by_start_time() -> None:
    later = finished_bar()
    earlier = finished_bar(Ann=BAR_PLANS["Ben"], Ben=BAR_PLANS["Ann"])
    Game.objects.filter(pk=earlier.pk).update(started_at=later.started_at - timedelta(hours=1))
    earlier.refresh_from_db()

    book_game(game=earlier)

    assert ann_runs() == [(earlier.pk, 0, None), (later.pk, 1, later.pk)]


def test_a_correction_changes_the_guests_tally_by_the_new_score() -> None:
    # The bar example is imported without members: its seats are all guests (member empty).
    game = imported("bar-register")
    book_game(game=game)
    fours = BoxTally.objects.get(member=None, ruleset="bar", box="fours")

    correct_eli_to_beat_hal(game)
    book_game(game=game)

    after = BoxTally.objects.get(member=None, ruleset="bar", box="fours")
    assert after.filled == fours.filled
    assert after.total == fours.total + 20
    assert after.scratches <= fours.scratches


def test_each_members_tally_is_the_sum_of_their_stored_box_scores() -> None:
    finished_bar()
    finished_bar()
    ann = Member.objects.get(known_as="Ann")

    tallies = {t.box: t for t in BoxTally.objects.filter(member=ann, ruleset="bar")}

    assert tallies["fours"].filled == 2 and tallies["fours"].total == 40
    assert tallies["balut"].scratches == 0
    assert BoxTally.objects.filter(member=ann).aggregate(total=Sum("total"))["total"] == 2 * 162


def every_tally() -> list[tuple[str, object, object, tuple[int, ...]]]:
    """(model, member, what, counts) of every running sum, in a fixed order."""
    found = [
        (
            tally.model.__name__,
            *(getattr(row, name) for name in tally.keys),
            tuple(getattr(row, name) for name in tally.counts)
            + ((row.ruleset,) if tally.by_ruleset else ()),  # type: ignore[attr-defined]
        )
        for tally in TALLIES
        for row in tally.model._default_manager.all()
    ]
    return sorted(found, key=repr)


def tallies() -> list[tuple[str, object, object, tuple[int, ...]]]:
    return every_tally()


def test_a_rebuild_from_scratch_changes_nothing_the_services_kept() -> None:
    finished_bar()
    lost = finished_bar(Ann=BAR_PLANS["Ben"], Ben=BAR_PLANS["Ann"])
    finished_bar()
    corrected = imported("bar-register")
    book_game(game=corrected)
    correct_eli_to_beat_hal(corrected)
    book_game(game=corrected)
    Game.objects.filter(pk=lost.pk).update(status=GameStatus.IN_PROGRESS, finished_at=None)
    book_game(game=lost)
    runs, kept = ann_runs(), tallies()

    assert rebuild_all_figures() == 0
    assert ann_runs() == runs
    assert tallies() == kept


def test_a_game_gives_each_member_boxes_a_month_a_total_and_rivals() -> None:
    month = datetime.date(2026, 5, 1)
    ann = SeatFigures(1, month, 150, True, 1, {"fours": [20], "balut": [20]})
    guest = SeatFigures(None, month, 40, False, 0, {"fours": [0], "balut": [0]})
    ben = SeatFigures(2, month, 90, False, 0, {"fours": [12], "balut": [0]})

    changes = game_changes("bar", [ann, guest, ben])

    # The guest's boxes count for the club's averages; only members get months and rivals.
    assert changes[BOXES][(None, "fours")] == [1, 0, 1]
    assert changes[MONTHS] == {(1, month): [1, 1, 1, 150], (2, month): [1, 0, 0, 90]}
    assert changes[BINS] == {(1, 150): [1], (2, 75): [1]}
    assert changes[RIVALRIES] == {(1, 2): [1, 1, 0], (2, 1): [1, 0, 1]}


def test_tallies_lost_before_a_correction_are_added_up_again() -> None:
    game = imported("bar-register")
    book_game(game=game)
    kept = every_tally()
    BoxTally.objects.all().delete()

    correct_eli_to_beat_hal(game)
    book_game(game=game)

    after = {row[:3]: row for row in every_tally()}
    assert after.keys() == {row[:3] for row in kept}
    fours = after[("BoxTally", None, "fours")]
    assert fours[3][1] == next(r for r in kept if r[:3] == fours[:3])[3][1] + 20


def test_a_game_no_longer_finished_takes_its_boxes_off_the_tallies() -> None:
    game = finished_bar()
    ann = Member.objects.get(known_as="Ann")
    assert BoxTally.objects.filter(member=ann).exists()

    Game.objects.filter(pk=game.pk).update(status=GameStatus.IN_PROGRESS, finished_at=None)
    book_game(game=game)

    assert not BoxTally.objects.filter(member=ann).exists()

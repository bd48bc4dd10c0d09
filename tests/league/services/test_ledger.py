"""The ledger's service: a finished game's drinks booked exactly as the engine lists them,
settled or written off, and never lost when a correction changes them."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command

from league.models import DebtStatus, DrinkDebt
from league.services.books import book_game
from league.services.ledger import settle_debt, write_off_debt
from league.services.settings import update_club_settings
from scoring import rules
from scoring.models import Member
from scoring.services.records import import_game_record
from tests import golden
from tests.factories import the_club
from tests.league.helpers import correct_eli_to_beat_hal, play_bar
from tests.scoring.services.helpers import example, imported, member, secretary

pytestmark = pytest.mark.django_db

EXAMPLES_WITH_RESULTS = [path.stem for path in golden.valid_paths()]


def owed(debts: list[DrinkDebt]) -> list[tuple[str, str]]:
    return [(debt.debtor.name, debt.reason) for debt in debts]


def drinks_off(*, balut: bool = True, jackpot: bool = True) -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary("settings-keeper"),
        club_name="",
        drinks_in_balut=balut,
        drinks_in_jackpot=jackpot,
        register_bounds={"bar": rules.RegisterBounds(high=159, low=41)},
        default_options={},
    )


@pytest.mark.parametrize("name", EXAMPLES_WITH_RESULTS)
def test_the_debts_booked_are_the_drinks_score_game_reports(name: str) -> None:
    out = io.StringIO()
    call_command("score_game", str(golden.path_of(name)), stdout=out)
    reported = json.loads(out.getvalue())["drinks"]
    expected = golden.expected(name)
    assert [(d["player"], d["reason"]) for d in reported] == [
        (d["player"], d["reason"]) for d in expected["drinks"]
    ]
    game = imported(name)

    debts = book_game(game=game).debts

    assert [
        {
            "player": debt.debtor.name,
            "reason": debt.reason,
            "owed_to": debt.owed_to.split(", "),
            "turn": debt.turn,
        }
        for debt in debts
    ] == [{key: d.get(key) for key in ("player", "reason", "owed_to", "turn")} for d in reported]
    assert [debt.sequence for debt in debts] == list(range(len(debts)))
    assert all(debt.status == DebtStatus.OWED for debt in debts)


def test_a_member_at_the_table_owes_as_a_member_and_a_guest_by_name() -> None:
    cy = member("Cy")
    game = imported("balut-three-players")

    debts = book_game(game=game).debts

    assert {debt.debtor_member for debt in debts if debt.debtor.name == "Cy"} == {cy}
    assert {debt.debtor_member for debt in debts if debt.debtor.name == "Dee"} == {None}


def test_booking_again_books_nothing_new() -> None:
    game = imported("balut-three-players")
    first = book_game(game=game).debts

    again = book_game(game=game).debts

    assert [debt.pk for debt in again] == [debt.pk for debt in first]
    assert DrinkDebt.objects.count() == 4


def test_a_game_not_finished_books_nothing() -> None:
    game = play_bar(leave=1)

    assert book_game(game=game).debts == []
    assert not DrinkDebt.objects.exists()


def test_a_friendly_game_books_no_last_place_debt() -> None:
    data: dict[str, Any] = example("balut-three-players")
    data["friendly"] = True
    game = import_game_record(in_club=the_club(), data=data, imported_by=None)

    debts = book_game(game=game).debts

    assert "last_place" not in {debt.reason for debt in debts}
    assert owed(debts) == [
        ("Cy", "balut_from_cup"),
        ("Cy", "balut_from_cup"),
        ("Dee", "three_cocks"),
    ]


def test_drinks_switched_off_for_balut_book_no_debt_for_a_balut_game() -> None:
    drinks_off(balut=False)

    assert book_game(game=imported("balut-three-players")).debts == []
    assert owed(book_game(game=imported("jackpot-fives-bonus")).debts) == [("Ben", "last_place")]


def test_drinks_switched_off_for_jackpot_leave_bar_games_their_drinks() -> None:
    drinks_off(balut=False, jackpot=False)

    assert book_game(game=imported("jackpot-fives-bonus")).debts == []
    assert owed(book_game(game=imported("bar-register")).debts) == [("Eli", "last_place")]


def test_barbut_never_books_a_debt() -> None:
    assert book_game(game=imported("barbut4-with-6666")).debts == []


def test_the_member_who_owes_a_round_settles_it_and_the_ledger_keeps_when_and_who() -> None:
    ben = member("Ben")
    game = play_bar()
    (debt,) = book_game(game=game).debts
    assert debt.debtor_member == ben

    settled = settle_debt(debt=debt, by=ben.user)

    debt.refresh_from_db()
    assert (debt.status, debt.settled_by) == (DebtStatus.SETTLED, ben.user)
    assert debt.settled_at is not None and settled.settled_at == debt.settled_at
    assert DrinkDebt.objects.count() == 1


def test_the_secretary_settles_any_round_but_another_member_none() -> None:
    (debt,) = book_game(game=play_bar()).debts

    with pytest.raises(PermissionDenied):
        settle_debt(debt=debt, by=member("Zed").user)
    debt.refresh_from_db()
    assert debt.status == DebtStatus.OWED

    settle_debt(debt=debt, by=secretary())
    debt.refresh_from_db()
    assert debt.status == DebtStatus.SETTLED


def test_a_round_is_settled_once() -> None:
    (debt,) = book_game(game=play_bar()).debts
    settle_debt(debt=debt, by=secretary())

    with pytest.raises(ValidationError, match="already settled"):
        settle_debt(debt=debt, by=secretary("another"))
    with pytest.raises(ValidationError, match="already settled"):
        write_off_debt(debt=debt, by=secretary("third"), reason="gone")


def test_writing_off_needs_the_secretary_and_a_reason_and_keeps_the_debt() -> None:
    (debt,) = book_game(game=play_bar()).debts
    boss = secretary()

    with pytest.raises(PermissionDenied):
        write_off_debt(debt=debt, by=Member.objects.get(known_as="Ben").user, reason="I'm broke")
    with pytest.raises(ValidationError, match="Say why"):
        write_off_debt(debt=debt, by=boss, reason=" ")
    write_off_debt(debt=debt, by=boss, reason="Ben's birthday")

    debt.refresh_from_db()
    assert (debt.status, debt.write_off_reason, debt.settled_by) == (
        DebtStatus.WRITTEN_OFF,
        "Ben's birthday",
        boss,
    )
    assert DrinkDebt.objects.count() == 1


def test_after_a_correction_an_owed_debt_no_longer_held_is_voided_and_the_new_one_booked() -> None:
    game = imported("bar-register")
    (eli,) = book_game(game=game).debts
    correct_eli_to_beat_hal(game)

    debts = book_game(game=game).debts

    assert owed(debts) == [("Hal", "last_place")]
    assert debts[0].sequence == 1
    eli.refresh_from_db()
    assert eli.status == DebtStatus.VOIDED and eli.voided_at is not None
    assert DrinkDebt.objects.count() == 2


def test_after_a_correction_a_settled_debt_stays_settled() -> None:
    game = imported("bar-register")
    (eli,) = book_game(game=game).debts
    settle_debt(debt=eli, by=secretary())
    correct_eli_to_beat_hal(game)

    book_game(game=game)

    eli.refresh_from_db()
    assert eli.status == DebtStatus.SETTLED
    standing = DrinkDebt.objects.exclude(status=DebtStatus.VOIDED).order_by("sequence")
    assert [(d.debtor.name, d.status, d.sequence) for d in standing] == [
        ("Eli", "settled", 0),
        ("Hal", "owed", 1),
    ]

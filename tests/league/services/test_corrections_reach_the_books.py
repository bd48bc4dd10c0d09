"""A correction of a finished game re-books its results and drinks in its own transaction; a
round already bought that no longer holds is flagged for the secretary, and a register claim or
entry whose score the correction changes goes back to the secretary with the correction shown."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.checks import inconsistent_game_count
from league.models import ClaimStatus, DebtStatus, DrinkDebt, PlayerResultRow, RegisterEntry
from league.selectors import highest_to_date, pending_claims
from league.services.ledger import settle_debt
from league.services.register import open_claims, ratify_claim, reject_claim
from scoring.models import Correction, Game
from scoring.services.corrections import correct_turn
from tests.factories import the_club
from tests.league.helpers import BAR_PLANS, correct_eli_to_beat_hal, play_bar
from tests.scoring.services.helpers import imported, secretary

pytestmark = pytest.mark.django_db


# Ann plays her choice (55541, 20 points) in the last round, so correcting it changes no
# round's order: 162 as planned.
ANN_CHOICE_LAST = {
    **BAR_PLANS,
    "Ann": [*BAR_PLANS["Ann"][:5], BAR_PLANS["Ann"][6], BAR_PLANS["Ann"][5]],
}


def correct_anns_choice(game: Game, dice: list[int]) -> Correction:
    turn = game.turns.get(player__name="Ann", box="choice")
    return correct_turn(
        game=game,
        number=turn.number,
        turn_record={"box": "choice", "dice": dice},
        reason="Read the fifth die wrong",
        corrected_by=secretary("corrector"),
    )


def test_a_correction_rewrites_the_stored_results_in_its_transaction() -> None:
    game = imported("bar-register")

    correct_eli_to_beat_hal(game)

    last = PlayerResultRow.objects.get(game=game, last=True)
    assert last.player.name == "Hal"
    assert PlayerResultRow.objects.get(game=game, player__name="Eli").score == 34
    assert inconsistent_game_count() == 0


def test_a_bought_round_that_no_longer_holds_is_flagged_for_the_secretary_not_deleted(
    client: Client,
) -> None:
    game = imported("bar-register")
    eli = DrinkDebt.objects.get(game=game)
    boss = secretary()
    settle_debt(debt=eli, by=boss)

    correct_eli_to_beat_hal(game)

    eli.refresh_from_db()
    assert eli.status == DebtStatus.SETTLED
    assert eli.no_longer_holds_since is not None
    owed = DrinkDebt.objects.filter(status=DebtStatus.OWED)
    assert [(d.debtor.name, d.reason) for d in owed] == [("Hal", "last_place")]
    assert inconsistent_game_count() == 0
    client.force_login(boss)
    html = client.get(reverse("league:ledger")).content.decode()
    row = html[html.index(f'data-debt="{eli.pk}"') :].split("</tr>")[0]
    assert "data-no-longer-holds" in row and "this round is not owed" in row


def test_an_owed_round_that_no_longer_holds_is_voided() -> None:
    game = imported("bar-register")
    eli = DrinkDebt.objects.get(game=game)

    correct_eli_to_beat_hal(game)

    eli.refresh_from_db()
    assert (eli.status, eli.no_longer_holds_since) == (DebtStatus.VOIDED, None)


def test_a_ratified_record_whose_score_a_correction_changes_leaves_the_register_and_is_reopened(
    client: Client,
) -> None:
    game = play_bar(plans=ANN_CHOICE_LAST)
    ann, _ = open_claims(game=game)
    boss = secretary()
    entry = ratify_claim(claim=ann, by=boss)

    correction = correct_anns_choice(game, [5, 5, 5, 4, 4])  # 23 points: 165

    ann.refresh_from_db()
    assert (ann.status, ann.score, ann.score_before) == (ClaimStatus.PENDING, 165, 162)
    assert ann.reopened_by == correction
    assert ann.decided_by is None and ann.decided_at is None
    entry.refresh_from_db()
    assert entry.withdrawn_at is not None and entry.score == 162
    assert highest_to_date(the_club()) == []
    assert ann in pending_claims(the_club())
    assert inconsistent_game_count() == 0
    client.force_login(boss)
    html = client.get(reverse("league:register")).content.decode()
    reopened = html[html.index(f'data-reopened="{ann.pk}"') :].split("</div>")[0]
    assert "turn" in reopened and "Read the fifth die wrong" in reopened and "162" in reopened

    again = ratify_claim(claim=ann, by=boss)

    assert again.pk == entry.pk
    assert (again.score, again.withdrawn_at) == (165, None)
    assert [(best.player_name, best.score) for best in highest_to_date(the_club())] == [
        ("Ann", 165)
    ]
    assert RegisterEntry.objects.count() == 1


def test_a_record_a_correction_takes_below_the_bound_goes_back_to_the_secretary() -> None:
    game = play_bar(plans=ANN_CHOICE_LAST)
    ann, _ = open_claims(game=game)
    ratify_claim(claim=ann, by=secretary())

    correct_anns_choice(game, [1, 1, 1, 1, 2])  # 6 points: 148, no longer a record

    ann.refresh_from_db()
    assert (ann.status, ann.score, ann.score_before) == (ClaimStatus.PENDING, 148, 162)
    assert "no longer a candidate" in ann.note
    assert not RegisterEntry.objects.filter(withdrawn_at__isnull=True).exists()


def test_a_pending_claim_takes_the_corrected_score_and_a_rejected_one_that_changes_reopens() -> (
    None
):
    game = play_bar(plans=ANN_CHOICE_LAST)
    ann, ben = open_claims(game=game)
    reject_claim(claim=ben, by=secretary(), note="Dice left the table")

    correct_anns_choice(game, [5, 5, 5, 4, 4])

    ann.refresh_from_db()
    ben.refresh_from_db()
    assert (ann.status, ann.score, ann.score_before) == (ClaimStatus.PENDING, 165, 162)
    assert (ben.status, ben.score) == (ClaimStatus.REJECTED, 38)  # Ben's score did not change


def test_a_correction_that_changes_no_claimed_score_leaves_the_claims_alone() -> None:
    game = play_bar()
    ann, ben = open_claims(game=game)
    entry = ratify_claim(claim=ann, by=secretary())
    cy = game.turns.get(player__name="Cy", box="balut")

    correct_turn(
        game=game,
        number=cy.number,
        turn_record={"box": "balut", "dice": [1, 2, 3, 4, 5]},  # still no Balut
        reason="Misread",
        corrected_by=secretary("corrector"),
    )

    entry.refresh_from_db()
    ann.refresh_from_db()
    assert entry.withdrawn_at is None and ann.status == ClaimStatus.RATIFIED
    assert ann.reopened_by is None

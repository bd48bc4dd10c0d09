"""Taking decisions back: each undo changes what it says, needs a reason, is the secretary's
alone, deletes nothing, and leaves exactly one line in the audit log with before and after."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from league.club_record import club_extremes
from league.models import (
    AuditAction,
    AuditEntry,
    ClaimStatus,
    DebtStatus,
    DrinkDebt,
    PlayerResultRow,
    RegisterClaim,
    RegisterEntry,
)
from league.services.books import book_game
from league.services.ledger import reopen_debt, settle_debt, write_off_debt
from league.services.register import (
    attest_game,
    enter_historic_record,
    open_claims,
    ratify_claim,
    reject_claim,
)
from league.services.undo import (
    edit_historic_entry,
    remove_register_entry,
    reopen_claim,
    restore_register_entry,
)
from scoring.models import Game
from scoring.services.games import void_game
from scoring.services.turns import record_turn
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss() -> User:
    return secretary()


@pytest.fixture
def bar_game() -> Game:
    """The finished bar game of three, booked as the tablet books it, its claims open."""
    game = play_bar()
    book_game(game=game)
    open_claims(game=game)
    return game


def only_log(action: AuditAction) -> AuditEntry:
    entries = list(AuditEntry.objects.filter(action=action))
    assert len(entries) == 1, entries
    return entries[0]


def high_claim(game: Game) -> RegisterClaim:
    return RegisterClaim.objects.get(game=game, kind="high")


def historic(boss: User, score: int = 171) -> RegisterEntry:
    return enter_historic_record(
        in_club=the_club(),
        date=datetime.date(1985, 6, 1),
        player_name="Old Tom",
        member=None,
        score=score,
        kind="high",
        ruleset="bar",
        scan=None,
        note="From the 1985 book",
        by=boss,
    )


def void(game: Game, by: User, reason: str = "Entered twice") -> Game:
    # The void books itself, in its own transaction, through scoring's hook.
    return void_game(game=game, by=by, reason=reason)


def test_secretary_reopens_a_ratified_claim_and_its_line_leaves_the_register(
    boss: User, bar_game: Game
) -> None:
    entry = ratify_claim(claim=high_claim(bar_game), by=boss)

    claim = reopen_claim(claim=high_claim(bar_game), by=boss, reason="Ratified too soon")

    assert claim.status == ClaimStatus.PENDING and claim.decided_at is None
    entry.refresh_from_db()
    assert entry.removed_at is not None and "Ratified too soon" in entry.removal_reason
    assert RegisterEntry.objects.filter(pk=entry.pk).exists()
    log = only_log(AuditAction.CLAIM_REOPENED)
    assert (log.by, log.reason) == (boss, "Ratified too soon")
    assert log.before["status"] == "ratified" and log.before["entry"] == entry.pk
    assert log.after["status"] == "pending"
    assert (log.object_type, log.object_id) == ("registerclaim", claim.pk)


def test_a_reopened_claim_ratified_again_brings_the_same_line_back(
    boss: User, bar_game: Game
) -> None:
    entry = ratify_claim(claim=high_claim(bar_game), by=boss)
    reopen_claim(claim=high_claim(bar_game), by=boss, reason="Check the sheet")

    again = ratify_claim(claim=high_claim(bar_game), by=boss, note="Checked")

    assert again.pk == entry.pk and again.removed_at is None and again.removal_reason == ""
    assert RegisterEntry.objects.filter(claim__game=bar_game).count() == 1
    assert AuditEntry.objects.filter(action=AuditAction.CLAIM_RATIFIED).count() == 2


def test_secretary_reopens_a_rejected_claim(boss: User, bar_game: Game) -> None:
    reject_claim(claim=high_claim(bar_game), by=boss, note="Dice were cocked")

    reopen_claim(claim=high_claim(bar_game), by=boss, reason="The dice were fine")

    assert high_claim(bar_game).status == ClaimStatus.PENDING
    log = only_log(AuditAction.CLAIM_REOPENED)
    assert log.before["status"] == "rejected" and log.before["note"] == "Dice were cocked"


def test_reopening_needs_a_reason_the_secretary_and_a_decided_claim(
    boss: User, bar_game: Game
) -> None:
    ratify_claim(claim=high_claim(bar_game), by=boss)
    with pytest.raises(ValidationError):
        reopen_claim(claim=high_claim(bar_game), by=boss, reason="  ")
    with pytest.raises(PermissionDenied):
        reopen_claim(claim=high_claim(bar_game), by=member("Zed").user, reason="Mine")
    pending = RegisterClaim.objects.get(game=bar_game, kind="low")
    with pytest.raises(ValidationError):
        reopen_claim(claim=pending, by=boss, reason="Why not")

    assert high_claim(bar_game).status == ClaimStatus.RATIFIED
    assert not AuditEntry.objects.filter(action=AuditAction.CLAIM_REOPENED).exists()


@pytest.mark.parametrize("closed", [DebtStatus.SETTLED, DebtStatus.WRITTEN_OFF])
def test_secretary_owes_a_closed_round_again(boss: User, bar_game: Game, closed: str) -> None:
    debt = DrinkDebt.objects.filter(game=bar_game).first()
    assert debt is not None
    if closed == DebtStatus.SETTLED:
        settle_debt(debt=debt, by=boss)
    else:
        write_off_debt(debt=debt, by=boss, reason="Birthday")

    reopen_debt(debt=debt, by=boss, reason="Nobody bought it")

    debt.refresh_from_db()
    assert (debt.status, debt.settled_at, debt.settled_by, debt.write_off_reason) == (
        DebtStatus.OWED,
        None,
        None,
        "",
    )
    log = only_log(AuditAction.DEBT_REOPENED)
    assert log.before["status"] == closed and log.before["settled_by"] == boss.pk
    assert log.after == {
        "status": "owed",
        "settled_by": None,
        "settled_at": None,
        "write_off_reason": "",
    }
    assert log.reason == "Nobody bought it"


def test_an_owed_round_is_not_reopened_and_a_member_cannot(boss: User, bar_game: Game) -> None:
    debt = DrinkDebt.objects.filter(game=bar_game).first()
    assert debt is not None
    with pytest.raises(ValidationError):
        reopen_debt(debt=debt, by=boss, reason="Again")
    settle_debt(debt=debt, by=boss)
    with pytest.raises(PermissionDenied):
        reopen_debt(debt=debt, by=member("Zed").user, reason="Again")
    debt.refresh_from_db()
    assert debt.status == DebtStatus.SETTLED


def test_a_void_game_leaves_standings_records_ledger_and_register_and_stays_readable(
    boss: User, bar_game: Game
) -> None:
    ratify_claim(claim=high_claim(bar_game), by=boss)
    debts = list(DrinkDebt.objects.filter(game=bar_game).order_by("pk"))
    settle_debt(debt=debts[0], by=boss)
    assert PlayerResultRow.objects.filter(game=bar_game).exists()
    assert club_extremes(the_club(), "bar")[0].highest.game_id == bar_game.pk

    game = void(bar_game, boss)

    assert Game.objects.filter(pk=game.pk).exists() and game.turns.count() == 21
    assert (game.is_void, game.void_reason, game.voided_by) == (True, "Entered twice", boss)
    assert not PlayerResultRow.objects.filter(game=game).exists()
    assert club_extremes(the_club(), "bar") == []
    statuses = dict(DrinkDebt.objects.filter(game=game).values_list("pk", "status"))
    # The round already bought stays as bought; the others no longer hold.
    assert statuses[debts[0].pk] == DebtStatus.SETTLED
    assert all(statuses[debt.pk] == DebtStatus.VOIDED for debt in debts[1:])
    entry = RegisterEntry.objects.get(game=game)
    assert entry.removed_at is not None and "Entered twice" in entry.removal_reason
    low = RegisterClaim.objects.get(game=game, kind="low")
    assert low.status == ClaimStatus.REJECTED and "void" in low.note
    log = only_log(AuditAction.GAME_VOIDED)
    assert log.reason == "Entered twice" and log.after["entries_removed"] == [entry.pk]
    assert log.after["claims_withdrawn"] == [low.pk]


def test_a_void_game_takes_no_more_turns_and_no_second_void(boss: User) -> None:
    game = play_bar(leave=1)
    void_game(game=game, by=boss, reason="Abandoned at closing time")

    with pytest.raises(ValidationError, match="void"):
        record_turn(
            game=game,
            turn_record={"player": "Cy", "box": "balut", "dice": [1, 2, 3, 4, 6]},
            recorded_by=boss,
            request_key=uuid.uuid4(),
            expected_number=20,
        )
    with pytest.raises(ValidationError):
        void_game(game=game, by=boss, reason="Again")
    with pytest.raises(ValidationError):
        void_game(game=play_bar(("Ann", "Ben")), by=boss, reason=" ")
    with pytest.raises(PermissionDenied):
        void_game(game=game, by=member("Zed").user, reason="Mine")


def test_secretary_edits_a_historic_entry_and_the_log_keeps_before_and_after(
    boss: User,
) -> None:
    entry = historic(boss, 171)

    edit_historic_entry(
        entry=entry,
        by=boss,
        reason="Misread the 1 for a 7",
        date=entry.date,
        player_name="Old Tom",
        member=None,
        score=177,
        kind="high",
        ruleset="bar",
        note="From the 1985 book",
    )

    entry.refresh_from_db()
    assert entry.score == 177
    log = only_log(AuditAction.ENTRY_EDITED)
    assert (log.before, log.after, log.reason) == (
        {"score": 171},
        {"score": 177},
        "Misread the 1 for a 7",
    )


def test_an_edit_that_changes_nothing_or_a_game_entry_is_refused(
    boss: User, bar_game: Game
) -> None:
    entry = historic(boss)

    def edit(target: RegisterEntry, score: int) -> None:
        edit_historic_entry(
            entry=target,
            by=boss,
            reason="Tidy",
            date=entry.date,
            player_name=entry.player_name,
            member=None,
            score=score,
            kind=entry.kind,
            ruleset=entry.ruleset,
            note=entry.note,
        )

    with pytest.raises(ValidationError):
        edit(entry, entry.score)
    game_entry = ratify_claim(claim=high_claim(bar_game), by=boss)
    with pytest.raises(ValidationError, match="reopen the claim"):
        edit(game_entry, 5)
    assert not AuditEntry.objects.filter(action=AuditAction.ENTRY_EDITED).exists()


def test_a_removed_entry_is_marked_never_deleted_and_can_be_restored(boss: User) -> None:
    entry = historic(boss, 171)
    assert club_extremes(the_club(), "bar")[0].highest.score == 171

    remove_register_entry(entry=entry, by=boss, reason="Not a club game")

    entry.refresh_from_db()
    assert entry.removed_at is not None and entry.removal_reason == "Not a club game"
    assert club_extremes(the_club(), "bar") == []
    assert only_log(AuditAction.ENTRY_REMOVED).reason == "Not a club game"

    restore_register_entry(entry=entry, by=boss, reason="It was, after all")

    entry.refresh_from_db()
    assert entry.removed_at is None and club_extremes(the_club(), "bar")[0].highest.score == 171
    assert only_log(AuditAction.ENTRY_RESTORED).before["removal_reason"] == "Not a club game"


def test_secretary_attests_an_imported_game_and_its_claims_open(boss: User) -> None:
    game = play_bar()
    Game.objects.filter(pk=game.pk).update(imported=True)
    game.refresh_from_db()
    book_game(game=game)

    claims = attest_game(game=game, by=boss, reason="The 1990s sheet, players gone")

    assert {(claim.score, claim.kind) for claim in claims} == {
        (claim.score, claim.kind) for claim in RegisterClaim.objects.filter(game=game)
    }
    assert len(claims) == 2
    log = only_log(AuditAction.GAME_ATTESTED)
    assert log.after == {"claims": [claim.pk for claim in claims]}
    with pytest.raises(ValidationError):
        attest_game(game=game, by=boss, reason="Twice")


def test_a_game_played_here_is_signed_not_attested(boss: User) -> None:
    game = play_bar()
    with pytest.raises(ValidationError, match="imported"):
        attest_game(game=game, by=boss, reason="Quicker")
    assert not RegisterClaim.objects.filter(game=game).exists()

"""The drinks ledger (house rules of 2007): the rounds a finished game leaves owing.

The debts are exactly the drinks of the rules engine's result for the game, computed with the
club's house rules (so drinks switched off for a game are not booked, and 4-Dice Barbut never
books any). Nothing is ever deleted: a debt is settled, written off, or voided when a
correction means it no longer holds.

Booking follows every change of a game's result inside the change's own transaction
(league.services.books, through scoring.club's hook): the turn that finishes it, an import, a
correction. It is idempotent.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from league.models import AuditAction, DebtStatus, DrinkDebt
from league.services import audit
from league.services.statements import insert_new, read_rows, select_rows
from scoring import rules
from scoring.access.roles import is_secretary
from scoring.club import PlayedGame
from scoring.models import Game, GamePlayer
from scoring.transactions import require_transaction

# What makes two debts the same debt, whatever their place in the list: who, why, which turn.
DebtKey = tuple[int, str, int | None]


def book_debts(*, loaded: PlayedGame, drinks: Sequence[rules.Drink]) -> list[DrinkDebt]:
    """The game's standing debts for `drinks` (its result's, with the house rules; none unless
    it is finished), in their order. The caller holds the game's lock and its transaction.

    Debts already booked that still hold are kept as they are (settled ones too); those that
    no longer hold after a correction are voided if still owed, and flagged for the secretary
    if already settled or written off (that round was bought, or forgiven: the secretary
    decides, nothing is deleted); new ones are booked.
    """
    require_transaction("book_debts", within="the change's transaction")
    game = loaded.game
    # Voided debts too, in one read: they keep their sequence numbers, which are never reused.
    # Its SQL written once a process (league.services.statements): the finishing turn reads it.
    booked = read_rows(DrinkDebt, select_rows(DrinkDebt, ("game_id",), ("sequence",)), [game.pk])
    # Their debtors are the game's seats, already loaded: not joined again.
    seats = {player.pk: player for player in loaded.players}
    standing: dict[DebtKey, list[DrinkDebt]] = defaultdict(list)
    for debt in booked:
        if debt.debtor_id in seats:
            debt.debtor = seats[debt.debtor_id]
        if debt.status != DebtStatus.VOIDED:
            standing[(debt.debtor.seat, debt.reason, debt.turn)].append(debt)
    next_sequence = booked[-1].sequence + 1 if booked else 0
    debts: list[DrinkDebt] = []
    new: list[DrinkDebt] = []
    for drink in drinks:
        matches = standing[(drink.seat, drink.reason, drink.turn)]
        if matches:
            debts.append(matches.pop(0))
            continue
        debt = debt_row(game, loaded.players[drink.seat], drink, next_sequence + len(new))
        new.append(debt)
        debts.append(debt)
    _no_longer_held([debt for left in standing.values() for debt in left])
    _still_held([debt for debt in debts if debt.pk is not None and debt.no_longer_holds_since])
    # Fields checked here; the links (just loaded), uniqueness and the check constraints are the
    # database's to enforce: re-checked in Python they cost a query each on the last turn.
    for debt in new:
        debt.full_clean(
            exclude=["game", "debtor", "debtor_member", "settled_by"],
            validate_unique=False,
            validate_constraints=False,
        )
    insert_new(DrinkDebt, new)
    return debts


def debt_row(game: Game, player: GamePlayer, drink: rules.Drink, sequence: int) -> DrinkDebt:
    """An unsaved, owed debt for one of the engine's drinks; no query (a synthetic history
    books thousands of games' debts in bulk with it)."""
    return DrinkDebt(
        game=game,
        debtor=player,
        debtor_member=player.member,
        reason=drink.reason,
        owed_to=", ".join(drink.owed_to),
        turn=drink.turn,
        sequence=sequence,
    )


def _no_longer_held(debts: list[DrinkDebt]) -> None:
    """An owed debt is voided; a settled or written-off one is flagged for the secretary."""
    now = timezone.now()
    owed = [debt for debt in debts if debt.status == DebtStatus.OWED]
    for debt in owed:
        debt.status, debt.voided_at = DebtStatus.VOIDED, now
        debt.full_clean()
    DrinkDebt.objects.bulk_update(owed, ["status", "voided_at"])
    closed = [
        debt
        for debt in debts
        if debt.status != DebtStatus.VOIDED and not debt.no_longer_holds_since
    ]
    for debt in closed:
        debt.no_longer_holds_since = now
    DrinkDebt.objects.bulk_update(closed, ["no_longer_holds_since"])


def _still_held(debts: list[DrinkDebt]) -> None:
    """A flagged debt that holds again (a correction undone): the flag goes."""
    for debt in debts:
        debt.no_longer_holds_since = None
    DrinkDebt.objects.bulk_update(debts, ["no_longer_holds_since"])


def may_settle(user: User, debt: DrinkDebt) -> bool:
    """The secretary, or the member who owes the round."""
    if is_secretary(user, debt.game.club_id):
        return True
    member = getattr(user, "member", None)
    return member is not None and debt.debtor_member_id == member.pk


def _owed(debt: DrinkDebt) -> DrinkDebt:
    debt = DrinkDebt.objects.select_for_update().select_related("debtor").get(pk=debt.pk)
    if debt.status != DebtStatus.OWED:
        raise ValidationError(
            gettext("This round is already %(status)s: nothing changed.")
            % {"status": debt.get_status_display().lower()}
        )
    return debt


@transaction.atomic
def settle_debt(*, debt: DrinkDebt, by: User) -> DrinkDebt:
    """The round was bought: by the secretary, or by the member who owed it."""
    if not may_settle(by, debt):
        raise PermissionDenied(
            gettext("Only the secretary or the member who owes the round settles it.")
        )
    debt = _owed(debt)
    debt.status, debt.settled_by, debt.settled_at = DebtStatus.SETTLED, by, timezone.now()
    debt.full_clean()
    debt.save(update_fields=["status", "settled_by", "settled_at"])
    audit.record(
        by=by,
        action=AuditAction.DEBT_SETTLED,
        target=debt,
        before={"status": DebtStatus.OWED},
        after={"status": debt.status},
    )
    return debt


@transaction.atomic
def write_off_debt(*, debt: DrinkDebt, by: User, reason: str) -> DrinkDebt:
    """Forgiven by the secretary, who says why; the debt stays in the ledger as written off."""
    if not is_secretary(by, debt.game.club_id):
        raise PermissionDenied(gettext("Only the secretary writes off a round."))
    if not reason.strip():
        raise ValidationError({"write_off_reason": gettext("Say why the round is written off.")})
    debt = _owed(debt)
    debt.status, debt.settled_by, debt.settled_at = DebtStatus.WRITTEN_OFF, by, timezone.now()
    debt.write_off_reason = reason.strip()
    debt.full_clean()
    debt.save(update_fields=["status", "settled_by", "settled_at", "write_off_reason"])
    audit.record(
        by=by,
        action=AuditAction.DEBT_WRITTEN_OFF,
        target=debt,
        before={"status": DebtStatus.OWED},
        after={"status": debt.status},
        reason=debt.write_off_reason,
    )
    return debt


CLOSED = ("status", "settled_by", "settled_at", "write_off_reason")
# The ledger offers Undo for 10 seconds after a settle; the server takes it a little longer, so
# a tap at the last moment on a slow connection still counts.
SETTLE_UNDO_SECONDS = 10
SETTLE_UNDO_WINDOW = timedelta(seconds=SETTLE_UNDO_SECONDS + 5)


def settle_undoable(debt: DrinkDebt, by: User) -> bool:
    """Whether `by` may still undo the settle of `debt` with no reason: they settled it, a
    moment ago."""
    return (
        debt.status == DebtStatus.SETTLED
        and debt.settled_by_id == by.pk
        and debt.settled_at is not None
        and timezone.now() - debt.settled_at <= SETTLE_UNDO_WINDOW
    )


@transaction.atomic
def undo_settle(*, debt: DrinkDebt, by: User) -> DrinkDebt:
    """A round settled by a slip of the finger is owed again, no reason asked: only by whoever
    settled it and only just after (SETTLE_UNDO_WINDOW). Later, the secretary reopens it with a
    reason (reopen_debt). Logged as a round owed again, with the reason it was undone."""
    debt = DrinkDebt.objects.select_for_update().select_related("game").get(pk=debt.pk)
    if debt.status == DebtStatus.SETTLED and debt.settled_by_id != by.pk:
        raise PermissionDenied(gettext("Only whoever settled the round undoes it."))
    if not settle_undoable(debt, by):
        raise ValidationError(
            gettext(
                "Too late to undo: the round was settled more than a few seconds ago, "
                "or is no longer settled. The secretary can make it owed again with a reason."
            )
        )
    return _owed_again(debt, by=by, reason=gettext("Settle undone at once with Undo."))


@transaction.atomic
def reopen_debt(*, debt: DrinkDebt, by: User, reason: str) -> DrinkDebt:
    """A round settled or written off by mistake is owed again; the log keeps who closed it."""
    if not is_secretary(by, debt.game.club_id):
        raise PermissionDenied(gettext("Only the secretary reopens a round."))
    if not reason.strip():
        raise ValidationError({"reason": gettext("Say why the round is owed again.")})
    debt = DrinkDebt.objects.select_for_update().select_related("game").get(pk=debt.pk)
    if debt.status not in (DebtStatus.SETTLED, DebtStatus.WRITTEN_OFF):
        raise ValidationError(
            gettext("Only a settled or written-off round is reopened; this one is %(status)s.")
            % {"status": debt.get_status_display().lower()}
        )
    return _owed_again(debt, by=by, reason=reason)


def _owed_again(debt: DrinkDebt, *, by: User, reason: str) -> DrinkDebt:
    """The closed `debt` (locked, with its game) owed again, logged with `reason`."""
    if debt.game.is_void:
        raise ValidationError(gettext("The game is void: its rounds are not owed again."))
    before = audit.snapshot(debt, CLOSED)
    debt.status, debt.settled_by, debt.settled_at = DebtStatus.OWED, None, None
    debt.write_off_reason = ""
    debt.full_clean()
    debt.save(update_fields=list(CLOSED))
    audit.record(
        by=by,
        action=AuditAction.DEBT_REOPENED,
        target=debt,
        before=before,
        after=audit.snapshot(debt, CLOSED),
        reason=reason,
    )
    return debt

"""Settle shows Undo for a few seconds: whoever settled a round takes it back with no reason,
just after; later, only the secretary reopens it, saying why."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import AuditAction, AuditEntry, DebtStatus, DrinkDebt
from league.services.ledger import SETTLE_UNDO_WINDOW, settle_debt, undo_settle
from tests.league.views.test_ledger import ben, ben_owes, settle
from tests.scoring.services.helpers import secretary

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

__all__ = ["ben_owes"]  # the fixture, used by name

LEDGER = reverse("league:ledger")


def undo(client: Client, debt: DrinkDebt) -> Response:
    return client.post(reverse("league:undo_settle", args=[debt.pk]), follow=True)


def settled_long_ago(debt: DrinkDebt) -> None:
    moment = timezone.now() - SETTLE_UNDO_WINDOW - datetime.timedelta(seconds=1)
    DrinkDebt.objects.filter(pk=debt.pk).update(settled_at=moment)


def test_whoever_settled_undoes_it_at_once_with_no_reason_and_the_log_keeps_it(
    ben_owes: DrinkDebt,
) -> None:
    clerk = secretary()
    settle_debt(debt=ben_owes, by=clerk)

    undo_settle(debt=ben_owes, by=clerk)

    ben_owes.refresh_from_db()
    assert (ben_owes.status, ben_owes.settled_by, ben_owes.settled_at) == (
        DebtStatus.OWED,
        None,
        None,
    )
    entry = AuditEntry.objects.filter(action=AuditAction.DEBT_REOPENED).get()
    assert (entry.by, entry.reason) == (clerk, "Settle undone at once with Undo.")
    assert entry.before["status"] == DebtStatus.SETTLED


def test_undo_is_refused_once_the_moment_has_passed(ben_owes: DrinkDebt) -> None:
    clerk = secretary()
    settle_debt(debt=ben_owes, by=clerk)
    settled_long_ago(ben_owes)

    with pytest.raises(ValidationError, match="Too late to undo"):
        undo_settle(debt=ben_owes, by=clerk)

    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.SETTLED
    assert not AuditEntry.objects.filter(action=AuditAction.DEBT_REOPENED).exists()


def test_undo_by_another_user_is_refused(ben_owes: DrinkDebt) -> None:
    settle_debt(debt=ben_owes, by=secretary())
    debtor = ben_owes.debtor_member
    assert debtor is not None and debtor.user is not None

    with pytest.raises(PermissionDenied):
        undo_settle(debt=ben_owes, by=debtor.user)

    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.SETTLED


def test_a_round_never_settled_or_written_off_is_not_undone(ben_owes: DrinkDebt) -> None:
    with pytest.raises(ValidationError, match="Too late to undo"):
        undo_settle(debt=ben_owes, by=secretary())

    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED


def test_the_ledger_offers_undo_once_after_a_settle_and_undo_makes_the_round_owed_again(
    client: Client, ben_owes: DrinkDebt
) -> None:
    client.force_login(secretary())
    undo_url = reverse("league:undo_settle", args=[ben_owes.pk])

    after = settle(client, ben_owes)
    shown = client.get(after["Location"]).content.decode()
    again = client.get(LEDGER).content.decode()

    assert 'id="settle-undo"' in shown and f'action="{undo_url}"' in shown
    assert "Ben's round: settled." in shown
    assert 'id="settle-undo"' not in again
    response = undo(client, ben_owes)
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED
    assert "is owed again." in response.content.decode()


def test_the_ledger_offers_no_undo_once_the_moment_has_passed(
    client: Client, ben_owes: DrinkDebt
) -> None:
    client.force_login(secretary())
    settle(client, ben_owes)
    settled_long_ago(ben_owes)

    html = client.get(LEDGER).content.decode()

    assert 'id="settle-undo"' not in html


def test_a_late_undo_on_the_page_is_refused_with_a_message_and_nothing_changes(
    client: Client, ben_owes: DrinkDebt
) -> None:
    client.force_login(secretary())
    settle(client, ben_owes)
    settled_long_ago(ben_owes)

    html = undo(client, ben_owes).content.decode()

    assert "Nothing changed: Too late to undo" in html
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.SETTLED


def test_the_member_who_settled_their_own_round_undoes_it_but_not_the_secretarys(
    client: Client, ben_owes: DrinkDebt
) -> None:
    ben(client)
    settle(client, ben_owes)
    undo(client, ben_owes)
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.OWED

    settle_debt(debt=ben_owes, by=secretary())
    refused = client.post(reverse("league:undo_settle", args=[ben_owes.pk]))

    assert refused.status_code == 403
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.SETTLED


def test_undo_is_posted_and_a_visitor_is_asked_to_sign_in(
    client: Client, ben_owes: DrinkDebt
) -> None:
    clerk = secretary()
    settle_debt(debt=ben_owes, by=clerk)
    client.force_login(clerk)
    undo_url = reverse("league:undo_settle", args=[ben_owes.pk])

    assert client.get(undo_url).status_code == 405
    assert Client().post(undo_url).status_code in (200, 302)
    ben_owes.refresh_from_db()
    assert ben_owes.status == DebtStatus.SETTLED

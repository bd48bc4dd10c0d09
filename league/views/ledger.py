"""The drinks ledger: who owes rounds now, every round booked, and settling them."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from clubs.requests import club_of
from league import selectors
from league.forms import LedgerFilterForm, WriteOffForm
from league.models import DrinkDebt, PublicArea
from league.services.ledger import (
    SETTLE_UNDO_SECONDS,
    may_settle,
    settle_debt,
    settle_undoable,
    undo_settle,
    write_off_debt,
)
from league.tables import LedgerTable
from league.views.access import member_sign_in, secretary_required, signed_in_here, user_of
from league.views.listing import decided, list_page
from scoring.access.privacy import visible_to_visitors
from scoring.access.roles import is_secretary


@require_GET
@visible_to_visitors(PublicArea.LEDGER)
def ledger(request: HttpRequest) -> HttpResponse:
    filters = LedgerFilterForm(request.GET, club=club_of(request))
    table = LedgerTable(filters.apply(selectors.ledger_debts(club_of(request))))

    def context() -> dict[str, object]:
        member = getattr(request.user, "member", None)
        return {
            "balances": selectors.member_balances(club_of(request)),
            "guests": selectors.guests_owing(club_of(request)),
            # Read by the table's action cells: which rows get Settle and Write off buttons.
            "secretary": is_secretary(request.user, club_of(request).pk),
            "my_member_id": getattr(member, "pk", None),
            "undo": _just_settled(request),
            "undo_seconds": SETTLE_UNDO_SECONDS,
        }

    return list_page(
        request,
        filters,
        table,
        name=gettext("Ledger"),
        template="league/ledger.html",
        context=context,
    )


@require_POST
def settle(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(DrinkDebt.objects.filter(game__club=club_of(request)), pk=debt_id)
    if not signed_in_here(request):
        return member_sign_in(request)
    user = user_of(request)
    if not may_settle(user, debt):
        raise PermissionDenied(
            gettext("Only the secretary or the member who owes the round settles it.")
        )

    def settled() -> str:
        done = settle_debt(debt=debt, by=user)
        # The next ledger page offers Undo for it (_just_settled), for a few seconds.
        request.session[JUST_SETTLED] = done.pk
        return gettext("%(name)s's round of game #%(game)s is settled.") % {
            "name": done.debtor.name,
            "game": done.game_id,
        }

    return decided(request, settled, page="league:ledger")


JUST_SETTLED = "ledger_just_settled"


def _just_settled(request: HttpRequest) -> DrinkDebt | None:
    """The round this user settled a moment ago, shown once with Undo; None when there is none
    or the moment has passed (the service checks again when Undo is tapped)."""
    debt_id = request.session.pop(JUST_SETTLED, None)
    if not isinstance(debt_id, int) or not request.user.is_authenticated:
        return None
    debt = (
        DrinkDebt.objects.select_related("debtor")
        .filter(game__club=club_of(request), pk=debt_id)
        .first()
    )
    if debt is None or not settle_undoable(debt, user_of(request)):
        return None
    return debt


@require_POST
def undo(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(DrinkDebt.objects.filter(game__club=club_of(request)), pk=debt_id)
    if not signed_in_here(request):
        return member_sign_in(request)

    def undone() -> str:
        done = undo_settle(debt=debt, by=user_of(request))
        return gettext("%(name)s's round of game #%(game)s is owed again.") % {
            "name": done.debtor.name,
            "game": done.game_id,
        }

    return decided(request, undone, page="league:ledger")


@require_POST
@secretary_required
def write_off(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(DrinkDebt.objects.filter(game__club=club_of(request)), pk=debt_id)
    form = WriteOffForm(request.POST)

    def written_off() -> str:
        if not form.is_valid():
            raise ValidationError(gettext("Say why the round is written off."))
        done = write_off_debt(debt=debt, by=user_of(request), reason=form.cleaned_data["reason"])
        return gettext("%(name)s's round of game #%(game)s is written off.") % {
            "name": done.debtor.name,
            "game": done.game_id,
        }

    return decided(request, written_off, page="league:ledger")

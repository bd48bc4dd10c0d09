"""The drinks ledger: who owes rounds now, every round booked, and settling them."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_tables2 import RequestConfig

from league import selectors
from league.exports import export_response, wanted_format
from league.forms import LedgerFilterForm, WriteOffForm
from league.models import DrinkDebt
from league.services.ledger import may_settle, settle_debt, write_off_debt
from league.tables import PER_PAGE, LedgerTable
from league.views.access import member_sign_in, secretary_required, user_of
from scoring.roles import is_secretary


@require_GET
def ledger(request: HttpRequest) -> HttpResponse:
    filters = LedgerFilterForm(request.GET)
    table = LedgerTable(filters.apply(selectors.ledger_debts()))
    export = wanted_format(request)
    if export is not None:
        RequestConfig(request, paginate=False).configure(table)
        return export_response(table, export=export, name="ledger")
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    member = getattr(request.user, "member", None)
    context = {
        "balances": selectors.member_balances(),
        "guests": selectors.guests_owing(),
        "table": table,
        "filters": filters,
        # Read by the table's action cells: which rows get Settle and Write off buttons.
        "secretary": is_secretary(request.user),
        "my_member_id": getattr(member, "pk", None),
    }
    return render(request, "league/ledger.html", context)


@require_POST
def settle(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(DrinkDebt, pk=debt_id)
    if not request.user.is_authenticated:
        return member_sign_in(request)
    user = user_of(request)
    if not may_settle(user, debt):
        raise PermissionDenied("Only the secretary or the member who owes the round settles it.")
    try:
        debt = settle_debt(debt=debt, by=user)
    except ValidationError as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(request, f"{debt.debtor.name}'s round of game #{debt.game_id} is settled.")
    return redirect("league:ledger")


@require_POST
@secretary_required
def write_off(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(DrinkDebt, pk=debt_id)
    form = WriteOffForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError("Say why the round is written off.")
        debt = write_off_debt(debt=debt, by=user_of(request), reason=form.cleaned_data["reason"])
    except ValidationError as refused:
        messages.error(request, _refusal(refused))
    else:
        messages.success(
            request, f"{debt.debtor.name}'s round of game #{debt.game_id} is written off."
        )
    return redirect("league:ledger")


def _refusal(refused: ValidationError) -> str:
    # Back on the ledger page (its filters and sorting stay usable there), reason on top.
    return "Nothing changed: " + " ".join(refused.messages)

"""The secretary takes decisions back: claims, rounds, register lines, games; each with a
reason and a tick that confirms it, each logged (league.services.undo, ledger, voids)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from clubs.requests import club_of
from league.models import DrinkDebt, RegisterClaim, RegisterEntry
from league.secretary_forms import ConfirmForm, HistoricEditForm
from league.services.ledger import reopen_debt
from league.services.register import attest_game
from league.services.undo import (
    edit_historic_entry,
    remove_register_entry,
    reopen_claim,
    restore_register_entry,
)
from league.views.access import secretary_required, user_of
from scoring.club import BookingFailed
from scoring.models import Game
from scoring.services.games import void_game


def _confirmed(
    request: HttpRequest,
    *,
    title: str,
    explanation: str,
    button: str,
    subject: object,
    act: Callable[[str], str],
    back: str,
) -> HttpResponse:
    """GET: the confirmation page; POST: `act(reason)` once confirmed, its message on `back`.
    A refusal stays on the page with the form as typed and says why; nothing changed."""
    form = ConfirmForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                done = act(form.cleaned_data["reason"])
            except ValidationError as refused:
                form.add_error(None, refused.messages)
            except BookingFailed as failed:
                form.add_error(None, failed.message)
            else:
                messages.success(request, done)
                return redirect(back)
        status = 422
    context = {
        "title": title,
        "explanation": explanation,
        "button": button,
        "subject": subject,
        "form": form,
        "back": back,
    }
    return render(request, "league/confirm.html", context, status=status)


@require_http_methods(["GET", "POST"])
@secretary_required
def claim_reopen(request: HttpRequest, claim_id: int) -> HttpResponse:
    claim = get_object_or_404(
        RegisterClaim.objects.filter(game__club=club_of(request)).select_related("player", "game"),
        pk=claim_id,
    )

    def act(reason: str) -> str:
        reopen_claim(claim=claim, by=user_of(request), reason=reason)
        return _("%(player)s's %(score)s waits for your word again.") % {
            "player": claim.player.name,
            "score": claim.score,
        }

    return _confirmed(
        request,
        title=_("Reopen a claim"),
        explanation=_(
            "The claim waits for ratifying or rejecting again. A ratified claim's line leaves "
            "the register until it is ratified again."
        ),
        button=_("Reopen the claim"),
        subject=claim,
        act=act,
        back=reverse("league:register") + "#claims",
    )


@require_http_methods(["GET", "POST"])
@secretary_required
def debt_reopen(request: HttpRequest, debt_id: int) -> HttpResponse:
    debt = get_object_or_404(
        DrinkDebt.objects.filter(game__club=club_of(request)).select_related("debtor"), pk=debt_id
    )

    def act(reason: str) -> str:
        reopen_debt(debt=debt, by=user_of(request), reason=reason)
        return _("%(name)s owes the round of game #%(game)s again.") % {
            "name": debt.debtor.name,
            "game": debt.game_id,
        }

    return _confirmed(
        request,
        title=_("Owed again"),
        explanation=_("The round was settled or written off by mistake: it is owed again."),
        button=_("Owe the round again"),
        subject=debt,
        act=act,
        back=reverse("league:ledger"),
    )


@require_http_methods(["GET", "POST"])
@secretary_required
def game_void(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.filter(club=club_of(request)), pk=game_id)

    def act(reason: str) -> str:
        # One transaction: the void and everything the books do with it (scoring.club).
        void_game(game=game, by=user_of(request), reason=reason)
        return _("Game #%(game)s is void.") % {"game": game.pk}

    return _confirmed(
        request,
        title=_("Void a game"),
        explanation=_(
            "A void game counts nowhere: it leaves the standings, the records, the ledger "
            "(rounds still owed are voided) and the register. It stays readable, marked void "
            "with your reason. This cannot be taken back."
        ),
        button=_("Void the game"),
        subject=game,
        act=act,
        back=reverse("scoring:game", args=[game.pk]),
    )


@require_http_methods(["GET", "POST"])
@secretary_required
def game_attest(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.filter(club=club_of(request)), pk=game_id)

    def act(reason: str) -> str:
        claims = attest_game(game=game, by=user_of(request), reason=reason)
        return ngettext(
            "Game #%(game)s is attested: %(count)s record claim to decide.",
            "Game #%(game)s is attested: %(count)s record claims to decide.",
            len(claims),
        ) % {
            "game": game.pk,
            "count": len(claims),
        }

    return _confirmed(
        request,
        title=_("Attest an imported game"),
        explanation=_(
            "You vouch for the sheet in place of the players' signatures (they cannot all sign "
            "any more): its register claims open for your word."
        ),
        button=_("Attest the game"),
        subject=game,
        act=act,
        back=reverse("league:register") + "#claims",
    )


@require_http_methods(["GET", "POST"])
@secretary_required
def register_entry(request: HttpRequest, entry_id: int) -> HttpResponse:
    """One register line: edit, remove or restore a historic one; reopen a game's claim."""
    entry = get_object_or_404(
        RegisterEntry.objects.filter(club=club_of(request)).select_related("claim"), pk=entry_id
    )
    action = request.POST.get("action", "")
    edit = HistoricEditForm(
        request.POST if action == "edit" else None,
        instance=entry,
        prefix="edit",
        club=club_of(request),
    )
    confirm = ConfirmForm(request.POST if action in ("remove", "restore") else None)
    if request.method == "POST":
        try:
            if action == "edit" and edit.is_valid():
                data = edit.cleaned_data
                edit_historic_entry(
                    entry=entry,
                    by=user_of(request),
                    reason=data["reason"],
                    date=data["date"],
                    player_name=data["player_name"],
                    member=data["member"],
                    score=data["score"],
                    kind=data["kind"],
                    ruleset=data["ruleset"],
                    note=data["note"] or "",
                )
                messages.success(request, _("The entry is changed."))
                return redirect("league:register")
            if action in ("remove", "restore") and confirm.is_valid():
                change = remove_register_entry if action == "remove" else restore_register_entry
                change(entry=entry, by=user_of(request), reason=confirm.cleaned_data["reason"])
                done = _("The entry is removed.") if action == "remove" else _("It is back.")
                messages.success(request, done)
                return redirect("league:register")
        except ValidationError as refused:
            # As messages on top of the form: the service may name a field the form lacks.
            (edit if action == "edit" else confirm).add_error(None, refused.messages)
        if action not in ("edit", "remove", "restore"):
            messages.error(request, _("Nothing changed: choose what to do."))
        entry.refresh_from_db()
    context = {"entry": entry, "edit": edit, "confirm": confirm, "action": action}
    status = 422 if request.method == "POST" else 200
    return render(request, "league/register_entry.html", context, status=status)

"""A table's game: started from the draw, replayed after a void, and the game page's note of
which tournament, round and table the game is (a panel scoring's game page loads)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.requests import club_of
from clubs.selectors import belongs_to
from league.views.access import secretary_required, user_of
from scoring.access.privacy import visible_to_visitors
from scoring.models import Game, PublicArea
from tournaments.forms_hand import HandResultForm
from tournaments.models import Table
from tournaments.selectors import playing_at
from tournaments.services.hand_results import enter_hand_result
from tournaments.services.rounds import replay_table, start_table


def _table(request: HttpRequest, tournament_id: int, table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.filter(round__tournament__club=club_of(request)).select_related(
            "round__tournament"
        ),
        pk=table_id,
        round__tournament_id=tournament_id,
    )


def _to_game(
    request: HttpRequest, tournament_id: int, table_id: int, begin: Callable[..., Game]
) -> HttpResponse:
    """The table's game as `begin` starts it, or the day's page with the refusal in words."""
    try:
        game = begin(table=_table(request, tournament_id, table_id), by=user_of(request))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("tournaments:detail", tournament_id)
    return redirect("scoring:game", game.pk)


@require_POST
@secretary_required
def start(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """The table's game; a second tap (or another device) is taken to the game the first
    started."""
    return _to_game(request, tournament_id, table_id, start_table)


@require_POST
@secretary_required
def replay(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """A voided table plays again (its void stays in the table's history)."""
    return _to_game(request, tournament_id, table_id, replay_table)


@require_http_methods(["GET", "POST"])
@secretary_required
def hand_result(request: HttpRequest, tournament_id: int, table_id: int) -> HttpResponse:
    """A voided table's result, entered by the secretary from the table's paper."""
    table = _table(request, tournament_id, table_id)
    form = HandResultForm(request.POST or None, players=playing_at(table))
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                enter_hand_result(
                    table=table,
                    by=user_of(request),
                    scores=form.scores(),
                    points=form.points(),
                    reason=form.cleaned_data["reason"],
                )
            except ValidationError as refused:
                form.add_error(None, refused)
            else:
                messages.success(
                    request,
                    gettext("The result of table %(table)d is entered.") % {"table": table.number},
                )
                return redirect("tournaments:detail", tournament_id)
    return render(
        request, "tournaments/hand_result.html", {"table": table, "form": form}, status=status
    )


@require_GET
@visible_to_visitors(PublicArea.GAMES)
def game_panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game page's line naming its tournament, round and table; empty for a game of no
    tournament, and for whoever may not see the tournament."""
    game = get_object_or_404(Game.objects.filter(club=club_of(request)), pk=game_id)
    table = (
        Table.objects.filter(round__tournament__club=club_of(request))
        .select_related("round__tournament")
        .filter(game=game)
        .first()
    )
    if table is None:
        table = (
            Table.objects.filter(round__tournament__club=club_of(request), replaced__game=game)
            .select_related("round__tournament")
            .first()
        )
    shown = table is not None and (
        table.round.tournament.public or belongs_to(table.round.tournament.club_id, request.user)
    )
    if request.htmx and not shown:  # type: ignore[attr-defined]
        return HttpResponse("")
    context = {
        "game": game,
        "table": table if shown else None,
        "tournament": table.round.tournament if shown and table is not None else None,
        "replaced": shown and table is not None and table.game_id != game.pk,
    }
    # The game page loads the line by htmx; opened at its own address, it is a whole page.
    partial = bool(request.htmx)  # type: ignore[attr-defined]
    template = "tournaments/partials/game_panel.html" if partial else "tournaments/game_panel.html"
    return render(request, template, context)

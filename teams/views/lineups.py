"""A team's line-up chosen before the night, by its captain or its club's secretary."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from scoring.access.requests import member_sign_in, signed_in_here, user_of
from teams.forms import TeamLineupForm
from teams.match_rules import Side
from teams.services.lineups import choose_lineup, lineup_of, may_choose_lineup
from teams.views.matches import fixture_to_play


@require_http_methods(["GET", "POST"])
def lineup(request: HttpRequest, fixture_id: int, side: str) -> HttpResponse:
    if side not in {Side.HOME.value, Side.AWAY.value}:
        raise Http404
    fixture = fixture_to_play(request, fixture_id)
    if not signed_in_here(request):
        return member_sign_in(request)
    team = fixture.home if side == Side.HOME else fixture.away
    by = user_of(request)
    if not may_choose_lineup(by, team):
        raise PermissionDenied(
            gettext("Only the captain of %(team)s or its secretary chooses its line-up.")
            % {"team": team.name}
        )
    chosen = lineup_of(fixture, Side(side))
    form = TeamLineupForm(
        request.POST or None,
        team=team,
        players_per_team=fixture.division.competition.players_per_team,
        initial={f"player_{slot}": member.pk for slot, member in enumerate(chosen, start=1)},
    )
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                choose_lineup(by=by, fixture=fixture, side=Side(side), players=form.players())
            except ValidationError as refused:
                form.add_error(None, refused)
            else:
                messages.success(
                    request, gettext("The line-up of %(team)s is kept.") % {"team": team.name}
                )
                return redirect("teams:lineup", fixture_id=fixture.pk, side=side)
    context = {"fixture": fixture, "team": team, "form": form, "chosen": chosen}
    return render(request, "teams/lineup.html", context, status=status)

"""The season's end from a page: the organiser's secretary names next season's competition and
how many teams go up and down, looks the divisions over (who is promoted, who relegated), then
confirms; teams.services.seasons plans and writes."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from clubs.requests import club_of
from league.views.access import secretary_required, user_of
from teams.models import Competition
from teams.services.seasons import SeasonPlan, plan_next_season, start_next_season

MOST_MOVING = 10


class NextSeasonForm(forms.Form):
    name = forms.CharField(label=_("Next season's name"), max_length=80)
    promoted = forms.IntegerField(
        label=_("Teams promoted from each division"), min_value=0, max_value=MOST_MOVING, initial=1
    )
    relegated = forms.IntegerField(
        label=_("Teams relegated from each division"), min_value=0, max_value=MOST_MOVING, initial=1
    )


@require_http_methods(["GET", "POST"])
@secretary_required
def next_season(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Without `confirm`, the plan to look over; with it, next season's competition set up."""
    competition = get_object_or_404(
        Competition.objects.filter(club=club_of(request)), pk=competition_id
    )
    form = NextSeasonForm(request.POST or None)
    plan: SeasonPlan | None = None
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            try:
                if "confirm" in request.POST:
                    following = start_next_season(
                        by=user_of(request), competition=competition, **data
                    )
                    messages.success(request, gettext("Next season is set up: draw its fixtures."))
                    return redirect("teams:competition_setup", competition_id=following.pk)
                plan = plan_next_season(
                    competition=competition,
                    promoted=data["promoted"],
                    relegated=data["relegated"],
                )
                status = 200
            except ValidationError as refused:
                form.add_error(None, refused.messages)
    context = {"competition": competition, "form": form, "plan": plan}
    return render(request, "teams/setup/next_season.html", context, status=status)

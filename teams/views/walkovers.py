"""The organiser's secretary gives a fixture as a walkover: a team did not show."""

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
from teams.match_rules import Side
from teams.models import Fixture
from teams.services.walkovers import give_walkover, walkover_sentence


class WalkoverForm(forms.Form):
    winner = forms.ChoiceField(label=_("The match goes to"), widget=forms.RadioSelect)
    reason = forms.CharField(
        label=_("Why it was not played"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": _("Say why the match was not played.")},
    )

    def __init__(self, *args: object, fixture: Fixture, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["winner"].choices = [  # type: ignore[attr-defined]
            (Side.HOME.value, fixture.home.name),
            (Side.AWAY.value, fixture.away.name),
        ]


@require_http_methods(["GET", "POST"])
@secretary_required
def walkover(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = get_object_or_404(
        Fixture.objects.filter(division__competition__club=club_of(request)).select_related(
            "home", "away", "division__competition"
        ),
        pk=fixture_id,
    )
    form = WalkoverForm(request.POST or None, fixture=fixture)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                given = give_walkover(
                    by=user_of(request),
                    fixture=fixture,
                    winner=Side(form.cleaned_data["winner"]),
                    reason=form.cleaned_data["reason"],
                )
            except ValidationError as refused:
                form.add_error(None, refused)
            else:
                messages.success(request, walkover_sentence(given))
                return redirect("teams:competition", competition_id=fixture.division.competition_id)
    title = gettext("Walkover")
    return render(
        request,
        "teams/walkover.html",
        {"fixture": fixture, "form": form, "title": title},
        status=status,
    )

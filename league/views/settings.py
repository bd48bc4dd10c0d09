"""The club's settings page, for the secretary."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from clubs.models import Club
from clubs.requests import club_of
from league import selectors
from league.models import ClubSettings
from league.services.settings import update_club_settings
from league.settings_forms import ClubSettingsForm
from league.views.access import secretary_required, user_of


@require_http_methods(["GET", "POST"])
@secretary_required
def club_settings(request: HttpRequest) -> HttpResponse:
    current = selectors.club_settings(club_of(request))
    if request.method != "POST":
        return render(request, "league/settings.html", {"form": ClubSettingsForm(instance=current)})
    form = ClubSettingsForm(request.POST, instance=current)
    if form.is_valid():
        try:
            save_settings(form, user=user_of(request), in_club=club_of(request))
        except ValidationError as refused:
            form.add_error(None, refused)
        else:
            messages.success(request, gettext("The club's settings are saved."))
            return redirect("league:settings")
    return render(request, "league/settings.html", {"form": form}, status=422)


def save_settings(form: ClubSettingsForm, *, user: User, in_club: Club) -> ClubSettings:
    """The settings page and the admin save the same form the same way."""
    return update_club_settings(
        in_club=in_club,
        by=user,
        club_name=form.cleaned_data["club_name"],
        drinks_in_balut=form.cleaned_data["drinks_in_balut"],
        drinks_in_jackpot=form.cleaned_data["drinks_in_jackpot"],
        register_bounds=form.register_bounds(),
        default_options=form.default_options(),
        standings_tiebreakers=form.standings_tiebreakers(),
        public_areas=form.cleaned_data["public_areas"],
        pin_session_hours=form.cleaned_data["pin_session_hours"],
        default_language=form.cleaned_data["default_language"] or None,
    )

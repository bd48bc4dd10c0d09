"""The federation's pages: its clubs, its register, their standings and records side by side.

Readable by anyone when the federation says its pages are public, otherwise by its
administrator (a superuser) only: a visitor is sent to the password sign-in, anyone else is
told why they are refused. The administrator's two forms post to their own addresses.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from clubs.forms import show_open_club_refusal
from clubs.selectors import federation, is_federation_admin
from clubs.services import open_club
from federation import selectors
from federation.forms import FederationForm, NewClubForm
from federation.services import update_federation
from scoring import rules
from scoring.access.requests import user_of
from scoring.box_names import game_title

View = Callable[..., HttpResponse]


def _refused(request: HttpRequest, reason: str) -> HttpResponse:
    if not request.user.is_authenticated:
        # A server address, outside any club: its administrator signs in at the admin's page.
        return redirect_to_login(request.get_full_path(), reverse("admin:login"))
    return render(request, "federation/refused.html", {"reason": reason}, status=403)


def readable(view: View) -> View:
    """Anyone when the federation is public; else its administrator only."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not (federation().public or is_federation_admin(request.user)):
            return _refused(
                request,
                gettext("The federation's pages are open to its administrator only."),
            )
        return view(request, *args, **kwargs)

    return guarded


def administrator_only(view: View) -> View:
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_federation_admin(request.user):
            return _refused(request, gettext("Only a federation administrator may do this."))
        return view(request, *args, **kwargs)

    return guarded


def _viewer(request: HttpRequest) -> selectors.Viewer:
    return request.user


def _ruleset(request: HttpRequest) -> str:
    """The game asked for (?ruleset=); anything else is the usual game."""
    wanted = request.GET.get("ruleset", "")
    return wanted if wanted in rules.RULESET_TITLES else rules.DEFAULT_RULESET.key


def _games() -> list[tuple[str, str]]:
    """The tabs of the pages shown per game: each game's key and title."""
    return [(info.key, game_title(info.key)) for info in rules.RULESETS]


def _overview(
    request: HttpRequest,
    *,
    settings_form: FederationForm | None = None,
    club_form: NewClubForm | None = None,
    status: int = 200,
) -> HttpResponse:
    overview = selectors.federation_overview()
    context: dict[str, object] = {"overview": overview}
    if is_federation_admin(request.user):
        row = overview.federation
        context["settings_form"] = settings_form or FederationForm(
            initial={"name": row.name, "public": row.public}
        )
        context["club_form"] = club_form or NewClubForm()
    return render(request, "federation/overview.html", context, status=status)


@require_GET
@readable
def overview(request: HttpRequest) -> HttpResponse:
    return _overview(request)


@require_POST
@administrator_only
def settings(request: HttpRequest) -> HttpResponse:
    form = FederationForm(request.POST)
    if not form.is_valid():
        return _overview(request, settings_form=form, status=422)
    try:
        update_federation(
            name=form.cleaned_data["name"], public=form.cleaned_data["public"], by=user_of(request)
        )
    except ValidationError as refused:
        form.add_error(None, refused.messages)
        return _overview(request, settings_form=form, status=422)
    messages.success(request, gettext("The federation's settings are saved."))
    return redirect("federation:overview")


@require_POST
@administrator_only
def new_club(request: HttpRequest) -> HttpResponse:
    form = NewClubForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            club, user = open_club(
                slug=data["slug"],
                name=data["name"],
                secretary=data["secretary"],
                password=data["password"] or None,
                email=data["email"],
            )
        except ValidationError as refused:
            show_open_club_refusal(form, refused)
        else:
            messages.success(
                request,
                gettext("%(club)s is at /c/%(slug)s/; %(user)s is its secretary.")
                % {"club": club.name, "slug": club.slug, "user": user.username},
            )
            return redirect("federation:overview")
    return _overview(request, club_form=form, status=422)


@require_GET
@readable
def register(request: HttpRequest) -> HttpResponse:
    context = {"register": selectors.federation_register(viewer=_viewer(request))}
    return render(request, "federation/register.html", context)


@require_GET
@readable
def standings(request: HttpRequest) -> HttpResponse:
    ruleset = _ruleset(request)
    context = {
        "standings": selectors.federation_standings(ruleset, viewer=_viewer(request)),
        "games": _games(),
    }
    return render(request, "federation/standings.html", context)


@require_GET
@readable
def records(request: HttpRequest) -> HttpResponse:
    context = {"records": selectors.federation_records(viewer=_viewer(request))}
    return render(request, "federation/records.html", context)


@require_GET
@readable
def ratings(request: HttpRequest) -> HttpResponse:
    ruleset = _ruleset(request)
    context = {
        "ratings": selectors.federation_ratings(ruleset, viewer=_viewer(request)),
        "games": _games(),
    }
    return render(request, "federation/ratings.html", context)

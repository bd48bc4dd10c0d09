"""Signing in on a shared tablet with a member's PIN, and signing out again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, logout
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.requests import club_of
from scoring import club
from scoring.access.pins import check_pin, start_pin_session
from scoring.access.requests import safe_next as _next_url  # as the password sign-in
from scoring.forms.turns import PinSignInForm
from scoring.language import follow_member
from scoring.services.members import PinRefused


@require_http_methods(["GET", "POST"])
def signin(request: HttpRequest) -> HttpResponse:
    form = PinSignInForm(request.POST or None, club=club_of(request))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                user = check_pin(
                    request, member=form.cleaned_data["member"], pin=form.cleaned_data["pin"]
                )
            except PinRefused as refused:
                form.add_error("pin", refused.messages[0])
            else:
                login(request, user)
                follow_member(request, user)
                here = club_of(request)
                start_pin_session(
                    request,
                    club_id=here.pk,
                    idle_hours=club.house_settings(here).pin_session_hours,
                )
                return redirect(_next_url(request))
        status = 422
    context = {"form": form, "next": _next_url(request)}
    return render(request, "scoring/signin.html", context, status=status)


@require_POST
def signout(request: HttpRequest) -> HttpResponse:
    """The menu's "Sign out" and the scorer's "Done" on the shared tablet."""
    logout(request)
    messages.success(request, gettext("Signed out: the tablet is free for the next game."))
    return redirect("scoring:home")

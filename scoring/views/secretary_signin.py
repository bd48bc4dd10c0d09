"""The secretary's sign-in with a password, on the club's own sign-in page.

Kept apart from the members' PIN sign-in (scoring.views.signin, scoring.access.pins): a password
session is Django's own, with no PIN idle limit. It goes through Django's authenticate, so
django-axes counts every wrong password against the client and the name tried, as it counts
wrong PINs (clubs.throttle). Only the club's secretary (or the server's administrator)
signs in here; anyone else gets the same words as a wrong password, so the page never tells
which half was wrong, nor whether a member has a password at all.
"""

from __future__ import annotations

from django.contrib.auth import authenticate, login
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.requests import club_of
from clubs.throttle import lock_reason
from scoring.access.requests import safe_next
from scoring.access.roles import is_secretary
from scoring.forms.secretary import PasswordSignInForm
from scoring.forms.turns import PinSignInForm
from scoring.language import follow_member


def signin_page(
    request: HttpRequest,
    club: Club,
    *,
    password_form: PasswordSignInForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The sign-in page with both forms: the members' PIN and the secretary's password."""
    context = {
        "form": PinSignInForm(club=club),
        "password_form": password_form,
        "next": safe_next(request),
    }
    return render(request, "scoring/signin.html", context, status=status)


@require_POST
def password_signin(request: HttpRequest) -> HttpResponse:
    club = club_of(request)
    form = PasswordSignInForm(request.POST)
    if not form.is_valid():
        return signin_page(request, club, password_form=form, status=422)
    username = form.cleaned_data["username"]
    # Read by clubs.throttle.lockout_response: this page says why in its own form.
    request.password_sign_in = True  # type: ignore[attr-defined]
    user = authenticate(request, username=username, password=form.cleaned_data["password"])
    if getattr(request, "axes_locked_out", False):
        form.add_error(None, lock_reason(request, {"username": username}))
        return signin_page(request, club, password_form=form, status=429)
    if not isinstance(user, User) or not is_secretary(user, club.pk):
        form.add_error(
            None,
            gettext(
                "That user name and password are not a secretary's of this club. Check both "
                "and try again; members sign in with their PIN."
            ),
        )
        return signin_page(request, club, password_form=form, status=422)
    login(request, user)
    follow_member(request, user)
    return redirect(safe_next(request))

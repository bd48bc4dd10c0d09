"""Who may open the league's pages: the secretary signs in with a password, members by PIN."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from scoring.roles import is_secretary

View = Callable[..., HttpResponse]


def secretary_required(view: View) -> View:
    """Anonymous visitors go to the password sign-in (LOGIN_URL); other members get a 403."""

    @wraps(view)
    @login_required
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_secretary(request.user):
            raise PermissionDenied("Only the club's secretary may do this.")
        return view(request, *args, **kwargs)

    return guarded


def member_sign_in(request: HttpRequest) -> HttpResponse:
    """Members sign in with their PIN on the tablet, not on the admin's password page."""
    return redirect_to_login(request.get_full_path(), reverse("scoring:signin"))


def user_of(request: HttpRequest) -> User:
    """The signed-in user, for a view that has already turned anonymous visitors away."""
    user = request.user
    assert isinstance(user, User)
    return user

"""Who may open the league's pages: the secretary signs in with a password, members by PIN."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from clubs.requests import club_of
from scoring.access.requests import member_sign_in, signed_in_here, user_of
from scoring.access.roles import is_secretary

__all__ = ["member_sign_in", "secretary_required", "signed_in_here", "user_of"]

View = Callable[..., HttpResponse]


def secretary_required(view: View) -> View:
    """Anonymous visitors go to the password sign-in (LOGIN_URL); other members get a 403."""

    @wraps(view)
    @login_required
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_secretary(request.user, club_of(request).pk):
            raise PermissionDenied(gettext("Only the club's secretary may do this."))
        return view(request, *args, **kwargs)

    return guarded

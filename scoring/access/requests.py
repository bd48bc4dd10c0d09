"""Helpers for views that have decided who may open them."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from clubs.requests import club_of
from clubs.selectors import belongs_to


def member_sign_in(request: HttpRequest) -> HttpResponse:
    """Members sign in with their PIN on the tablet, not on the admin's password page."""
    return redirect_to_login(request.get_full_path(), reverse("scoring:signin"))


def signed_in_here(request: HttpRequest) -> bool:
    """Whether a member of the request's club sent it. A member or the secretary of another
    club of the server is a visitor here: refused as one, before anything of the club's object
    is drawn (a refusal never shows what it refused)."""
    return belongs_to(club_of(request).pk, request.user)


def user_of(request: HttpRequest) -> User:
    """The signed-in user, for a view that has already turned anonymous visitors away."""
    user = request.user
    assert isinstance(user, User)
    return user


def safe_next(request: HttpRequest) -> str:
    """`next` when it is an address of this server's own pages, else the club's home (never
    the server's list of clubs, nor another site)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    local = target.startswith("/") and not target.startswith(("//", "/\\"))
    if local and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("scoring:home")

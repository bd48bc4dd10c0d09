"""A member's notices by e-mail (scoring.notices): which kinds they get (signed in), the stop link
of a notice (no sign-in: the link's signed token says whose and which kind, and a button
confirms it), and the secretary's list of the club's notices with those that failed."""

from __future__ import annotations

from django.contrib import messages
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from clubs.models import NoticeKind
from clubs.requests import club_of
from scoring.access.requests import member_sign_in, signed_in_here, user_of
from scoring.access.roles import is_secretary
from scoring.notices import read_stop_token
from scoring.selectors import club_notices, stopped_notice_kinds
from scoring.services.notices import MAX_ATTEMPTS, choose_notices, stop_notices


@require_http_methods(["GET", "POST"])
def my_notices(request: HttpRequest) -> HttpResponse:
    """The signed-in member ticks the kinds of notice they get."""
    if not signed_in_here(request):
        return member_sign_in(request)
    user = user_of(request)
    if request.method == "POST":
        choose_notices(user=user, wanted=request.POST.getlist("kind"))
        messages.success(request, gettext("Your choice of notices is saved."))
        return redirect("scoring:my_notices")
    stopped = stopped_notice_kinds(user)
    kinds = [(kind.value, kind.label, kind.value not in stopped) for kind in NoticeKind]
    address = getattr(getattr(user, "member", None), "email", "") or user.email
    return render(request, "scoring/notices/mine.html", {"kinds": kinds, "address": address})


@require_http_methods(["GET", "POST"])
def stop(request: HttpRequest, token: str) -> HttpResponse:
    """The stop link of a notice: asks, then (POST) stops that kind for the person it names."""
    try:
        user_id, kind = read_stop_token(token)
    except signing.BadSignature:
        return render(request, "scoring/notices/stop.html", {"valid": False}, status=404)
    context = {"valid": True, "kind": kind.label, "done": False}
    if request.method == "POST":
        if stop_notices(user_id=user_id, kind=kind) is None:
            return render(request, "scoring/notices/stop.html", {"valid": False}, status=404)
        context["done"] = True
    return render(request, "scoring/notices/stop.html", context)


@require_GET
def sent(request: HttpRequest) -> HttpResponse:
    """The secretary's list of the club's notices: whether each went, and why not."""
    if not request.user.is_authenticated:
        return member_sign_in(request)
    if not is_secretary(request.user, club_of(request).pk):
        raise PermissionDenied(gettext("Only the club's secretary may do this."))
    return render(
        request,
        "scoring/notices/sent.html",
        {"notices": club_notices(club_of(request)), "max_attempts": MAX_ATTEMPTS},
    )

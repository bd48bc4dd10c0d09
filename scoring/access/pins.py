"""Members' PINs on the shared tablet: checked through Django's authenticate (so django-axes
throttles every guess, per client and per member: clubs.throttle), and PIN sessions that
end after the club's idle time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import BACKEND_SESSION_KEY, authenticate, logout
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AbstractBaseUser, User
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from clubs.selectors import SESSION_CLUB_ATTRIBUTE
from clubs.throttle import lock_reason
from scoring.models import Member
from scoring.services.members import PinRefused, verify_pin

PIN_BACKEND = "scoring.access.pins.PinBackend"
# Session keys: the idle limit in force for this session (seconds), and when it was last used.
IDLE_LIMIT_KEY = "pin_idle_seconds"
LAST_SEEN_KEY = "pin_last_seen"
# The club whose tablet the PIN was typed at: the session is that club's only.
CLUB_KEY = "pin_club_id"
# The last-seen time is written at most this often: not a session write on every turn.
LAST_SEEN_RESOLUTION = 60


class PinBackend(ModelBackend):
    """Authenticates `username` (a member's user) with `pin`; passwords are ModelBackend's."""

    def authenticate(  # type: ignore[override]
        self,
        request: HttpRequest | None,
        username: str | None = None,
        pin: str | None = None,
        **kwargs: Any,
    ) -> AbstractBaseUser | None:
        if username is None or pin is None:
            return None
        member = Member.objects.select_related("user").filter(user__username=username).first()
        if member is None:
            return None
        try:
            verify_pin(member=member, pin=pin)
        except PinRefused:
            return None
        return member.user if self.user_can_authenticate(member.user) else None


def check_pin(request: HttpRequest, *, member: Member, pin: str) -> User:
    """`member`'s user if `pin` is theirs, counted by the throttle; PinRefused with the reason
    (a wrong PIN, or this device or this member paused after too many wrong ones)."""
    # Read by clubs.throttle.lockout_response: this page says why in its own form.
    request.pin_sign_in = True  # type: ignore[attr-defined]
    user = authenticate(request, username=member.user.get_username(), pin=pin)
    if isinstance(user, User):
        return user
    if getattr(request, "axes_locked_out", False):
        credentials = {"username": member.user.get_username()}
        raise PinRefused(lock_reason(request, credentials, name=member.known_as))
    raise PinRefused(_("That PIN is not right."))


def _now() -> int:
    return int(time.time())


def start_pin_session(request: HttpRequest, *, club_id: int, idle_hours: int) -> None:
    """After login() by PIN at the tablet of the club `club_id`: the session is that club's
    only (another club's pages treat the browser as a visitor's, though the person may belong
    there too), and it ends after `idle_hours` without a request."""
    request.session[CLUB_KEY] = club_id
    request.session[IDLE_LIMIT_KEY] = idle_hours * 3600
    request.session[LAST_SEEN_KEY] = _now()


class PinSessionTimeoutMiddleware:
    """Signs a PIN session out once it has been idle longer than its limit (set at sign-in from
    the club's settings, so no settings query here), and binds it to the club it was opened at
    (clubs.selectors.signed_in_elsewhere). A PIN session that names no club (opened before
    sessions were bound) is signed out. Password sessions are Django's own: a secretary's
    spans their clubs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.user.is_authenticated and request.session.get(BACKEND_SESSION_KEY) == (
            PIN_BACKEND
        ):
            now = _now()
            limit = int(request.session.get(IDLE_LIMIT_KEY, 0))
            last = int(request.session.get(LAST_SEEN_KEY, now))
            club_id = request.session.get(CLUB_KEY)
            if (limit and now - last > limit) or not isinstance(club_id, int):
                logout(request)
                messages.info(request, _("You were signed out after a while without use."))
            else:
                setattr(request.user, SESSION_CLUB_ATTRIBUTE, club_id)
                if now - last >= LAST_SEEN_RESOLUTION:
                    request.session[LAST_SEEN_KEY] = now
        return self.get_response(request)

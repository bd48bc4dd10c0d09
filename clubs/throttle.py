"""The sign-in throttle, on django-axes: one client is stopped before it can lock a member out.

Axes counts failed sign-ins (passwords and PINs alike) per client address and per username and
compares the larger count with one limit. The club wants two: a client is stopped after
AXES_FAILURE_LIMIT failures, a member only after SIGN_IN_MEMBER_FAILURE_LIMIT failures from all
clients together. Since tries made while locked are not counted, one client never gets past
its own limit, so a stranger alone cannot lock a member; a member's lock needs several clients
and lifts after the cool-off like every other. The handler below reports the member's count
shifted down by the difference of the two limits, so axes' single comparison applies both.

A right sign-in clears only the failures of the person who signed in, made from the client they
signed in on. Axes' own reset deletes every failure of the client and every failure for the
username, so an attacker's own right PIN between guesses wiped the count of their wrong tries for
others and no limit ever tripped (issue 23: a member's PIN found in 1,543 requests).
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off, get_lockout_parameters
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def _failures(attempts: QuerySet[Any]) -> int:
    return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)


class ClubAxesHandler(AxesDatabaseHandler):
    def counts(self, request: HttpRequest, credentials: dict[str, Any] | None) -> dict[str, int]:
        """Failures still counting, by lockout parameter: {"ip_address": n, "username": m}."""
        parameters = get_lockout_parameters(request, credentials)
        attempts = self.get_user_attempts(request, credentials)
        return {
            str(parameter): _failures(found)
            for parameter, found in zip(parameters, attempts, strict=True)
        }

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        counts = self.counts(request, credentials)
        extra = settings.SIGN_IN_MEMBER_FAILURE_LIMIT - settings.AXES_FAILURE_LIMIT
        return max(counts.get("ip_address", 0), counts.get("username", 0) - extra)

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        """After a right sign-in (AXES_RESET_ON_SUCCESS): the signed-in person's own wrong tries
        from this client. The client's wrong tries for anyone else stand until their cool-off,
        and so do the person's from other clients."""
        deleted, _ = AccessAttempt.objects.filter(
            username=get_client_username(request, credentials),
            ip_address=request.axes_ip_address,  # type: ignore[attr-defined]
        ).delete()
        return deleted


def lock_reason(request: HttpRequest, credentials: dict[str, Any], name: str = "") -> str:
    """Why a sign-in was refused by the throttle, for the page that asked; `name` is who was
    tried, as the club knows them (their username otherwise)."""
    AxesProxyHandler.update_request(request)
    counts = ClubAxesHandler().counts(request, credentials)
    cool_off = get_cool_off(request)
    minutes = int(cool_off.total_seconds() // 60) if cool_off else 0
    if counts.get("ip_address", 0) >= settings.AXES_FAILURE_LIMIT:
        return _(
            "Too many wrong tries from this device: signing in is paused here for up to "
            "%(minutes)d minutes. Another member's PIN will not work meanwhile either."
        ) % {"minutes": minutes}
    return _(
        "Too many wrong tries for %(name)s from several devices: their sign-in is paused for up "
        "to %(minutes)d minutes. It lifts by itself, or the secretary can lift it."
    ) % {"name": name or get_client_username(request, credentials), "minutes": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict[str, Any]
) -> HttpResponse:
    """The club's sign-in page answers a lockout in place (its PIN or password form says why);
    the admin's password sign-in gets a page of its own. Both with 429 Too Many Requests."""
    answered_in_place = getattr(request, "pin_sign_in", False) or getattr(
        request, "password_sign_in", False
    )
    if original_response is not None and answered_in_place:
        original_response.status_code = 429
        return original_response
    context = {"reason": lock_reason(request, credentials or {})}
    return render(request, "locked_out.html", context, status=429)


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or behind SIGN_IN_PROXY_COUNT trusted proxies the
    X-Forwarded-For entry the outermost of them added (entries left of it can be forged)."""
    count = settings.SIGN_IN_PROXY_COUNT
    if count:
        forwarded = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        ]
        forwarded = [part for part in forwarded if part]
        if len(forwarded) >= count:
            return forwarded[-count]
    return str(request.META.get("REMOTE_ADDR", ""))

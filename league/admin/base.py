"""What every admin page of the secretary's shares: who may see it, and that nothing is deleted."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Model
from django.http import HttpRequest
from django.utils.translation import gettext

from clubs.models import Club
from clubs.requests import club_or_none
from scoring.access.roles import is_secretary


class SecretaryAdmin(admin.ModelAdmin):
    """Open to the secretary (the Secretary group or a superuser), read-only unless a subclass
    allows more; the books keep their history, so nothing is ever deleted here."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return is_secretary(request.user, _club_id(request))

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return is_secretary(request.user, _club_id(request))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class SecretaryInline(admin.TabularInline):
    """A read-only list inside a page: a game's players, turns and corrections."""

    extra = 0
    can_delete = False
    show_change_link = False

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return is_secretary(request.user, _club_id(request))

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


def secretary(request: HttpRequest) -> User:
    user = request.user
    if not isinstance(user, User) or not is_secretary(user, _club_id(request)):
        raise PermissionDenied(gettext("Only the secretary may do this."))
    return user


def report(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    done: int,
    refused: list[str],
    verb: str,
) -> None:
    """One message for what an action did, one for each row it refused (and why)."""
    if done:
        model_admin.message_user(request, f"{done} {verb}.", messages.SUCCESS)
    for reason in refused:
        model_admin.message_user(request, reason, messages.ERROR)


def refusal(subject: str, error: ValidationError | PermissionDenied) -> str:
    text = " ".join(error.messages) if isinstance(error, ValidationError) else str(error)
    return f"{subject}: {text}"


def sole_club(request: HttpRequest) -> Club:
    """The club the admin's secretary works for: the server's only one (with several, the
    admin is the server administrator's, who works in each club's own pages)."""
    club = club_or_none(request)
    if club is None:
        raise PermissionDenied("With several clubs, a club's books are kept on its own pages.")
    return club


def _club_id(request: HttpRequest) -> int | None:
    """The admin is the server's: a club's secretary works in it only while the server hosts
    that one club (with several, only the server's administrator opens it)."""
    club = club_or_none(request)
    return club.pk if club is not None else None

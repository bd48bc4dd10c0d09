"""Which language a page speaks: the member's choice, then the browser's, then the club's.

The order, first that applies:
1. the signed-in member's remembered language (kept in the session at sign-in, so the shared
   tablet follows whoever is signed in and no page pays a query for it);
2. the language cookie Django's switcher sets (a visitor's choice on this device);
3. the browser's Accept-Language, when it names one of settings.LANGUAGES;
4. the club's default (ClubSettings.default_language) when the browser asks only for others;
5. settings.LANGUAGE_CODE when the browser sends no Accept-Language at all (scripts, tests).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from clubs.requests import club_or_none
from scoring import club
from scoring.models import Member
from scoring.services.members import remember_language

MEMBER_LANGUAGE = "member_language"


def supported(code: str | None) -> str | None:
    """`code` as one of settings.LANGUAGES ("de-AT" -> "de"), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def choose_language(request: HttpRequest) -> str:
    remembered = (
        supported(request.session.get(MEMBER_LANGUAGE)) if hasattr(request, "session") else None
    )
    if remembered:
        return remembered
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    if not header:
        return settings.LANGUAGE_CODE
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            break
        found = supported(code)
        if found:
            return found
    the_club = club_or_none(request)
    if the_club is None:
        return settings.LANGUAGE_CODE
    return supported(club.house_settings(the_club).default_language) or settings.LANGUAGE_CODE


class ClubLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, choosing by `choose_language` (no language in the URL)."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(choose_language(request))
        request.LANGUAGE_CODE = translation.get_language()


def follow_member(request: HttpRequest, user: AbstractBaseUser) -> None:
    """Called right after a sign-in: the pages now speak the member's remembered language."""
    language = Member.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    if language:
        request.session[MEMBER_LANGUAGE] = language
    else:
        request.session.pop(MEMBER_LANGUAGE, None)


@require_POST
def set_language(request: HttpRequest) -> HttpResponseBase:
    """Django's set_language (the cookie, the redirect back); a member's choice is also kept."""
    response: HttpResponseBase | HttpResponse = django_set_language(request)
    language = supported(request.POST.get("language"))
    if language and request.user.is_authenticated:
        member = Member.objects.filter(user_id=request.user.pk).first()
        if member is not None:
            remember_language(member=member, language=language)
            request.session[MEMBER_LANGUAGE] = language
    return response

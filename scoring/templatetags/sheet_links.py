"""Template helpers for the links to printed sheets."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest

from clubs.requests import club_or_none
from scoring import rules
from scoring.access import roles
from scoring.box_names import game_title

register = template.Library()


@register.filter
def is_secretary(request: HttpRequest) -> bool:
    """`request|is_secretary`: the signed-in user is the secretary of the page's club."""
    user: User | AnonymousUser = request.user
    club = club_or_none(request)
    return roles.is_secretary(user, club.pk if club is not None else None)


@register.simple_tag
def ruleset_choices() -> list[tuple[str, str]]:
    return [(key, game_title(key)) for key in rules.RULESET_KEYS]


@register.simple_tag
def player_counts() -> list[int]:
    return list(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))


@register.simple_tag
def sheet_languages() -> list[tuple[str, str]]:
    """The languages a sheet prints in, each named in its own words ("Dansk", "Deutsch")."""
    return [(code, str(name)) for code, name in settings.LANGUAGES]

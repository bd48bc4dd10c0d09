"""The base layout's menu, drawn once per state rather than on every page.

The menu shows the club's name, the parts of the club the reader
may see, the secretary's pages, the name signed in, the admin link and the language switcher.
All of that follows from a handful of values each request works out anyway (the role is read for
the page's permissions, the settings once per request), so the menu's HTML is kept per process
for each combination of them, with the CSRF token and the page's address put in afterwards. The
key is the state itself, never a version of it: a changed setting or role is a new key at once,
so no page can show a menu older than its own request.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from django import template
from django.conf import settings
from django.http import HttpRequest
from django.template.loader import get_template
from django.urls import get_script_prefix, get_urlconf
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from clubs.requests import club_or_none
from scoring.access import roles
from scoring.access.privacy import may_see
from scoring.models import PublicArea

register = template.Library()

MENU = "layout/menu.html"
# The menu's parts open to visitors by the club's settings, in the order the menu asks them.
MENU_AREAS = (
    PublicArea.RECORDS,
    PublicArea.LEDGER,
    PublicArea.MEMBERS,
    PublicArea.STANDINGS,
    PublicArea.BOARD,
)
# Put in for what differs on every request; neither can appear in a menu drawn from the state.
CSRF_SLOT = "balutclub-menu-csrf-token-slot"
PATH_SLOT = "balutclub-menu-page-address-slot"
# Menus kept: a few per member signed in on a club night (one per language they switch to).
KEPT = 512

_menus: OrderedDict[tuple[object, ...], str] = OrderedDict()
_lock = Lock()


@register.simple_tag(takes_context=True)
def club_menu(context: template.Context) -> SafeString:
    request: HttpRequest | None = context.get("request")
    state = menu_state(request)
    if request is None:
        # Drawn outside a request (no token, no address): nothing to keep.
        menu = get_template(MENU).render({**state, "csrf_token": context.get("csrf_token")})
        return mark_safe(menu)  # noqa: S308
    key = (settings.ROOT_URLCONF, get_urlconf(), get_script_prefix(), *sorted(state.items()))
    with _lock:
        html = _menus.get(key)
        if html is not None:
            _menus.move_to_end(key)
    if html is None:
        html = get_template(MENU).render({**state, "csrf_token": CSRF_SLOT, "next_path": PATH_SLOT})
        with _lock:
            _menus[key] = html
            while len(_menus) > KEPT:
                _menus.popitem(last=False)
    # The token as the csrf_token tag would give it (asking for it marks the cookie as used).
    token = str(context.get("csrf_token", ""))
    path = request.get_full_path()
    return mark_safe(html.replace(CSRF_SLOT, escape(token)).replace(PATH_SLOT, escape(path)))  # noqa: S308


def menu_state(request: HttpRequest | None) -> dict[str, Any]:
    """Everything the menu shows, worked out as the menu's template used to (same queries)."""
    state: dict[str, Any] = {"LANGUAGE_CODE": get_language()}
    user = getattr(request, "user", None)
    authenticated = bool(user is not None and user.is_authenticated)
    club = club_or_none(request) if request is not None else None
    state["club_name"] = club.name if club is not None else ""
    for area in MENU_AREAS:
        state[f"may_see_{area.value}"] = request is not None and may_see(request, area)
    state["is_secretary"] = user is not None and roles.is_secretary(
        user, club.pk if club is not None else None
    )
    state["authenticated"] = authenticated
    state["is_staff"] = authenticated and bool(user.is_staff)  # type: ignore[union-attr]
    if authenticated:
        member = getattr(user, "member", None)
        state["display_name"] = getattr(member, "known_as", "") or user.get_username()  # type: ignore[union-attr]
    else:
        state["display_name"] = ""
    return state


def forget_menus() -> None:
    """Drop the kept menus (tests that change the templates or translations underneath)."""
    with _lock:
        _menus.clear()

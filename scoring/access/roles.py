"""Who may do what: the secretary, a game's scorer, and everyone else who reads."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, Group, User

SECRETARY_GROUP = "Secretary"


def is_secretary(user: User | AnonymousUser) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    # Cached on the user object: a page asks this several times per request.
    cached = user.__dict__.get("_is_secretary")
    if cached is None:
        cached = user.groups.filter(name=SECRETARY_GROUP).exists()
        user.__dict__["_is_secretary"] = cached
    return bool(cached)


def secretary_group() -> Group:
    group, _ = Group.objects.get_or_create(name=SECRETARY_GROUP)
    return group

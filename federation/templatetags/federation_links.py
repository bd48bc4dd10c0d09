"""`{% club_url club "league:standings" %}`: a club's page as linked from the federation's.

The federation's pages stand outside every club, so a plain {% url %} would name the server's
own address; a club's page lives under /c/<slug>/ (clubs.middleware) on any server.
"""

from __future__ import annotations

from django import template
from django.urls import get_script_prefix, reverse

from clubs.models import Club

register = template.Library()


@register.simple_tag
def club_url(club: Club, name: str, *args: object) -> str:
    prefix = get_script_prefix()
    path = reverse(name, args=args)
    return f"{prefix}c/{club.slug}/{path[len(prefix) :]}"

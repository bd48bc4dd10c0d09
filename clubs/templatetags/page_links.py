"""`{% page_url "player" member.pk as url %}`: a link to a page of a layer above (clubs.links)."""

from __future__ import annotations

from django import template

from clubs import links

register = template.Library()


@register.simple_tag
def page_url(kind: str, *object_ids: int) -> str:
    return links.page_url(kind, *object_ids)

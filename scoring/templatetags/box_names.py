"""{{ row.key|box_name }}: the engine's box in the reader's language (scoring.box_names)."""

from __future__ import annotations

from django import template

from scoring.box_names import box_name as name_of_box

register = template.Library()


@register.filter
def box_name(box: str) -> str:
    return name_of_box(box)

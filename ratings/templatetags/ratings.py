"""`signed`: a rating change as members read it, "+1.8" or "−0.4", in the reader's language."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def signed(value: float) -> str:
    rounded = round(value, 1)
    shown = number_format(abs(rounded), 1)
    if rounded > 0:
        return f"+{shown}"
    if rounded < 0:
        return f"\N{MINUS SIGN}{shown}"
    return shown

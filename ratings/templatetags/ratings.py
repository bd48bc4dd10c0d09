"""Figures as members read them, in the reader's language and with a true minus sign (−), so
a rating "−5,5" and its change "(−2,7)" read alike: `signed` ("+1.8", "−0.4") for a change,
`figure` ("24.3", "−5.5") for a rating. Both round: Django's number_format alone cuts the
decimals off (0.159 would read 0.1)."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def figure(value: float, places: int = 1) -> str:
    rounded = round(value, places)
    shown = number_format(abs(rounded), places)
    return f"\N{MINUS SIGN}{shown}" if rounded < 0 else shown


@register.filter
def signed(value: float) -> str:
    shown = figure(value)
    return f"+{shown}" if round(value, 1) > 0 else shown

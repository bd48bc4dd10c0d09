"""A day typed into a form or a filter: only days a club can have.

A date field takes any day from year 1 to 9999, and a day at either end breaks what follows:
its midnight in the club's time zone, or the day after it, falls outside what Python and the
database hold (a 500 for `?until=9999-12-31`, a game no page can read for year 1).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext

from scoring import rules

LATEST_DAY = date(2999, 12, 31)
"""The last day a filter or a season may name: far beyond any club's games, far from 9999."""


class ClubDayField(forms.DateField):
    """A day from rules.EARLIEST_PLAYED to LATEST_DAY, with the browser's date picker."""

    def __init__(self, **kwargs: Any) -> None:
        attrs = {"type": "date", "min": rules.EARLIEST_PLAYED.isoformat()}
        kwargs.setdefault("widget", forms.DateInput(attrs={**attrs, "max": LATEST_DAY.isoformat()}))
        super().__init__(**kwargs)

    def validate(self, value: Any) -> None:
        super().validate(value)
        if isinstance(value, date) and not rules.EARLIEST_PLAYED <= value <= LATEST_DAY:
            raise forms.ValidationError(
                gettext("Give a day from %(earliest)s to %(latest)s.")
                % {
                    "earliest": date_format(rules.EARLIEST_PLAYED, "DATE_FORMAT"),
                    "latest": date_format(LATEST_DAY, "DATE_FORMAT"),
                },
                code="day_out_of_range",
            )

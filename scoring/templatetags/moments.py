"""{{ game.started_at|moment }}: a moment in the reader's form, a day-only one as its day."""

from __future__ import annotations

import datetime

from django import template

from scoring.presentation.moments import moment as moment_text

register = template.Library()


@register.filter
def moment(value: datetime.datetime | None) -> str:
    return "" if value is None else moment_text(value)

"""Layout 2: the sheets printed from commit 1cdafd7 (25 Nov 2026) to release f4f62e6 and on.
Released: never edit.

Labels with a colon ("Started: Sat 28 Nov 2026, 00:40"), fields that wrap between each other,
dates in the sheet's language (balutclub/formats), titles in it too, and "signed, see below" in
each signed player's cell of the Signature row.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import pgettext

from scoring.box_names import game_title
from scoring.presentation.moments import moment

from .base import Layout


def _started(value: datetime) -> str:
    return moment(value, with_weekday=True)


def _moment(value: datetime) -> str:
    return date_format(timezone.localtime(value), "DATETIME_FORMAT")


LAYOUT = Layout(
    version=2,
    label_suffix=":",
    field_gap="&nbsp;&nbsp; ",
    started=_started,
    moment=_moment,
    no_scorer=lambda: pgettext("no scorer", "none"),
    title=game_title,
    total_heading=lambda: pgettext("sheet column, short", "Total"),
    signed_cells=True,
)

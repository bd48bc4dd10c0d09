"""Layout 1: the sheets printed up to commit c83017a (25 Nov 2026). Released: never edit.

Labels without a colon ("Started Sat 28 Nov 2026, 00:40"), three spaces between fields, dates
in one English-shaped pattern whatever the sheet's language, the games' titles in English, and
an empty Signature row in the score table.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

from scoring import rules

from .base import Layout


def _started(value: datetime) -> str:
    return date_format(timezone.localtime(value), "D j M Y, H:i")


def _moment(value: datetime) -> str:
    return date_format(timezone.localtime(value), "j M Y H:i")


def _title(ruleset: str) -> str:
    return rules.RULESET_TITLES[ruleset]


LAYOUT = Layout(
    version=1,
    label_suffix="",
    field_gap="&nbsp;&nbsp;&nbsp;",
    started=_started,
    moment=_moment,
    no_scorer=lambda: _("none"),
    title=_title,
    total_heading=lambda: _("Total"),
    signed_cells=False,
)

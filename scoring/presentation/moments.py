"""When something happened, in the reader's form ("25. nov. 2026 kl. 21.30", balutclub/formats).

A game filed from a paper sheet with its day alone starts at that day's midnight in the club's
time zone (scoring.services.records.played_moment): it shows the day alone, never "00:00".
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.formats import date_format


def moment(value: datetime.datetime, *, with_weekday: bool = False) -> str:
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    if local.time() == datetime.time():
        return date_format(local, "DATE_FORMAT")
    return date_format(local, "WEEKDAY_DATETIME_FORMAT" if with_weekday else "DATETIME_FORMAT")

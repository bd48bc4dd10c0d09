"""Seasons: the secretary names a stretch of the calendar the standings are kept over."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from league.models import Season
from scoring.roles import is_secretary


def _check(by: User, starts_on: datetime.date, ends_on: datetime.date) -> None:
    if not is_secretary(by):
        raise PermissionDenied("Only the secretary keeps the seasons.")
    if starts_on > ends_on:
        raise ValidationError({"ends_on": "A season ends on or after the day it starts."})


@transaction.atomic
def create_season(
    *, by: User, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    _check(by, starts_on, ends_on)
    season = Season(name=name.strip(), starts_on=starts_on, ends_on=ends_on)
    season.full_clean()
    season.save()
    return season


@transaction.atomic
def update_season(
    *, season: Season, by: User, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    """Standings are read afresh from the stored results, so moving the dates is all it takes."""
    _check(by, starts_on, ends_on)
    season = Season.objects.select_for_update().get(pk=season.pk)
    season.name, season.starts_on, season.ends_on = name.strip(), starts_on, ends_on
    season.full_clean()
    season.save()
    return season

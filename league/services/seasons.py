"""Seasons: the secretary names a stretch of the calendar the standings are kept over."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext

from league.models import AuditAction, Season
from league.services import audit
from scoring.access.roles import is_secretary


def _check(by: User, starts_on: datetime.date, ends_on: datetime.date) -> None:
    if not is_secretary(by):
        raise PermissionDenied(gettext("Only the secretary keeps the seasons."))
    if starts_on > ends_on:
        raise ValidationError({"ends_on": gettext("A season ends on or after the day it starts.")})


SEASON_FIELDS = ("name", "starts_on", "ends_on")


@transaction.atomic
def create_season(
    *, by: User, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    _check(by, starts_on, ends_on)
    season = Season(name=name.strip(), starts_on=starts_on, ends_on=ends_on)
    season.full_clean()
    season.save()
    audit.record(
        by=by,
        action=AuditAction.SEASON_ADDED,
        target=season,
        after=audit.snapshot(season, SEASON_FIELDS),
    )
    return season


@transaction.atomic
def update_season(
    *, season: Season, by: User, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    """Standings are read afresh from the stored results, so moving the dates is all it takes."""
    _check(by, starts_on, ends_on)
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = audit.snapshot(season, SEASON_FIELDS)
    season.name, season.starts_on, season.ends_on = name.strip(), starts_on, ends_on
    season.full_clean()
    season.save()
    old, new = audit.changed(before, audit.snapshot(season, SEASON_FIELDS))
    if new:
        audit.record(by=by, action=AuditAction.SEASON_CHANGED, target=season, before=old, after=new)
    return season

"""Seasons: the secretary names a stretch of the calendar the standings are kept over."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Club
from league.models import AuditAction, Season
from league.services import audit
from league.services.standings import rebuild_standings
from scoring.access.roles import is_secretary


def _check(by: User, club_id: int, starts_on: datetime.date, ends_on: datetime.date) -> None:
    if not is_secretary(by, club_id):
        raise PermissionDenied(gettext("Only the secretary keeps the seasons."))
    if starts_on > ends_on:
        raise ValidationError({"ends_on": gettext("A season ends on or after the day it starts.")})


SEASON_FIELDS = ("name", "starts_on", "ends_on")


@transaction.atomic
def create_season(
    *, in_club: Club, by: User, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    _check(by, in_club.pk, starts_on, ends_on)
    season = Season(club=in_club, name=name.strip(), starts_on=starts_on, ends_on=ends_on)
    season.full_clean()
    season.save()
    rebuild_standings(season=season)
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
    """The season's standings are summed afresh for its new dates, in the same transaction."""
    _check(by, season.club_id, starts_on, ends_on)
    season = Season.objects.select_for_update().get(pk=season.pk)
    before = audit.snapshot(season, SEASON_FIELDS)
    season.name, season.starts_on, season.ends_on = name.strip(), starts_on, ends_on
    season.full_clean()
    season.save()
    rebuild_standings(season=season)
    old, new = audit.changed(before, audit.snapshot(season, SEASON_FIELDS))
    if new:
        audit.record(by=by, action=AuditAction.SEASON_CHANGED, target=season, before=old, after=new)
    return season

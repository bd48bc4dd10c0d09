"""Walkovers: a team that does not show (or cannot field its players) loses the fixture without
a match. The organiser's secretary gives it, in words ("Tigers did not show"), and the table
counts it as a win by the walkover score (teams.match_rules.walkover_score); a cup tie's winner
goes through."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from teams.match_rules import FormatError, Side, walkover_score
from teams.models import Fixture, FixtureStatus, Match, Walkover
from teams.selectors import match_format_of
from teams.services.cup import advance_by_walkover
from teams.services.teams import require_secretary


def walkover_sentence(walkover: Walkover) -> str:
    """ "Tigers did not show: walkover to Lions (8:4)." in the reader's language."""
    fixture = walkover.fixture
    winner, absent = (
        (fixture.home, fixture.away)
        if walkover.winner == Side.HOME
        else (fixture.away, fixture.home)
    )
    return gettext("%(absent)s did not play: walkover to %(winner)s (%(home)d:%(away)d).") % {
        "absent": absent.name,
        "winner": winner.name,
        "home": walkover.home_score,
        "away": walkover.away_score,
    }


@transaction.atomic
def give_walkover(*, by: User, fixture: Fixture, winner: Side, reason: str) -> Walkover:
    """The fixture given to `winner` without a match: refused once its match has started (its
    games decide it, or a conceded game), and for a fixture played or given already."""
    fixture = (
        Fixture.objects.select_for_update()
        .select_related("home", "away", "division__competition")
        .get(pk=fixture.pk)
    )
    competition = fixture.division.competition
    require_secretary(by, competition.club_id)
    if Walkover.objects.filter(fixture=fixture).exists():
        raise ValidationError(gettext("This fixture has been given as a walkover already."))
    if Match.objects.filter(fixture=fixture).exists() or fixture.status == FixtureStatus.PLAYED:
        raise ValidationError(
            gettext("The match of this fixture has started: its games decide it, not a walkover.")
        )
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": gettext("Say why the match was not played.")})
    try:
        score = walkover_score(match_format_of(competition), Side(winner))
    except FormatError as error:
        raise ValidationError(gettext("The competition's match format seats nobody.")) from error
    walkover = Walkover(
        fixture=fixture,
        winner=Side(winner).value,
        reason=reason,
        given_by=by,
        given_at=timezone.now(),
        home_score=score.home,
        away_score=score.away,
    )
    walkover.full_clean()
    walkover.save()
    fixture.status = FixtureStatus.PLAYED
    fixture.sequence += 1
    fixture.full_clean()
    fixture.save(update_fields=["status", "sequence", "updated_at"])
    advance_by_walkover(fixture, fixture.home if winner == Side.HOME else fixture.away)
    return walkover

"""Tonight's team matches on the club's TV board (registered in clubs.board_panels by
TeamsConfig.ready(), so the board never imports teams): the teams, the match score of the tables
already over, and how many tables are still playing."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from clubs.models import Club
from teams.models import Fixture, FixtureStatus, Match
from teams.selectors import match_outcome


@dataclass(frozen=True)
class TonightsMatch:
    fixture: Fixture
    match: Match | None
    home_score: int | None
    away_score: int | None
    tables_over: int
    tables: int


def tonights_matches(club: Club) -> list[TonightsMatch]:
    """Every fixture of today played at the club's bar (its teams' home fixtures, in whichever
    club's competition), not postponed, each with its score so far once the match has started.
    Not those of its competitions played at another club's pub: the board is read in this bar."""
    today = timezone.localdate()
    start = timezone.make_aware(datetime.datetime.combine(today, datetime.time()))
    fixtures = (
        Fixture.objects.filter(
            home__club=club,
            starts_at__gte=start,
            starts_at__lt=start + datetime.timedelta(days=1),
        )
        .exclude(status=FixtureStatus.POSTPONED)
        .select_related("home", "away", "division__competition", "match")
        .order_by("starts_at", "id")
    )
    found = []
    for fixture in fixtures:
        match = getattr(fixture, "match", None)
        if match is None:
            found.append(TonightsMatch(fixture, None, None, None, 0, 0))
            continue
        games = list(match.games.select_related("game"))
        outcome = match_outcome(match, so_far=True)
        found.append(
            TonightsMatch(
                fixture,
                match,
                outcome.score.home if outcome else None,
                outcome.score.away if outcome else None,
                sum(1 for table in games if table.game.is_finished),
                len(games),
            )
        )
    return found


def tonights_panel(club: Club) -> SafeString:
    """The board's panel, or "" on a night without a team match."""
    matches = tonights_matches(club)
    if not matches:
        return SafeString("")
    return mark_safe(render_to_string("teams/board_panel.html", {"matches": matches}))

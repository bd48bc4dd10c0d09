"""The club's feeds for the world around it: its results as Atom (finished games and signed team
matches, newest first) and one iCal calendar of its fixtures (a signed match's score in its
event, teams.calendar) and its tournament days. Each shows what the club's pages would show the
reader: visitors see games only if the club shows them games, fixtures and matches only if it
shows its standings, and tournaments only if made public (scoring.access.privacy)."""

from __future__ import annotations

import datetime

from django.http import HttpRequest
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext
from icalendar import Event

from clubs.models import Club
from clubs.selectors import belongs_to
from league.selectors import result_rows_of_games
from scoring.access.privacy import may_see
from scoring.box_names import game_title
from scoring.models import GameStatus, PublicArea
from scoring.selectors import games_list
from teams.calendar import UID_DOMAIN, fixture_event, new_calendar
from teams.selectors import fixtures_of_club
from tournaments.selectors import visible_tournaments

# Entries of each kind in the results feed: a reader polls it, so the newest are enough.
LATEST = 30


def results_feed(request: HttpRequest, club: Club) -> Atom1Feed:
    home = request.build_absolute_uri(reverse("scoring:home"))
    feed = Atom1Feed(
        title=gettext("%(club)s: results") % {"club": club.name},
        link=home,
        description="",
        language=getattr(request, "LANGUAGE_CODE", "en"),
        feed_url=request.build_absolute_uri(),
    )
    entries: list[dict[str, object]] = []
    if may_see(request, PublicArea.GAMES):
        games = list(
            games_list(club=club, status=GameStatus.FINISHED).order_by("-finished_at")[:LATEST]
        )
        rows = result_rows_of_games(club, [game.pk for game in games])
        for game in games:
            if game.voided_at is not None or game.finished_at is None:
                continue
            figures = ", ".join(f"{row.player.name} {row.score}" for row in rows.get(game.pk, []))
            entries.append(
                {
                    "title": f"{game_title(game.ruleset)}: {figures}",
                    "link": request.build_absolute_uri(reverse("scoring:game", args=[game.pk])),
                    "unique_id": f"game-{game.pk}@{UID_DOMAIN}",
                    "updateddate": game.updated_at,
                    "pubdate": game.finished_at,
                    "description": "",
                }
            )
    if may_see(request, PublicArea.STANDINGS):
        for fixture in (
            fixtures_of_club(club)
            .filter(match__signed_at__isnull=False)
            .order_by("-match__signed_at")[:LATEST]
        ):
            match = fixture.match
            entries.append(
                {
                    "title": str(fixture_event(fixture)["summary"]),
                    "link": request.build_absolute_uri(reverse("teams:match", args=[match.pk])),
                    "unique_id": f"match-{match.pk}@{UID_DOMAIN}",
                    "updateddate": match.signed_at,
                    "pubdate": match.signed_at,
                    "description": fixture.division.competition.name,
                }
            )
    entries.sort(key=lambda entry: entry["pubdate"], reverse=True)  # type: ignore[arg-type, return-value]
    for entry in entries:
        feed.add_item(**entry)  # type: ignore[arg-type]
    return feed


def tournament_event(
    tournament_id: int, name: str, first: datetime.date, last: datetime.date
) -> Event:
    event = Event()
    event.add("uid", f"tournament-{tournament_id}@{UID_DOMAIN}")
    event.add("dtstamp", datetime.datetime.now(datetime.UTC))
    event.add("dtstart", first)
    # All-day events end the day after their last day (RFC 5545).
    event.add("dtend", last + datetime.timedelta(days=1))
    event.add("summary", name)
    return event


def club_calendar(request: HttpRequest, club: Club) -> bytes:
    calendar = new_calendar(gettext("%(club)s: fixtures and tournaments") % {"club": club.name})
    if may_see(request, PublicArea.STANDINGS):
        for fixture in fixtures_of_club(club):
            calendar.add_component(fixture_event(fixture))
    everything = belongs_to(club.pk, request.user)
    for tournament in visible_tournaments(club, everything=everything).order_by("starts_on", "pk"):
        calendar.add_component(
            tournament_event(
                tournament.pk, tournament.name, tournament.starts_on, tournament.ends_on
            )
        )
    return calendar.to_ical()

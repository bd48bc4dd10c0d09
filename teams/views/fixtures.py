"""Public pages of a competition and a team (per the club's privacy: the standings' area), and
their iCal feeds for calendar apps."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from clubs.files import disposition
from clubs.requests import club_of
from scoring.access.privacy import visible_to_visitors
from scoring.access.requests import member_sign_in, signed_in_here, user_of
from scoring.access.roles import is_secretary
from scoring.models import PublicArea
from teams import selectors
from teams.calendar import fixtures_calendar
from teams.fixture_clashes import bye_sentence
from teams.forms import MoveFixtureForm
from teams.models import CompetitionKind, Division, Fixture
from teams.models.competitions import breaker_label
from teams.services.fixtures import FixtureClashes, move_fixture, postpone_fixture


def _calendar_response(title: str, name: str, fixtures: Iterable[Fixture]) -> HttpResponse:
    """The feed named `title` in calendar apps, its file named after `name`."""
    response = HttpResponse(
        fixtures_calendar(title, fixtures), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = disposition(name, "ics", attachment=False)
    return response


def _rounds_with_byes(
    division: Division, fixtures: Iterable[Fixture]
) -> list[tuple[int, list[Fixture], list[str]]]:
    """Each round's fixtures, and in words the teams of a league division that rest in it
    ("North A has a bye in round 3"); a cup names its byes on its bracket."""
    rounds = [(number, list(games)) for number, games in groupby(fixtures, lambda f: f.round)]
    if division.competition.kind != CompetitionKind.LEAGUE:
        return [(number, games, []) for number, games in rounds]
    teams = [entry.team for entry in division.entries.select_related("team").order_by("seed")]
    return [
        (
            number,
            games,
            [
                bye_sentence(team, number)
                for team in teams
                if all(team.pk not in (f.home_id, f.away_id) for f in games)
            ],
        )
        for number, games in rounds
    ]


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def competition(request: HttpRequest, competition_id: int) -> HttpResponse:
    chosen = get_object_or_404(selectors.competitions(club_of(request)), pk=competition_id)
    fixtures = selectors.fixtures_of_competition(chosen)
    divisions = [
        (
            division,
            [
                (row, breaker_label(row.decided_by) if row.decided_by else None)
                for row in selectors.division_table(division)
            ],
            _rounds_with_byes(division, games),
        )
        for division, games in groupby(fixtures, lambda fixture: fixture.division)
    ]
    context = {
        "competition": chosen,
        "divisions": divisions,
        "breakers": [breaker_label(breaker) for breaker in chosen.breakers],
        # The organiser's secretary keeps it (another club's page shows it, not its setup).
        "secretary": chosen.club_id == club_of(request).pk
        and is_secretary(request.user, chosen.club_id),
    }
    return render(request, "teams/competition.html", context)


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def team(request: HttpRequest, team_id: int) -> HttpResponse:
    chosen = get_object_or_404(selectors.teams(club_of(request)), pk=team_id)
    return render(
        request,
        "teams/team.html",
        {
            "team": chosen,
            "roster": chosen.members.order_by("known_as"),
            "fixtures": selectors.fixtures_of_team(chosen),
            "records": selectors.player_records(chosen),
            "club": club_of(request),
            "secretary": is_secretary(request.user, club_of(request).pk),
        },
    )


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def competition_calendar(request: HttpRequest, competition_id: int) -> HttpResponse:
    chosen = get_object_or_404(selectors.competitions(club_of(request)), pk=competition_id)
    title = gettext("%(competition)s: fixtures") % {"competition": chosen.name}
    return _calendar_response(title, chosen.name, selectors.fixtures_of_competition(chosen))


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def team_calendar(request: HttpRequest, team_id: int) -> HttpResponse:
    chosen = get_object_or_404(selectors.teams(club_of(request)), pk=team_id)
    title = gettext("%(team)s: fixtures") % {"team": chosen.name}
    return _calendar_response(title, chosen.name, selectors.fixtures_of_team(chosen))


@require_http_methods(["GET", "POST"])
def move(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """The home captain or the secretary moves the fixture, or postpones it."""
    fixture = get_object_or_404(
        Fixture.objects.filter(division__competition__club=club_of(request)).select_related(
            "home__captain", "away", "division"
        ),
        pk=fixture_id,
    )
    if not signed_in_here(request):
        return member_sign_in(request)
    by = user_of(request)
    if not (is_secretary(by, club_of(request).pk) or by.pk == fixture.home.captain.user_id):
        raise PermissionDenied(
            gettext("Only the secretary or the home captain may move this fixture.")
        )
    local = timezone.localtime(fixture.starts_at)
    initial = {"day": local.date(), "time": local.time(), "venue": fixture.venue}
    form = MoveFixtureForm(request.POST or None, initial=initial)
    status = 200
    warnings: list[str] = []
    if request.method == "POST":
        status = 422
        try:
            if "postpone" in request.POST:
                postpone_fixture(by=by, fixture=fixture)
                messages.success(request, gettext("The fixture is postponed."))
                return redirect("teams:team", team_id=fixture.home_id)
            if form.is_valid():
                move_fixture(
                    by=by,
                    fixture=fixture,
                    starts_at=form.starts_at(),
                    venue=form.cleaned_data["venue"],
                    confirmed="confirmed" in request.POST,
                )
                messages.success(request, gettext("The fixture has moved."))
                return redirect("teams:team", team_id=fixture.home_id)
        except FixtureClashes as clashing:
            # Nothing moved: the mover reads the clashes and moves it anyway, or picks again.
            warnings = clashing.sentences
            status = 409
        except ValidationError as refused:
            form.add_error(None, refused)
    return render(
        request,
        "teams/move_fixture.html",
        {"fixture": fixture, "form": form, "warnings": warnings},
        status=status,
    )

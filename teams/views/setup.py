"""The secretary's setup pages: a competition and its format, its divisions, the teams entered
in each, the fixtures drawn (previewed, then confirmed) and a team's roster.

Every page is the club's secretary's (secretary_required) and finds only the club's own
competitions; the services check the secretary again and write in one transaction each. A
refused change renders the page again with the reason and status 422, having changed nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.requests import club_of
from league.views.access import secretary_required, user_of
from teams.bracket import bracket_of
from teams.models import Competition, CompetitionKind, Division, EntryDecision, Team
from teams.services.fixtures import SeasonPlan, draw_fixtures, plan_season
from teams.services.setup import add_division, update_competition, update_division, update_team
from teams.services.teams import create_competition, create_team, enter_team
from teams.setup_forms import (
    CompetitionForm,
    CupDrawForm,
    DivisionForm,
    EnterTeamForm,
    LeagueDrawForm,
    TeamForm,
)

UNPROCESSABLE = 422


def _competitions(request: HttpRequest) -> QuerySet[Competition]:
    return Competition.objects.filter(club=club_of(request))


def division_of(request: HttpRequest, division_id: int) -> Division:
    return get_object_or_404(
        Division.objects.filter(competition__club=club_of(request)).select_related("competition"),
        pk=division_id,
    )


def _refused(form: forms.BaseForm, refused: ValidationError) -> None:
    """The service's reason on the form: on its field when it names one the form has."""
    if hasattr(refused, "error_dict"):
        for field, errors in refused.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, refused.messages)


def submitted(
    request: HttpRequest, form: forms.BaseForm, write: Callable[[dict[str, Any]], object], done: str
) -> bool:
    """Whether the form was valid and the service wrote it (saying `done`); otherwise the
    form holds the reasons, the service's too, and nothing has changed."""
    if not form.is_valid():
        return False
    try:
        write(form.cleaned_data)
    except ValidationError as refused:
        _refused(form, refused)
        return False
    messages.success(request, done)
    return True


@require_http_methods(["GET", "POST"])
@secretary_required
def new_competition(request: HttpRequest) -> HttpResponse:
    form = CompetitionForm(request.POST or None, club=club_of(request))
    if request.method == "GET":
        return render(request, "teams/setup/new_competition.html", {"form": form})
    created: list[Competition] = []
    if submitted(
        request,
        form,
        lambda data: created.append(
            create_competition(in_club=club_of(request), by=user_of(request), **data)
        ),
        gettext("The competition is set up: add its teams."),
    ):
        return redirect("teams:competition_setup", competition_id=created[0].pk)
    return render(request, "teams/setup/new_competition.html", {"form": form}, status=422)


def _competition_page(
    request: HttpRequest, competition: Competition, status: int = 200, **given: Any
) -> HttpResponse:
    context = {
        "competition": competition,
        "form": given.get("form") or CompetitionForm(instance=competition, club=club_of(request)),
        "division_form": given.get("division_form")
        or DivisionForm(
            competition=competition,
            initial={"level": competition.divisions.count() + 1},
        ),
        "divisions": competition.divisions.prefetch_related("entries__team").order_by("level"),
    }
    return render(request, "teams/setup/competition.html", context, status=status)


@require_http_methods(["GET", "POST"])
@secretary_required
def competition_setup(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = get_object_or_404(_competitions(request), pk=competition_id)
    if request.method == "GET":
        return _competition_page(request, competition)
    # A copy: the form's validation writes the cleaned values on its instance.
    form = CompetitionForm(
        request.POST, instance=Competition.objects.get(pk=competition.pk), club=club_of(request)
    )
    if submitted(
        request,
        form,
        lambda data: update_competition(by=user_of(request), competition=competition, **data),
        gettext("The competition is saved."),
    ):
        return redirect("teams:competition_setup", competition_id=competition.pk)
    return _competition_page(request, competition, UNPROCESSABLE, form=form)


@require_POST
@secretary_required
def new_division(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = get_object_or_404(_competitions(request), pk=competition_id)
    form = DivisionForm(request.POST, competition=competition)
    if submitted(
        request,
        form,
        lambda data: add_division(by=user_of(request), competition=competition, **data),
        gettext("The division is added."),
    ):
        return redirect("teams:competition_setup", competition_id=competition.pk)
    return _competition_page(request, competition, UNPROCESSABLE, division_form=form)


def division_page(
    request: HttpRequest, division: Division, status: int = 200, **given: Any
) -> HttpResponse:
    club = club_of(request)
    competition = division.competition
    context = {
        "division": division,
        "competition": competition,
        "form": given.get("form")
        or DivisionForm(instance=Division.objects.get(pk=division.pk), competition=competition),
        "team_form": given.get("team_form") or TeamForm(club=club),
        "enter_form": given.get("enter_form") or EnterTeamForm(club=club, competition=competition),
        "draw_form": given.get("draw_form")
        or LeagueDrawForm(initial={"blackout_dates": "\n".join(competition.blackout_dates or [])}),
        "preview": given.get("preview"),
        "clashes": given.get("clashes", []),
        "byes": given.get("byes", []),
        "cup_form": given.get("cup_form") or CupDrawForm(),
        "cup_preview": given.get("cup_preview"),
        "bracket": bracket_of(division) if competition.kind == CompetitionKind.CUP else [],
        "entries": division.entries.select_related("team__captain").order_by("seed"),
        "fixtures": division.fixtures.select_related("home__captain", "away", "match").order_by(
            "round", "starts_at", "id"
        ),
        "played": division.fixtures.filter(match__isnull=False).exists(),
        "entry_requests": division.entry_requests.filter(decision=EntryDecision.PENDING)
        .select_related("team__club")
        .order_by("requested_at"),
    }
    return render(request, "teams/setup/division.html", context, status=status)


def back_to(division: Division) -> HttpResponse:
    return redirect("teams:division_setup", division_id=division.pk)


@require_http_methods(["GET", "POST"])
@secretary_required
def division_setup(request: HttpRequest, division_id: int) -> HttpResponse:
    division = division_of(request, division_id)
    if request.method == "GET":
        return division_page(request, division)
    form = DivisionForm(
        request.POST,
        instance=Division.objects.get(pk=division.pk),
        competition=division.competition,
    )
    if submitted(
        request,
        form,
        lambda data: update_division(by=user_of(request), division=division, **data),
        gettext("The division is saved."),
    ):
        return back_to(division)
    return division_page(request, division, UNPROCESSABLE, form=form)


def _create_and_enter(request: HttpRequest, division: Division, data: dict[str, Any]) -> None:
    team = create_team(in_club=club_of(request), by=user_of(request), **data)
    enter_team(by=user_of(request), division=division, team=team)


@require_POST
@secretary_required
def new_team(request: HttpRequest, division_id: int) -> HttpResponse:
    """A new team of the club, entered in the division at once."""
    division = division_of(request, division_id)
    form = TeamForm(request.POST, club=club_of(request))
    done = gettext("%(team)s is entered.") % {"team": request.POST.get("name", "").strip()}
    if submitted(request, form, lambda data: _create_and_enter(request, division, data), done):
        return back_to(division)
    return division_page(request, division, UNPROCESSABLE, team_form=form)


@require_POST
@secretary_required
def enter_existing_team(request: HttpRequest, division_id: int) -> HttpResponse:
    division = division_of(request, division_id)
    form = EnterTeamForm(request.POST, club=club_of(request), competition=division.competition)
    if submitted(
        request,
        form,
        lambda data: enter_team(by=user_of(request), division=division, team=data["team"]),
        gettext("The team is entered."),
    ):
        return back_to(division)
    return division_page(request, division, UNPROCESSABLE, enter_form=form)


@require_POST
@secretary_required
def draw(request: HttpRequest, division_id: int) -> HttpResponse:
    """Without `confirm`, the fixtures that would be drawn, to look over; with it, drawn (in
    place of the earlier ones when no match has been played)."""
    division = division_of(request, division_id)
    form = LeagueDrawForm(request.POST)
    if "confirm" not in request.POST:
        plans: list[SeasonPlan] = []
        if submitted(
            request,
            form,
            lambda data: plans.append(plan_season(division=division, **data)),
            gettext("Look the fixtures over, then draw them."),
        ):
            plan = plans[0]
            return division_page(
                request,
                division,
                draw_form=form,
                preview=plan.fixtures,
                clashes=plan.clashes,
                byes=plan.byes,
            )
        return division_page(request, division, UNPROCESSABLE, draw_form=form)
    if submitted(
        request,
        form,
        lambda data: draw_fixtures(by=user_of(request), division=division, replace=True, **data),
        gettext("The fixtures are drawn."),
    ):
        return back_to(division)
    return division_page(request, division, UNPROCESSABLE, draw_form=form)


@require_http_methods(["GET", "POST"])
@secretary_required
def edit_team(request: HttpRequest, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.filter(club=club_of(request)), pk=team_id)
    initial = {
        "name": team.name,
        "captain": team.captain,
        "venue": team.venue,
        "home_nights": team.home_nights,
        "members": list(team.members.all()),
    }
    form = TeamForm(request.POST or None, club=club_of(request), team=team, initial=initial)
    if request.method == "GET":
        return render(request, "teams/setup/team.html", {"team": team, "form": form})
    if submitted(
        request,
        form,
        lambda data: update_team(by=user_of(request), team=team, **data),
        gettext("The team is saved."),
    ):
        return redirect("teams:team", team_id=team.pk)
    return render(request, "teams/setup/team.html", {"team": team, "form": form}, status=422)

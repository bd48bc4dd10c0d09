"""The tournament pages: the list (and a new one), a day's page, the projector."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.requests import club_of
from clubs.selectors import belongs_to
from league.views.access import secretary_required, user_of
from scoring.access.roles import is_secretary
from tournaments import selectors
from tournaments.forms import EntrantForm, ManyEntrantsForm, TournamentForm
from tournaments.models import Entrant
from tournaments.services import nights
from tournaments.services.entries import (
    add_entrant,
    add_entrants,
    create_tournament,
    drop_entrant,
    keep_clubs_apart,
    update_tournament,
)
from tournaments.services.rounds import draw_rounds
from tournaments.tiebreakers import label
from tournaments.views.access import visible


@require_http_methods(["GET", "POST"])
def tournament_list(request: HttpRequest) -> HttpResponse:
    secretary = is_secretary(request.user, club_of(request).pk)
    form = TournamentForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not secretary:
            return secretary_required(tournament_list)(request)
        if form.is_valid():
            try:
                tournament = create_tournament(
                    in_club=club_of(request), **form.settings(), by=user_of(request)
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                return redirect("tournaments:detail", tournament.pk)
    listed = selectors.visible_tournaments(
        club_of(request), everything=belongs_to(club_of(request).pk, request.user)
    )
    return render(
        request,
        "tournaments/list.html",
        {"tournaments": listed, "form": form, "secretary": secretary},
        status=422 if form.errors else 200,
    )


@require_http_methods(["GET", "POST"])
@secretary_required
def edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The day's name, dates, shape and tie-breakers (the game is chosen once)."""
    tournament = get_object_or_404(
        selectors.Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    form = TournamentForm(request.POST if request.method == "POST" else None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            # The form has written its values onto its own instance: the service compares
            # them with the day as stored.
            update_tournament(
                tournament=selectors.Tournament.objects.get(pk=tournament.pk),
                changes=form.settings(),
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, gettext("The tournament's settings are saved."))
            return redirect("tournaments:detail", tournament.pk)
    return render(
        request,
        "tournaments/edit.html",
        {"tournament": tournament, "form": form},
        status=422 if form.errors else 200,
    )


@require_GET
def detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = visible(request, tournament_id)
    if isinstance(tournament, HttpResponse):
        return tournament
    return render(request, "tournaments/detail.html", day(request, tournament_id))


def day(
    request: HttpRequest,
    tournament_id: int,
    form: EntrantForm | None = None,
    many: ManyEntrantsForm | None = None,
) -> dict[str, object]:
    tournament = get_object_or_404(
        selectors.Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    secretary = is_secretary(request.user, club_of(request).pk)
    entrants = list(tournament.entrants.select_related("member", "plays_for"))
    standings = selectors.standings(tournament)
    drawn = selectors.rounds(tournament)
    return {
        "tournament": tournament,
        "entrants": entrants,
        "rounds": drawn,
        "bound": selectors.draw_bound(drawn),
        "standings": [row for row in standings if row.ranked],
        "unranked": [row for row in standings if not row.ranked],
        "average": tournament.ranked_by == "average",
        "last_draw": selectors.last_draw(tournament),
        "started": selectors.started_rounds(tournament),
        "tiebreakers": [label(key) for key in selectors.breakers_of(tournament)],
        "final": selectors.final_round(tournament),
        "can_cut": not selectors.cut_refusal(tournament),
        "secretary": secretary,
        "form": form or EntrantForm(club=club_of(request), visitors=secretary),
        "many": many
        or ManyEntrantsForm(
            club=club_of(request), entered=[e.member_id for e in entrants if e.member_id]
        ),
        "several_clubs": any(e.plays_for_id is not None for e in entrants),
    }


@require_POST
@secretary_required
def enter(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(
        selectors.Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    # Only the club's secretary comes here: other clubs' members are offered and accepted.
    form = EntrantForm(request.POST, club=club_of(request), visitors=True)
    if form.is_valid():
        try:
            add_entrant(
                tournament=tournament,
                member=form.cleaned_data["member"],
                guest_name=form.cleaned_data["guest_name"],
                apart=form.cleaned_data["apart"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/detail.html", day(request, tournament_id, form), status=422)


@require_POST
@secretary_required
def enter_many(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Ticked members and pasted names enter at once, or nobody does (the refusal in words)."""
    tournament = get_object_or_404(
        selectors.Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    entered = list(tournament.entrants.exclude(member=None).values_list("member_id", flat=True))
    form = ManyEntrantsForm(request.POST, club=club_of(request), entered=entered)
    if form.is_valid():
        try:
            added = add_entrants(
                tournament=tournament,
                members=list(form.cleaned_data["members"]),
                names=form.cleaned_data["names"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                ngettext("%(count)d player entered.", "%(count)d players entered.", len(added))
                % {"count": len(added)},
            )
            return redirect("tournaments:detail", tournament.pk)
    return render(
        request, "tournaments/detail.html", day(request, tournament_id, many=form), status=422
    )


@require_POST
@secretary_required
def clubs_apart(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One click: every club's members kept apart at the tables (the draw to come)."""
    tournament = get_object_or_404(
        selectors.Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    done = keep_clubs_apart(tournament=tournament)
    messages.success(
        request,
        ngettext(
            "%(count)d member now kept apart from their clubmates: draw the rounds to come.",
            "%(count)d members now kept apart from their clubmates: draw the rounds to come.",
            done.kept,
        )
        % {"count": done.kept},
    )
    if done.too_many:
        messages.warning(
            request,
            gettext("More players than tables in each round, so not kept apart: %(clubs)s.")
            % {"clubs": ", ".join(done.too_many)},
        )
    return redirect("tournaments:detail", tournament_id)


@require_POST
@secretary_required
def drop(request: HttpRequest, tournament_id: int, entrant_id: int) -> HttpResponse:
    entrant = get_object_or_404(
        Entrant,
        pk=entrant_id,
        tournament_id=tournament_id,
        tournament__club=club_of(request),
    )
    try:
        drop_entrant(entrant=entrant)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            gettext("%(name)s has dropped out: draw the rounds to come again.")
            % {"name": entrant.name},
        )
    return redirect("tournaments:detail", tournament_id)


@require_POST
@secretary_required
def draw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(
        selectors.Tournament.objects.filter(club=club_of(request)), pk=tournament_id
    )
    seen = request.POST.get("seen", "")
    shown = int(seen) if seen.isdigit() else None
    try:
        if request.POST.get("tonight"):
            # A club night's next round, from the season's meetings (services.nights).
            drawn = [nights.draw_tonight(tournament=tournament, seen=shown)]
            said = gettext("Drawn from the season's meetings: round %(number)d.")
        else:
            drawn = draw_rounds(tournament=tournament, seen=shown)
            said = gettext("Drawn: round %(number)d.")
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            gettext("Drawn: rounds %(first)d to %(last)d.")
            % {"first": drawn[0].number, "last": drawn[-1].number}
            if len(drawn) > 1
            else said % {"number": drawn[0].number},
        )
    return redirect("tournaments:detail", tournament_id)


# Standings rows a projector page shows: at 1920x1080 beside the tables, read from afar.
PROJECTOR_ROWS = 14


@require_GET
def projector(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """For a 1920x1080 screen: the round in play with live totals, and the day's ranking a page
    at a time. The page asks for itself every 20 seconds, for the next page of the standings
    (the first after the last): the totals, the round and the ranking follow the games."""
    tournament = visible(request, tournament_id)
    if isinstance(tournament, HttpResponse):
        return tournament
    ranked = selectors.standings(tournament)
    pages = max(1, -(-len(ranked) // PROJECTOR_ROWS))
    page = request.GET.get("page", "1")
    number = int(page) if page.isdigit() and 1 <= int(page) <= pages else 1
    first = (number - 1) * PROJECTOR_ROWS
    return render(
        request,
        "tournaments/projector.html",
        {
            "tournament": tournament,
            "current": selectors.round_on_show(selectors.rounds(tournament)),
            "standings": ranked[first : first + PROJECTOR_ROWS],
            "first": first + 1,
            "last": min(first + PROJECTOR_ROWS, len(ranked)),
            "count": len(ranked),
            "page": number,
            "pages": pages,
            "next_page": number % pages + 1,
        },
    )

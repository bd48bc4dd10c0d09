"""The match on the tablet: the captains name their players, the tables' games are scored as any
game, and the card is signed by both captains' PINs (or disputed) on the same tablet."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.files import disposition
from clubs.requests import club_of
from scoring.access.pins import check_pin
from scoring.access.privacy import visible_to_visitors
from scoring.access.requests import member_sign_in, signed_in_here, user_of
from scoring.access.roles import is_secretary
from scoring.models import PublicArea
from scoring.verification import normalise_code
from teams import selectors
from teams.card_pdf import CardInfo, card_pdf
from teams.forms import CaptainForm, ConcedeForm, LineupForm
from teams.match_rules import Side
from teams.models import CardReopening, Fixture, Match
from teams.services.concessions import concede_game, conceded_sentence
from teams.services.lineups import may_choose_lineup
from teams.services.matches import raise_dispute, sign_card, start_match


def _may_start(user: User, fixture: Fixture) -> bool:
    captains = {fixture.home.captain.user_id, fixture.away.captain.user_id}
    return is_secretary(user, fixture.division.competition.club_id) or user.pk in captains


def fixture_to_play(request: HttpRequest, fixture_id: int) -> Fixture:
    """The fixture with `fixture_id` of one of the club's competitions or of one of its teams."""
    return get_object_or_404(
        selectors.fixtures_of_club(club_of(request)).select_related(
            "home__captain", "away__captain", "division__competition"
        ),
        pk=fixture_id,
    )


@require_http_methods(["GET", "POST"])
def play_fixture(request: HttpRequest, fixture_id: int) -> HttpResponse:
    fixture = fixture_to_play(request, fixture_id)
    if not signed_in_here(request):
        return member_sign_in(request)
    existing = Match.objects.filter(fixture=fixture).first()
    if existing is not None:
        return redirect("teams:match", match_id=existing.pk)
    by = user_of(request)
    if request.method == "POST" and not _may_start(by, fixture):
        raise PermissionDenied(gettext("Only a captain or the secretary may start the match."))
    players = fixture.division.competition.players_per_team
    # The line-ups chosen before the night fill the form; the match start seats them.
    initial = {f"{place.side}_{place.slot}": place.member_id for place in fixture.lineup.all()}
    form = LineupForm(
        request.POST or None, fixture=fixture, players_per_team=players, initial=initial
    )
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                match = start_match(
                    by=by,
                    fixture=fixture,
                    home_players=form.players(Side.HOME),
                    away_players=form.players(Side.AWAY),
                )
            except ValidationError as refused:
                form.add_error(None, refused)
            else:
                return redirect("teams:match", match_id=match.pk)
    context = {"fixture": fixture, "form": form, "may_start": _may_start(by, fixture)}
    return render(request, "teams/play_fixture.html", context, status=status)


def _match(request: HttpRequest, match_id: int) -> Match:
    """The match with `match_id` of one of the club's competitions or of one of its teams."""
    return get_object_or_404(
        Match.objects.filter(
            fixture__in=selectors.fixtures_of_club(club_of(request))
        ).select_related(
            "fixture__home__captain", "fixture__away__captain", "fixture__division__competition"
        ),
        pk=match_id,
    )


def match_page(
    request: HttpRequest, match: Match, *, error: str = "", status: int = 200
) -> HttpResponse:
    signed = {signature.side: signature for signature in match.signatures.all()}
    fixture = match.fixture
    captains = [
        (Side.HOME.value, fixture.home, signed.get(Side.HOME.value)),
        (Side.AWAY.value, fixture.away, signed.get(Side.AWAY.value)),
    ]
    context = {
        "match": match,
        "fixture": fixture,
        "games": selectors.match_games(match),
        "outcome": selectors.match_outcome(match),
        "captains": captains,
        "disputes": match.disputes.select_related("raised_by"),
        "conceded": [conceded_sentence(c) for c in match.conceded.all()],
        "error": error,
    }
    return render(request, "teams/match.html", context, status=status)


@require_GET
@visible_to_visitors(PublicArea.STANDINGS)
def match(request: HttpRequest, match_id: int) -> HttpResponse:
    return match_page(request, _match(request, match_id))


def _captain_user(request: HttpRequest, match: Match, form: CaptainForm) -> User:
    """The captain of the chosen side, proved by their PIN (or signed in as themself)."""
    fixture = match.fixture
    captain = (fixture.home if form.cleaned_data["side"] == Side.HOME else fixture.away).captain
    by = user_of(request)
    pin = form.cleaned_data["pin"]
    if not pin and by.pk == captain.user_id:
        return by
    if not pin:
        raise ValidationError(
            gettext("Type %(name)s's PIN: the captain signs.") % {"name": captain.known_as}
        )
    # A wrong PIN is a ValidationError too (PinRefused), counted by the sign-in throttle.
    return check_pin(request, member=captain, pin=pin)


def _captain_act(request: HttpRequest, match_id: int, *, dispute: bool) -> HttpResponse:
    chosen = _match(request, match_id)
    if not signed_in_here(request):
        return member_sign_in(request)
    form = CaptainForm(request.POST)
    if not form.is_valid():
        return match_page(request, chosen, error=form.error_message(), status=422)
    side = Side(form.cleaned_data["side"])
    try:
        signer = _captain_user(request, chosen, form)
        if dispute:
            raise_dispute(
                match=chosen, side=side, signer=signer, reason=form.cleaned_data["reason"]
            )
            done = gettext("The dispute is with the secretary.")
        else:
            sign_card(match=chosen, side=side, signer=signer)
            done = gettext("The captain has signed the card.")
    except ValidationError as refused:
        return match_page(request, chosen, error=" ".join(refused.messages), status=422)
    messages.success(request, done)
    return redirect("teams:match", match_id=chosen.pk)


@require_POST
def sign(request: HttpRequest, match_id: int) -> HttpResponse:
    return _captain_act(request, match_id, dispute=False)


@require_POST
def dispute(request: HttpRequest, match_id: int) -> HttpResponse:
    return _captain_act(request, match_id, dispute=True)


@require_GET
@visible_to_visitors(PublicArea.DOCUMENTS)
def card(request: HttpRequest, match_id: int) -> HttpResponse:
    chosen = _match(request, match_id)
    verify_url = (
        request.build_absolute_uri(reverse("teams:verify_card", args=[chosen.verification_code]))
        if chosen.is_signed
        else ""
    )
    body = card_pdf(CardInfo(chosen, selectors.match_outcome(chosen), verify_url))
    response = HttpResponse(body, content_type="application/pdf")
    words = gettext("BalutClub match card %(number)d") % {"number": chosen.pk}
    response["Content-Disposition"] = disposition(words, "pdf", attachment=False)
    return response


@require_GET
def verify_card(request: HttpRequest, code: str) -> HttpResponse:
    """The card a printed code names, and whether it still records what was signed."""
    normalised = normalise_code(code)
    if normalised is None:
        raise Http404(gettext("No signed match card has this code."))
    in_club = Match.objects.filter(fixture__in=selectors.fixtures_of_club(club_of(request)))
    chosen = in_club.filter(verification_code=normalised).first()
    reopening = None
    if chosen is None:
        # A code a correction ended: the card says so rather than not knowing it.
        reopening = (
            CardReopening.objects.filter(match__in=in_club, verification_code=normalised)
            .select_related("match__fixture__home", "match__fixture__away")
            .first()
        )
        if reopening is None:
            raise Http404(gettext("No signed match card has this code."))
        chosen = reopening.match
    # The card stands while its games still come to the figures the captains signed (a
    # correction that changed no figure leaves it standing).
    intact = reopening is None and selectors.card_still_holds(chosen)
    context = {"match": chosen, "intact": intact, "reopening": reopening}
    return render(request, "teams/verify_card.html", context)


@require_POST
def concede(request: HttpRequest, match_id: int) -> HttpResponse:
    """A side's captain (or its club's secretary) concedes one table's game, with a reason."""
    chosen = _match(request, match_id)
    if not signed_in_here(request):
        return member_sign_in(request)
    by = user_of(request)
    fixture = chosen.fixture
    if not (may_choose_lineup(by, fixture.home) or may_choose_lineup(by, fixture.away)):
        raise PermissionDenied(gettext("Only a captain or the secretary concedes a game."))
    form = ConcedeForm(request.POST)
    if not form.is_valid():
        return match_page(request, chosen, error=form.error_message(), status=422)
    try:
        conceded = concede_game(
            by=by,
            match=chosen,
            table=form.cleaned_data["table"],
            side=Side(form.cleaned_data["side"]),
            reason=form.cleaned_data["reason"],
        )
    except ValidationError as refused:
        return match_page(request, chosen, error=" ".join(refused.messages), status=422)
    messages.success(request, conceded_sentence(conceded))
    return redirect("teams:match", match_id=chosen.pk)

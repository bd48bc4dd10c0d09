"""Starting a game at the table: the scorer's PIN both signs them in and authorises the start."""

from __future__ import annotations

import time
from collections.abc import Mapping

from django.contrib.auth import login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs.requests import club_of
from clubs.selectors import all_clubs, belongs_to
from scoring import club, rules
from scoring.access.pins import PIN_BACKEND, check_pin, start_pin_session
from scoring.forms.seats import find_field, seat_fields, visitor_pin_field
from scoring.forms.setup import SEAT_COUNT, GameSetupForm
from scoring.forms.visitors import visitors
from scoring.language import follow_member
from scoring.models import Game, Member
from scoring.selectors import members_of
from scoring.services.games import start_game
from scoring.services.members import PinRefused

PIN_CHECKED = "game_new_pin_checked"
PIN_CHECK_SECONDS = 10 * 60
"""A PIN checked on a start refused for something else is not asked again for this long."""


# Open to anyone, signed in or not: the tablet at the table is shared, and the PIN authorises.
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    house = club.house_settings(club_of(request))
    defaults = {key: house.options_for(key).as_dict() for key in rules.RULESET_KEYS}
    known = _known_scorer(request)
    if request.method != "POST":
        initial: dict[str, object] = dict(defaults[rules.DEFAULT_RULESET.key])
        signed_in = _signed_in_member(request)
        if signed_in is not None and signed_in.pin_hash and signed_in.is_active:
            initial["scorer"] = signed_in.pk  # the member on the tablet usually keeps the score
        form = GameSetupForm(initial=initial, club=club_of(request), visitors=_visitors(request))
        context = {"form": form, "option_defaults": defaults, "pin_known": known}
        return render(request, "scoring/game_new.html", context)
    if "find_seat" in request.POST and _visitors(request):
        # "Find" pressed (a browser without scripts): the page again, with the seat's matches.
        return _with_found(request, defaults, known)
    form = GameSetupForm(request.POST, club=club_of(request), visitors=_visitors(request))
    form.is_valid()
    known = _check_pin(request, form, known)
    if form.is_valid():
        _check_visitor_pins(request, form)
    if form.is_valid():
        game = _start(request, form, idle_hours=house.pin_session_hours)
        if game is not None:
            return redirect("scoring:game", game_id=game.pk)
    context = {"form": form, "option_defaults": defaults, "pin_known": known}
    return render(request, "scoring/game_new.html", context, status=422)


def _with_found(
    request: HttpRequest, defaults: Mapping[str, object], known: Member | None
) -> HttpResponse:
    """The form as sent (not yet checked: nothing is refused while seats are being filled),
    with the members of other clubs matching each seat's search in the seat's list."""
    found = {
        seat: visitors(club_of(request), text=text)
        for seat in range(SEAT_COUNT)
        if (text := request.POST.get(find_field(seat), "").strip())
    }
    initial = {
        name: request.POST.get(name)
        for name in request.POST
        if name != "pin" and not name.endswith("_pin")
    }
    form = GameSetupForm(initial=initial, club=club_of(request), visitors=True, found=found)
    context = {"form": form, "option_defaults": defaults, "pin_known": known}
    return render(request, "scoring/game_new.html", context)


@require_GET
def visitor_search(request: HttpRequest) -> HttpResponse:
    """A seat's list with the members of other clubs whose name matches what is typed in the
    seat's search (htmx, as it is typed). Their names are for the club's own signed-in
    members only, as on the start page."""
    if not _visitors(request):
        raise PermissionDenied(
            _("Only a member of this club who is signed in may look for members of other clubs.")
        )
    seat = _seat(request.GET.get("seat", ""))
    if seat is None:
        return HttpResponseBadRequest(_("There is no such seat."))
    member = seat_fields(seat)[0]
    found = {seat: visitors(club_of(request), text=request.GET.get(find_field(seat), ""))}
    form = GameSetupForm(
        initial={member: request.GET.get(member, "")},
        club=club_of(request),
        visitors=True,
        found=found,
    )
    return render(request, "scoring/partials/seat_member.html", {"row": form.seat_rows()[seat]})


def _seat(value: str) -> int | None:
    """A seat's index (0-based) as a page sends it; None if there is no such seat."""
    return int(value) if value.isdigit() and int(value) < SEAT_COUNT else None


def _signed_in_member(request: HttpRequest) -> Member | None:
    if not request.user.is_authenticated:
        return None
    return getattr(request.user, "member", None)


def _known_scorer(request: HttpRequest) -> Member | None:
    """The member whose PIN this tablet need not ask for: signed in here, or checked a moment
    ago on a start that was refused for something else."""
    checked = request.session.get(PIN_CHECKED)
    if (
        isinstance(checked, list)
        and len(checked) == 2
        and time.time() - checked[1] < PIN_CHECK_SECONDS
    ):
        return members_of(club_of(request)).filter(pk=checked[0], is_active=True).first()
    return _signed_in_member(request)


def _visitors(request: HttpRequest) -> bool:
    """Other clubs' members are offered to a signed-in member of this club only: their names
    are not for whoever picks up the tablet."""
    # A server of one club has no other clubs to look in: no search is offered.
    return belongs_to(club_of(request).pk, request.user) and len(all_clubs()) > 1


def _check_pin(request: HttpRequest, form: GameSetupForm, known: Member | None) -> Member | None:
    """Ask for the scorer's PIN unless it is known; a right PIN is remembered for a while, so
    a refusal of anything else does not ask for it again."""
    scorer = form.cleaned_data.get("scorer")
    if scorer is None or (known is not None and scorer.pk == known.pk):
        return known
    pin = form.cleaned_data.get("pin", "")
    if not pin:
        form.add_error("pin", _("Enter the scorer's PIN."))
        return known
    try:
        check_pin(request, member=scorer, pin=pin)
    except PinRefused as refused:
        form.add_error("pin", refused.messages)
        return known
    request.session[PIN_CHECKED] = [scorer.pk, time.time()]
    return scorer


def _check_visitor_pins(request: HttpRequest, form: GameSetupForm) -> None:
    """A member of another club sits only with their PIN typed at this tablet (counted by the
    sign-in throttle like any PIN); without it they may still play, as a guest by name."""
    for seat, member in form.visitor_seats():
        field = visitor_pin_field(seat)
        pin = form.cleaned_data.get(field, "")
        if not pin:
            form.add_error(
                field,
                _(
                    "%(name)s is a member of another club: type their PIN, or seat them as a "
                    "guest by name."
                )
                % {"name": member.known_as},
            )
            continue
        try:
            check_pin(request, member=member, pin=pin)
        except PinRefused as refused:
            form.add_error(field, refused.messages)


def _start(request: HttpRequest, form: GameSetupForm, *, idle_hours: int) -> Game | None:
    """The new game, with its scorer signed in; None with the refusal added to the form."""
    scorer = form.cleaned_data["scorer"]
    try:
        game = start_game(
            in_club=club_of(request),
            ruleset=form.cleaned_data["ruleset"],
            seats=form.seats(),
            scorer=scorer,
            created_by=scorer.user,
            options=form.options(),
            friendly=form.cleaned_data["friendly"],
        )
    except ValidationError as refused:
        form.add_error(None, refused.messages)
        return None
    # Signed in only once the game exists, so a refused start leaves the tablet as it was.
    request.session.pop(PIN_CHECKED, None)
    if request.user != scorer.user:
        login(request, scorer.user, backend=PIN_BACKEND)
        follow_member(request, scorer.user)
        start_pin_session(request, club_id=club_of(request).pk, idle_hours=idle_hours)
    return game

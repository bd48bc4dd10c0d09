"""Starting a game at the table: the scorer's PIN both signs them in and authorises the start."""

from __future__ import annotations

from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from league.selectors import club_settings, default_options
from scoring import rules
from scoring.models import Game
from scoring.pins import check_pin, start_pin_session
from scoring.services.games import start_game
from scoring.services.members import PinRefused
from scoring.setup_forms import GameSetupForm


# Open to anyone, signed in or not: the tablet at the table is shared, and the PIN authorises.
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    settings = club_settings()
    defaults = {key: default_options(key, settings).as_dict() for key in rules.RULESET_KEYS}
    if request.method != "POST":
        form = GameSetupForm(initial=defaults["balut"])
        context = {"form": form, "option_defaults": defaults}
        return render(request, "scoring/game_new.html", context)
    form = GameSetupForm(request.POST)
    if form.is_valid():
        game = _start(request, form, idle_hours=settings.pin_session_hours)
        if game is not None:
            return redirect("scoring:game", game_id=game.pk)
    context = {"form": form, "option_defaults": defaults}
    return render(request, "scoring/game_new.html", context, status=422)


def _start(request: HttpRequest, form: GameSetupForm, *, idle_hours: int) -> Game | None:
    """The new game, with its scorer signed in; None with the refusal added to the form."""
    scorer = form.cleaned_data["scorer"]
    try:
        user = check_pin(request, member=scorer, pin=form.cleaned_data["pin"])
    except PinRefused as refused:
        form.add_error("pin", refused.messages)
        return None
    try:
        game = start_game(
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
    login(request, user)
    start_pin_session(request, idle_hours=idle_hours)
    return game

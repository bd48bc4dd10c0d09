"""The game page: the scorer's tablet for its scorer, the live sheet for everyone else."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring import club, rules
from scoring.access.permissions import can_correct, can_record_turns, keeps_game
from scoring.access.privacy import PublicArea, visible_to_visitors
from scoring.box_names import box_name
from scoring.forms.turns import BarbutTurnForm, FiveDiceTurnForm, TurnSubmission
from scoring.models import Game
from scoring.presentation.sheets import build_sheet
from scoring.presentation.tablet import barbut_throws, five_dice_preview, offline_plan, tablet_words
from scoring.presentation.turn_lines import correction_lines, describe, turn_lines
from scoring.selectors import LoadedGame, game_corrections, load_game
from scoring.services.turns import StaleTurn, record_turn

PLAY_PARTIAL = "scoring/partials/play.html"
RECENT_KEYS = 12
"""How many of the last turns' request keys the page names: the tablet drops a kept entry
whose key the server has recorded, even when the answer to it was lost."""


def _game(game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("scorer"), pk=game_id)


def play_context(
    request: HttpRequest, loaded: LoadedGame, *, notice: str = "", error: str = ""
) -> dict[str, object]:
    state = loaded.state
    # The club's house rules: the sheet shows the drinks and register claims the books keep.
    sheet = build_sheet(loaded, loaded.result(club.house_rules()))
    can_record = can_record_turns(request.user, loaded.game) and not state.complete
    may_correct = can_correct(request.user, loaded.game)
    context: dict[str, object] = {
        "game": loaded.game,
        "loaded": loaded,
        "sheet": sheet,
        "result": sheet.result,
        "can_record": can_record,
        "can_correct": may_correct,
        "turn_lines": turn_lines(loaded) if may_correct else [],
        "corrections": correction_lines(game_corrections(loaded.game)),
        "next_player": loaded.next_player,
        "expected_number": len(loaded.turns),
        "request_key": uuid.uuid4(),
        "recorded_keys": [
            str(turn.request_key) for turn in loaded.turns[-RECENT_KEYS:] if turn.request_key
        ],
        "notice": notice,
        "error": error,
        "five_dice": isinstance(state, rules.FiveDiceGame),
    }
    if isinstance(state, rules.FiveDiceGame):
        context.update(
            round_number=state.round_number,
            rounds=state.rules.turns_per_player,
            last_round_starting=state.last_round_starting,
            round_starter=_round_starter(loaded, state),
            subtotals=list(zip(loaded.setup.players, state.subtotals(), strict=True)),
        )
        if can_record:
            context["preview"] = five_dice_preview(state)
            context["offline"] = offline_plan(state)
    elif can_record:
        context["barbut_throws"] = barbut_throws()
    return context


# Live game pages are never kept by the browser (back/forward cache, HTTP cache): going
# back to one fetches the sheet as it is now, so nothing is entered on a stale page.
@never_cache
@require_GET
@visible_to_visitors(PublicArea.GAMES)
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    loaded = load_game(_game(game_id))
    context = play_context(request, loaded)
    if context["can_record"]:
        context["tablet_words"] = tablet_words()
    return render(request, "scoring/game.html", context)


@never_cache
@require_POST
def record_turn_view(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    # A finished game is the service's to refuse, with a message, and a retried last turn
    # must still be answered as recorded.
    if not keeps_game(request.user, game):
        raise PermissionDenied(_("Only the game's scorer or the secretary records its turns."))
    form_class: type[TurnSubmission] = (
        FiveDiceTurnForm if rules.ruleset_info(game.ruleset).five_dice else BarbutTurnForm
    )
    form = form_class(request.POST)
    if not form.is_valid():
        return _answer(request, load_game(game), error=_form_error(form), status=422)
    assert isinstance(form, (BarbutTurnForm, FiveDiceTurnForm))
    try:
        recorded = record_turn(
            game=game,
            turn_record=form.turn_record(),
            expected_number=form.cleaned_data["expected_number"],
            request_key=form.cleaned_data["request_key"],
            recorded_by=request.user,  # type: ignore[arg-type]
        )
    except StaleTurn as stale:
        # The entry is refused, never dropped in silence: the scorer reads what was not
        # recorded next to the current sheet, and the tablet keeps the taps to enter again.
        refused = _("Not recorded: %(player)s, %(turn)s.") % {
            "player": form.cleaned_data["player"],
            "turn": describe(form.turn_record()),
        }
        return _answer(request, load_game(game), error=f"{_message(stale)} {refused}", status=409)
    except ValidationError as refused:
        return _answer(request, load_game(game), error=_message(refused), status=422)
    except club.BookingFailed as failed:
        # Nothing of the turn was kept: the tablet may send it again with the same key.
        return _answer(request, load_game(game), error=failed.message, status=503)
    return _answer(request, recorded.loaded, notice=_turn_notice(recorded.loaded, recorded.turn))


def _answer(
    request: HttpRequest,
    loaded: LoadedGame,
    *,
    notice: str = "",
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The play partial for htmx; a redirect back to the game page for a plain form post."""
    if request.htmx:  # type: ignore[attr-defined]
        context = play_context(request, loaded, notice=notice, error=error)
        return render(request, PLAY_PARTIAL, context, status=status)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("scoring:game", game_id=loaded.game.pk)


def _round_starter(loaded: LoadedGame, state: rules.FiveDiceGame) -> str:
    """The bar game's announcement as a round begins, from the engine's starter."""
    starter = state.round_starter
    if starter is None:
        return ""
    seat, score = starter
    return _("Round %(round)s: %(player)s starts, highest box last round (%(score)s).") % {
        "round": state.round_number,
        "player": loaded.players[seat].name,
        "score": score,
    }


def _turn_notice(loaded: LoadedGame, turn: object) -> str:
    from scoring.models import Turn

    assert isinstance(turn, Turn)
    player = loaded.players[turn.player.seat].name
    if loaded.setup.five_dice:
        return _("%(player)s: %(box)s %(score)s") % {
            "player": player,
            "box": box_name(turn.box),
            "score": turn.score,
        }
    if turn.score:
        return _("%(player)s: %(score)s banked") % {"player": player, "score": turn.score}
    return _("%(player)s: no points this turn") % {"player": player}


def _form_error(form: TurnSubmission) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


def _message(error: ValidationError) -> str:
    return " ".join(error.messages)

"""The game page: the scorer's tablet for its scorer, the live sheet for everyone else."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from league.models import PublicArea
from league.privacy import visible_to_visitors
from league.selectors import house_rules
from league.services.ledger import book_game_debts
from league.services.results import store_game_results
from scoring import rules
from scoring.forms import BarbutTurnForm, FiveDiceTurnForm, TurnSubmission
from scoring.models import Game
from scoring.permissions import can_correct, can_record_turns, keeps_game
from scoring.selectors import LoadedGame, game_corrections, load_game
from scoring.services.turns import StaleTurn, record_turn
from scoring.sheets import build_sheet
from scoring.tablet import barbut_throws, five_dice_preview
from scoring.turn_lines import correction_lines, turn_lines

PLAY_PARTIAL = "scoring/partials/play.html"


def _game(game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("scorer"), pk=game_id)


def play_context(
    request: HttpRequest, loaded: LoadedGame, *, notice: str = "", error: str = ""
) -> dict[str, object]:
    state = loaded.state
    # The club's house rules: the sheet shows the drinks and register claims the books keep.
    sheet = build_sheet(loaded, loaded.result(house_rules()))
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
        "notice": notice,
        "error": error,
        "five_dice": isinstance(state, rules.FiveDiceGame),
    }
    if isinstance(state, rules.FiveDiceGame):
        context.update(
            round_number=state.round_number,
            rounds=state.rules.turns_per_player,
            last_round_starting=state.last_round_starting,
            subtotals=list(zip(loaded.setup.players, state.subtotals(), strict=True)),
        )
        if can_record:
            context["preview"] = five_dice_preview(state)
    elif can_record:
        context["barbut_throws"] = barbut_throws()
    return context


@require_GET
@visible_to_visitors(PublicArea.GAMES)
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    loaded = load_game(_game(game_id))
    return render(request, "scoring/game.html", play_context(request, loaded))


@require_POST
def record_turn_view(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    # A finished game is the service's to refuse, with a message, and a retried last turn
    # must still be answered as recorded.
    if not keeps_game(request.user, game):
        raise PermissionDenied("Only the game's scorer or the secretary records its turns.")
    form_class: type[TurnSubmission] = (
        BarbutTurnForm if game.ruleset == "barbut4" else FiveDiceTurnForm
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
        return _answer(request, load_game(game), error=_message(stale), status=409)
    except ValidationError as refused:
        return _answer(request, load_game(game), error=_message(refused), status=422)
    if recorded.loaded.game.is_finished:
        # Booked here, not in record_turn, whose queries must cost the same on every turn.
        book_game_debts(game=recorded.loaded.game)
        store_game_results(game=recorded.loaded.game)
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


def _turn_notice(loaded: LoadedGame, turn: object) -> str:
    from scoring.models import Turn

    assert isinstance(turn, Turn)
    player = loaded.players[turn.player.seat].name
    if loaded.setup.five_dice:
        return f"{player}: {rules.box_label(turn.box)} {turn.score}"
    return f"{player}: {turn.score} banked" if turn.score else f"{player}: no points this turn"


def _form_error(form: TurnSubmission) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


def _message(error: ValidationError) -> str:
    return " ".join(error.messages)

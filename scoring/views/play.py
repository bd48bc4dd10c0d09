"""The game page: the scorer's tablet for its scorer, the live sheet for everyone else."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap

from clubs.requests import club_of
from scoring import club, rules
from scoring.access.permissions import can_correct, can_record_turns, keeps_game
from scoring.access.privacy import PublicArea, visible_to_visitors
from scoring.box_names import box_name
from scoring.forms.turns import BarbutTurnForm, FiveDiceTurnForm, TurnSubmission
from scoring.game_panels import game_note_urls, game_panel_urls
from scoring.live_games import LiveGame
from scoring.models import Game, Turn
from scoring.presentation.sheets import ScoreSheet, build_sheet
from scoring.presentation.tablet import (
    barbut_throws,
    five_dice_preview,
    offline_columns,
    offline_plan,
    preview_payload,
    tablet_words,
)
from scoring.presentation.turn_lines import (
    correction_lines,
    describe,
    turn_line,
    turn_lines,
    who,
)
from scoring.selectors import (
    LoadedGame,
    club_games,
    game_corrections,
    game_house_rules,
    load_game,
    turn_numbered,
)
from scoring.services.turns import GameAsked, RecordedTurn, StaleTurn, record_turn

PLAY_PARTIAL = "scoring/partials/play.html"
TURN_ANSWER = "scoring/partials/turn_answer.html"


def _game(request: HttpRequest, game_id: int) -> Game:
    """The game of this club with `game_id`; another club's game is not found here."""
    return get_object_or_404(club_games(club_of(request)).select_related("scorer"), pk=game_id)


def play_context(
    request: HttpRequest,
    live: LiveGame,
    *,
    house: rules.HouseRules | None = None,
    notice: str = "",
    notice_bust: bool = False,
    error: str = "",
    whole: bool = True,
    preview_rolls: bool = True,
) -> dict[str, object]:
    """What the play area shows, but the turns to correct and the corrections (the full
    area's only: a turn's answer adds its own line). `whole=False` for a turn's answer, which
    leaves in place what a game never changes (the offline columns). `preview_rolls=False`:
    the pad's preview names its boxes only, for a tablet that looks their rolls up in the
    offline columns it holds (`_holds_columns`)."""
    state = live.state
    # The game's house rules: the sheet shows the drinks and register claims the books keep.
    house = house or game_house_rules(live.game)
    sheet = build_sheet(live, live.result(house))
    can_record = can_record_turns(request.user, live.game) and not state.complete
    context: dict[str, object] = {
        "game": live.game,
        "sheet": sheet,
        "result": sheet.result,
        "can_record": can_record,
        # A void game takes no correction (scoring.services.corrections): no link to one.
        "can_correct": can_correct(request.user, live.game) and not live.game.is_void,
        "turn_lines": [],
        "next_player": live.next_player,
        "expected_number": live.turn_count,
        "request_key": uuid.uuid4(),
        "recorded_keys": list(live.recent_keys),
        "notice": notice,
        # A turn that scored nothing is told plainly, not in the green of a score.
        "notice_bust": notice_bust,
        "error": error,
        "five_dice": isinstance(state, rules.FiveDiceGame),
    }
    if isinstance(state, rules.FiveDiceGame):
        context.update(
            round_number=state.round_number,
            rounds=state.rules.turns_per_player,
            last_round_starting=state.last_round_starting,
            round_starter=_round_starter(live, state),
            subtotals=list(zip(live.setup.players, state.subtotals(), strict=True)),
        )
        if can_record:
            preview = five_dice_preview(
                state, drinks=house.drinks_kept(live.setup.ruleset), rolls=preview_rolls
            )
            context["preview"] = preview
            context["preview_json"] = preview_payload(state, preview)
            context["offline"] = offline_plan(state, sheet.result)
            if whole:
                # Only the full play area renders these (a turn's answer leaves them in place).
                context["offline_columns"] = offline_columns(state)
    elif can_record:
        context["barbut_throws"] = barbut_throws()
    return context


def _page_context(
    request: HttpRequest,
    loaded: LoadedGame,
    *,
    notice: str = "",
    notice_bust: bool = False,
    error: str = "",
) -> dict[str, object]:
    """The whole play area, from the game read whole: the page, and a refused turn's answer."""
    live = LiveGame.from_loaded(loaded)
    context = play_context(request, live, notice=notice, notice_bust=notice_bust, error=error)
    if context["can_correct"]:
        context["turn_lines"] = turn_lines(loaded)
    context["corrections"] = correction_lines(game_corrections(loaded.game))
    return context


# Live game pages are never kept by the browser (back/forward cache, HTTP cache): going
# back to one fetches the sheet as it is now, so nothing is entered on a stale page.
@never_cache
@require_GET
@visible_to_visitors(PublicArea.GAMES)
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    loaded = load_game(_game(request, game_id))
    context = _page_context(request, loaded)
    if context["can_record"]:
        context["tablet_words"] = tablet_words()
    context["game_panels"] = game_panel_urls(loaded.game)
    context["game_notes"] = game_note_urls(loaded.game)
    return render(request, "scoring/game.html", context)


@never_cache
@require_POST
def record_turn_view(request: HttpRequest, game_id: int) -> HttpResponse:
    form = _pad_form(request)
    # No visitor keeps a game's score: refused (a game that is not, not found) on a read,
    # before any transaction takes the write lock.
    if not request.user.is_authenticated or form is None or not form.is_valid():
        # Read as the game's own kind: its refusal, worded for its pad (or its turn after all).
        return _checked_turn(request, _game(request, game_id))
    # A turn as the pad posts it: the service reads and locks the game itself (one read, not
    # two), refusing another club's game and a user who may not record its turns.
    return _turn(request, GameAsked(club_id=club_of(request).pk, pk=game_id), form)


def _pad_form(request: HttpRequest) -> FiveDiceTurnForm | BarbutTurnForm | None:
    """The turn's form, known by the fields its pad posts (the five-dice pad posts the dice,
    Barbut's only its throws). A game of the other kind refuses the turn in the service."""
    if "dice" in request.POST:
        return FiveDiceTurnForm(request.POST)
    if "throws" in request.POST:
        return BarbutTurnForm(request.POST)
    return None


def _checked_turn(request: HttpRequest, game: Game) -> HttpResponse:
    # A finished game is the service's to refuse, with a message, and a retried last turn
    # must still be answered as recorded.
    if not keeps_game(request.user, game):
        raise PermissionDenied(_("Only the game's scorer or the secretary records its turns."))
    form_class: type[TurnSubmission] = (
        FiveDiceTurnForm if rules.ruleset_info(game.ruleset).five_dice else BarbutTurnForm
    )
    form = form_class(request.POST)
    if not form.is_valid():
        return _answer(request, game, error=_form_error(form), status=422)
    assert isinstance(form, (BarbutTurnForm, FiveDiceTurnForm))
    return _turn(request, game, form)


def _turn(
    request: HttpRequest, game: Game | GameAsked, form: BarbutTurnForm | FiveDiceTurnForm
) -> HttpResponse:
    try:
        recorded = record_turn(
            game=game,
            turn_record=form.turn_record(),
            expected_number=form.cleaned_data["expected_number"],
            request_key=form.cleaned_data["request_key"],
            recorded_by=request.user,  # type: ignore[arg-type]
        )
    except Game.DoesNotExist as missing:
        raise Http404 from missing
    except StaleTurn as stale:
        read = _read(request, game)
        return _answer(request, read, error=_stale_refusal(request, read, form, stale), status=409)
    except ValidationError as refused:
        return _answer(request, _read(request, game), error=_message(refused), status=422)
    except club.BookingFailed as failed:
        # Nothing of the turn was kept: the tablet may send it again with the same key.
        return _answer(request, _read(request, game), error=failed.message, status=503)
    notice = _turn_notice(recorded.live, recorded.turn)
    bust = recorded.turn.score == 0
    if _takes_pieces(request, recorded):
        return _pieces(request, recorded, notice=notice, notice_bust=bust)
    # The game row as the service left it (finished, perhaps), not as this view first read it.
    return _answer(request, recorded.live.game, notice=notice, notice_bust=bust)


def _read(request: HttpRequest, game: Game | GameAsked) -> Game:
    """The game a refused turn's answer shows: read now, when the service did not give it."""
    return game if isinstance(game, Game) else _game(request, game.pk)


def _takes_pieces(request: HttpRequest, recorded: RecordedTurn) -> bool:
    """The tablet's own form swaps into #play and can take the pieces that changed, the
    finishing turn's too (its header, banner and the pad's going are pieces as well). A
    repeated key or any other caller (the offline queue replaying a turn) gets the whole play
    area, as before."""
    return (
        bool(request.htmx)  # type: ignore[attr-defined]
        and request.htmx.target == "play"  # type: ignore[attr-defined]
        and not recorded.repeated
    )


def _pieces(
    request: HttpRequest, recorded: RecordedTurn, *, notice: str, notice_bust: bool
) -> HttpResponse:
    """The answer to a recorded turn: what it changed, swapped out of band (turn_answer.html)."""
    live, before = recorded.live, recorded.before
    assert before is not None
    house = game_house_rules(live.game)
    context = play_context(
        request,
        live,
        house=house,
        notice=notice,
        notice_bust=notice_bust,
        whole=False,
        preview_rolls=not _holds_columns(request),
    )
    sheet = context["sheet"]
    assert isinstance(sheet, ScoreSheet)
    if isinstance(live.state, rules.FiveDiceGame):
        # The rows that differ from the sheet the turn found: the cell filled, and what it
        # moved (a row's total and points, a jackpot's bonus), however the rules link them.
        earlier = build_sheet(before, before.result(house))
        # The finishing turn sends the jackpot rows too: a jackpot's bonus "for now" is final
        # now. No other row reads whether the game is complete (sheet_column.html).
        context["changed_rows"] = [
            row
            for row, old in zip(sheet.rows, earlier.rows, strict=True)
            if row != old or (live.state.complete and row.jackpot)
        ]
    else:
        context["new_barbut_line"] = sheet.barbut_lines[-1]
    line = turn_line(recorded.turn)
    context.update(new_turn_line=line, turn_lines=[line], turn_count=live.turn_count)
    response = render(request, TURN_ANSWER, context)
    # Nothing replaces #play itself: every piece names the element it replaces.
    return reswap(response, "none")


def _holds_columns(request: HttpRequest) -> bool:
    """Whether the pad that sent the turn looks its rolls up in the engine's columns its page
    holds (#offline-columns, static/js/tablet.js), as its form says (five_dice_pad.html): its
    answer then leaves the next pad's 252 rolls out, most of the answer. A page's script from
    before it did says nothing, and gets the rolls."""
    return request.POST.get("rolls_from") == "columns"


def _answer(
    request: HttpRequest,
    game: Game,
    *,
    notice: str = "",
    notice_bust: bool = False,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The play partial for htmx; a redirect back to the game page for a plain form post."""
    if request.htmx:  # type: ignore[attr-defined]
        context = _page_context(
            request, load_game(game), notice=notice, notice_bust=notice_bust, error=error
        )
        return render(request, PLAY_PARTIAL, context, status=status)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("scoring:game", game_id=game.pk)


def _round_starter(live: LiveGame, state: rules.FiveDiceGame) -> str:
    """The bar game's announcement as a round begins, from the engine's starter."""
    starter = state.round_starter
    if starter is None:
        return ""
    seat, score = starter
    return _("Round %(round)s: %(player)s starts, highest box last round (%(score)s).") % {
        "round": state.round_number,
        "player": live.players[seat].name,
        "score": score,
    }


def _turn_notice(live: LiveGame, turn: Turn) -> str:
    player = live.players[turn.player.seat].name
    if live.setup.five_dice:
        return _("%(player)s: %(box)s %(score)s") % {
            "player": player,
            "box": box_name(turn.box),
            "score": turn.score,
        }
    if turn.score:
        return _("%(player)s: %(score)s banked") % {"player": player, "score": turn.score}
    return _("%(player)s: no points this turn") % {"player": player}


def _stale_refusal(
    request: HttpRequest, game: Game, form: BarbutTurnForm | FiveDiceTurnForm, stale: StaleTurn
) -> str:
    """The entry is refused, never dropped in silence, and the refusal says who entered the
    turn that took its place. It says once what was not recorded: the tablet (an htmx post)
    keeps the taps and names them in its own notice to enter again, so only a plain form
    post hears them here."""
    number = form.cleaned_data["expected_number"]
    taken = turn_numbered(game, number)
    parts = []
    if taken is not None and taken.recorded_by is not None:
        parts.append(
            _("%(who)s entered turn %(number)s meanwhile (%(player)s: %(turn)s).")
            % {
                "who": who(taken.recorded_by),
                "number": number + 1,
                "player": taken.player.name,
                "turn": describe(taken.record),
            }
        )
    parts.append(_message(stale))
    if not request.htmx:  # type: ignore[attr-defined]
        parts.append(
            _("Not recorded: %(player)s, %(turn)s.")
            % {"player": form.cleaned_data["player"], "turn": describe(form.turn_record())}
        )
    return " ".join(parts)


def _form_error(form: TurnSubmission) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


def _message(error: ValidationError) -> str:
    return " ".join(error.messages)

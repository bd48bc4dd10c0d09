"""What a sheet's text says against the game as recorded: its verification code, and each
player's figures (the "Figures:" lines and the score table's rows). Nothing here writes;
scoring.sheet_checks.check puts these together with the pictures into a sheet's verdict."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from scoring import rules
from scoring.models import Game
from scoring.selectors import game_house_rules, load_game, recorded_game
from scoring.sheet_checks.text import Printed
from scoring.verification import verification_code

# Which figure of a player a comparison is about (each is worded in a message of its own).
SCORE = "score"
POINTS = "points"


def code_problems(game: Game, printed: Printed) -> list[str]:
    if printed.unreadable_codes:
        shown = ", ".join(sorted(printed.unreadable_codes))
        return [
            _("The verification code printed on this PDF (%(shown)s) is not a valid code.")
            % {"shown": shown}
        ]
    if not printed.codes:
        return [
            _(
                "No verification code is printed on this PDF: only a sheet printed after every "
                "player signed carries one."
            )
        ]
    if len(printed.codes) > 1:
        return [
            _("This PDF shows different codes (%(codes)s).")
            % {"codes": ", ".join(sorted(printed.codes))}
        ]
    if not game.is_signed:
        return [
            _(
                "Game #%(game)d is not signed by every player (or a correction voided its "
                "signatures): it has no verification code, so no PDF of it can be verified."
            )
            % {"game": game.pk}
        ]
    problems = []
    if verification_code(recorded_game(game), game.verification_format) != game.verification_code:
        problems.append(
            _(
                "Game #%(game)d as recorded no longer matches the code it was signed with: "
                "it has been changed since it was signed."
            )
            % {"game": game.pk}
        )
    (code,) = printed.codes
    if code != game.verification_code:
        problems.append(
            _(
                "The code on this PDF (%(code)s) is not the code game #%(game)d was signed "
                "with: the PDF was altered, or printed before a correction."
            )
            % {"code": code, "game": game.pk}
        )
    return problems


def figure_problems(
    game: Game, printed: Printed, house_rules: rules.HouseRules | None = None
) -> list[str]:
    try:
        house = house_rules if house_rules is not None else game_house_rules(game)
        result = load_game(game).result(house)
    except rules.RuleError:
        return [
            _("Game #%(game)d as recorded no longer follows the rules: it has been altered.")
            % {"game": game.pk}
        ]
    if not printed.lines and not printed.table_scores:
        return [_("No players' figures could be read on this PDF, so they cannot be checked.")]
    problems = []
    if printed.lines:
        problems += _line_problems(result, printed)
    for row in printed.table_scores:
        problems += _row_problems(result, row, SCORE, lambda p: p.score)
    for row in printed.table_points:
        problems += _row_problems(result, row, POINTS, lambda p: p.total_points)
    return list(dict.fromkeys(problems))


def _line_problems(result: rules.GameResult, printed: Printed) -> list[str]:
    problems = []
    for seat in sorted(set(printed.lines) - {p.seat for p in result.players}):
        problems.append(
            _("The PDF gives figures for seat %(seat)d: the game has no such seat.")
            % {"seat": seat + 1}
        )
    for player in result.players:
        shown = printed.lines.get(player.seat, set())
        if not shown:
            problems.append(_("The PDF gives no figures for %(name)s.") % {"name": player.name})
            continue
        if len(shown) > 1:
            problems.append(
                _("The PDF gives %(name)s different figures in different places.")
                % {"name": player.name}
            )
            continue
        (figures,) = shown
        problems += _compare(player, SCORE, player.score, figures.score)
        problems += _compare(player, POINTS, player.total_points, figures.points)
    return problems


def _row_problems(
    result: rules.GameResult,
    row: list[int],
    what: str,
    value: Callable[[rules.PlayerResult], int | None],
) -> list[str]:
    problems = []
    for player, shown in zip(result.players, row, strict=True):
        problems += _compare(player, what, value(player), shown)
    return problems


def _compare(
    player: rules.PlayerResult, what: str, recorded: int | None, shown: int | None
) -> list[str]:
    if recorded == shown:
        return []
    values = {
        "name": player.name,
        "recorded": _("none") if recorded is None else str(recorded),
        "shown": _("none") if shown is None else str(shown),
    }
    if what == SCORE:
        return [
            _("%(name)s's total score: %(recorded)s as recorded, but %(shown)s on the PDF.")
            % values
        ]
    return [_("%(name)s's points: %(recorded)s as recorded, but %(shown)s on the PDF.") % values]

"""Checking an uploaded PDF score sheet against the game as recorded. Nothing here writes.

The PDF's text is read with pypdf and searched for the lines scoring.verification defines: the
code ("Verification code: K7Q2-M3XD-4T"), the game ("Game #123") and each player's figures
("Figures: seat 1, Ann: total score 605, points 26"). The score table's "Total score" and
"Points" rows are compared too wherever they can be read unambiguously (the label, then one
whole number per player), so a figure altered in the table alone is caught as well.

The PDF is accepted only if its game is signed, the game in the database still gives the
code it was signed with, the PDF shows that code, and every figure on it is the game's.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from io import BytesIO

from pypdf import PdfReader

from scoring import rules
from scoring.models import Game
from scoring.selectors import load_game, recorded_game
from scoring.verification import (
    FIGURES_LABEL,
    GAME_LABEL,
    POINTS_LABEL,
    TOTAL_SCORE_LABEL,
    VERIFICATION_LABEL,
    normalise_code,
    verification_code,
)

# A game's sheet is a page or two; a long file is not one, and reading it costs time.
MAX_PAGES = 20
_CODE = re.compile(
    re.escape(VERIFICATION_LABEL) + r"\s*([A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{2})(?!\w)"
)
_GAME = re.compile(re.escape(GAME_LABEL) + r"(\d{1,12})(?!\d)")
_FIGURES = re.compile(
    re.escape(FIGURES_LABEL)
    + r" seat (\d{1,2}), (.+?): total score (-?\d{1,7})(?:, points (-?\d{1,7}))?(?!\d)"
)
_NUMBER = re.compile(r"[+-]?\d{1,7}")


class Unreadable(Exception):
    """The upload is not a PDF whose text can be read."""


@dataclass(frozen=True)
class Figures:
    score: int | None = None
    points: int | None = None


@dataclass
class Printed:
    """What the PDF's text says: codes, game numbers, and figures by seat (0-based)."""

    codes: set[str] = field(default_factory=set)
    unreadable_codes: set[str] = field(default_factory=set)
    games: set[int] = field(default_factory=set)
    lines: dict[int, set[Figures]] = field(default_factory=lambda: defaultdict(set))
    table_scores: list[list[int]] = field(default_factory=list)
    table_points: list[list[int]] = field(default_factory=list)


@dataclass(frozen=True)
class SheetCheck:
    problems: tuple[str, ...]
    game: Game | None = None
    code: str | None = None

    @property
    def accepted(self) -> bool:
        return not self.problems


def pdf_text(data: bytes) -> str:
    """Every page's text; Unreadable, with the reason, for anything that is not such a PDF."""
    if b"%PDF-" not in data[:1024]:
        raise Unreadable("This file is not a PDF.")
    try:
        reader = PdfReader(BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise Unreadable("This PDF is password-protected: upload the sheet as printed.")
        if len(reader.pages) > MAX_PAGES:
            raise Unreadable(
                f"This PDF has {len(reader.pages)} pages: a game's sheet has at most {MAX_PAGES}."
            )
        return "\n".join(page.extract_text() or "" for page in reader.pages)
    except Unreadable:
        raise
    # pypdf reports a damaged file with many kinds of error; to the uploader they are one.
    except Exception as error:
        raise Unreadable("This PDF is damaged and its text cannot be read.") from error


def text_lines(text: str) -> list[str]:
    """The text's lines with their spacing evened out, as extraction spaces words unevenly."""
    return [" ".join(line.split()) for line in text.splitlines()]


def printed_games(lines: list[str]) -> set[int]:
    return {int(number) for line in lines for number in _GAME.findall(line)}


def read_printed(lines: list[str], players: int) -> Printed:
    """Search the lines for the verification lines; `players` is how many figures a table row
    has."""
    printed = Printed(games=printed_games(lines))
    for line in lines:
        for found in _CODE.findall(line):
            code = normalise_code(found)
            (printed.codes if code else printed.unreadable_codes).add(code or found)
        for seat, _name, score, points in _FIGURES.findall(line):
            figures = Figures(int(score), int(points) if points else None)
            printed.lines[int(seat) - 1].add(figures)
    for index, line in enumerate(lines):
        row = _table_row(lines, index, players)
        if row is not None and line == TOTAL_SCORE_LABEL:
            printed.table_scores.append(row)
        elif row is not None and line == POINTS_LABEL:
            printed.table_points.append(row)
    return printed


def _table_row(lines: list[str], index: int, players: int) -> list[int] | None:
    """The `players` whole numbers after line `index`, if exactly that many follow it."""
    after = lines[index + 1 : index + 2 + players]
    figures = after[:players]
    if len(figures) < players or not all(_NUMBER.fullmatch(line) for line in figures):
        return None
    if len(after) > players and _NUMBER.fullmatch(after[players]):
        return None
    return [int(line) for line in figures]


def check_sheet_pdf(data: bytes) -> SheetCheck:
    try:
        lines = text_lines(pdf_text(data))
    except Unreadable as error:
        return SheetCheck(problems=(str(error),))
    games = printed_games(lines)
    if not games:
        return SheetCheck(problems=(f"No game number ({GAME_LABEL}…) is printed on this PDF.",))
    if len(games) > 1:
        numbers = ", ".join(f"#{n}" for n in sorted(games))
        return SheetCheck(problems=(f"This PDF holds several games ({numbers}): upload one.",))
    (number,) = games
    game = Game.objects.filter(pk=number).first()
    if game is None:
        return SheetCheck(problems=(f"There is no game #{number}.",))
    printed = read_printed(lines, players=game.players.count())
    problems = _code_problems(game, printed)
    problems += _figure_problems(game, printed)
    code = next(iter(printed.codes)) if len(printed.codes) == 1 else None
    return SheetCheck(problems=tuple(problems), game=game, code=code)


def _code_problems(game: Game, printed: Printed) -> list[str]:
    if printed.unreadable_codes:
        shown = ", ".join(sorted(printed.unreadable_codes))
        return [f"The verification code printed on this PDF ({shown}) is not a valid code."]
    if not printed.codes:
        return [
            "No verification code is printed on this PDF: only a sheet printed after every "
            "player signed carries one."
        ]
    if len(printed.codes) > 1:
        return [f"This PDF shows different codes ({', '.join(sorted(printed.codes))})."]
    if not game.is_signed:
        return [
            f"Game #{game.pk} is not signed by every player (or a correction voided its "
            "signatures): it has no verification code, so no PDF of it can be verified."
        ]
    problems = []
    if verification_code(recorded_game(game), game.verification_format) != game.verification_code:
        problems.append(
            f"Game #{game.pk} as recorded no longer matches the code it was signed with: "
            "it has been changed since it was signed."
        )
    (code,) = printed.codes
    if code != game.verification_code:
        problems.append(
            f"The code on this PDF ({code}) is not the code game #{game.pk} was signed with: "
            "the PDF was altered, or printed before a correction."
        )
    return problems


def _figure_problems(game: Game, printed: Printed) -> list[str]:
    try:
        result = load_game(game).result()
    except rules.RuleError:
        return [f"Game #{game.pk} as recorded no longer follows the rules: it has been altered."]
    if not printed.lines and not printed.table_scores:
        return ["No players' figures could be read on this PDF, so they cannot be checked."]
    problems = []
    if printed.lines:
        problems += _line_problems(result, printed)
    for row in printed.table_scores:
        problems += _row_problems(result, row, "total score", lambda p: p.score)
    for row in printed.table_points:
        problems += _row_problems(result, row, "points", lambda p: p.total_points)
    return list(dict.fromkeys(problems))


def _line_problems(result: rules.GameResult, printed: Printed) -> list[str]:
    problems = []
    for seat in sorted(set(printed.lines) - {p.seat for p in result.players}):
        problems.append(f"The PDF gives figures for seat {seat + 1}: the game has no such seat.")
    for player in result.players:
        shown = printed.lines.get(player.seat, set())
        if not shown:
            problems.append(f"The PDF gives no figures for {player.name}.")
            continue
        if len(shown) > 1:
            problems.append(f"The PDF gives {player.name} different figures in different places.")
            continue
        (figures,) = shown
        problems += _compare(player, "total score", player.score, figures.score)
        problems += _compare(player, "points", player.total_points, figures.points)
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
    on_record = "none" if recorded is None else str(recorded)
    on_pdf = "none" if shown is None else str(shown)
    return [f"{player.name}'s {what}: {on_record} as recorded, but {on_pdf} on the PDF."]

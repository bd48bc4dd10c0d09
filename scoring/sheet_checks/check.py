"""Checking an uploaded PDF score sheet against the game as recorded. Nothing here writes.

An upload holds one sheet or a club night's many: its pages are grouped into sheets by the
footer each page carries ("… game #12 · page 1 of 2 · sheet 3 of 9"), and each sheet is checked
on its own. Its text is read with pypdf and searched for the lines scoring.verification defines: the
code ("Verification code: K7Q2-M3XD-4T"), the game ("Game #123") and each player's figures
("Figures: seat 1, Ann: total score 605, points 26"). The score table's "Total score" and
"Points" rows are compared too wherever they can be read unambiguously (the label, then one
whole number per player), so a figure altered in the table alone is caught as well.

A sheet is accepted only if its game is signed, the game in the database still gives the
code it was signed with, the PDF shows that code, every figure on it is the game's, and its
pages show what the server draws for the game (scoring.sheet_checks.pictures): the text layer alone
can be made to say something the page does not show. The upload is accepted if every sheet is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pypdfium2 as pdfium
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import restored_ids, rules
from scoring.models import Game
from scoring.pdf import layouts
from scoring.selectors import printed_as
from scoring.sheet_checks import drawing, pictures
from scoring.sheet_checks.figures import code_problems, figure_problems
from scoring.sheet_checks.text import (
    MAX_PAGES,
    Unreadable,
    footer,
    language_of,
    pdf_pages_text,
    pdf_text,
    printed_games,
    read_printed,
    text_lines,
)

__all__ = ["MAX_PAGES", "SheetCheck", "SheetVerdict", "check_sheet_pdf", "pdf_text"]


def _no_text_layer() -> str:
    return _(
        "This PDF has no text layer: it looks like a scan or a photo of a sheet. Upload the PDF "
        "the app printed, or type the verification code printed on the sheet."
    )


@dataclass(frozen=True)
class SheetVerdict:
    """One sheet of the upload: its pages (counting from 1), its game, what is wrong with it."""

    number: int
    pages: tuple[int, ...]
    problems: tuple[str, ...]
    game: Game | None = None
    code: str | None = None
    pictures_compared: bool = False

    @property
    def accepted(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class SheetCheck:
    """The verdict on an upload: every problem found (prefixed by its sheet when there are
    several), and each sheet's own verdict."""

    problems: tuple[str, ...]
    sheets: tuple[SheetVerdict, ...] = ()
    game: Game | None = None
    code: str | None = None

    @property
    def accepted(self) -> bool:
        return not self.problems

    @property
    def verified_sheets(self) -> int:
        return sum(1 for sheet in self.sheets if sheet.accepted)


@dataclass
class _Pages:
    """The uploaded pages of one sheet, as their footers (or verification blocks) name it."""

    game: int
    pages: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    numbering: tuple[int, int] | None = None
    language: str | None = None
    """The language the sheet is printed in, as its footer words it: the server redraws it so."""


def split_sheets(pages_text: list[str]) -> tuple[list[_Pages], list[str]]:
    """The upload's pages grouped by the game whose sheet they are, in order of first page;
    and a problem for each page that names no game."""
    sheets: dict[int, _Pages] = {}
    problems = []
    for index, text in enumerate(pages_text):
        if not text.strip():
            problems.append(
                _("Page %(page)d has no text layer: it looks like a scan or a photo of a page.")
                % {"page": index + 1}
            )
            continue
        lines = text_lines(text)
        joined = " ".join(lines)
        found = footer(joined)
        if found is not None:
            number = int(found[0]["game"])
        elif len(games := printed_games(lines)) == 1:
            (number,) = games
        else:
            problems.append(
                _("Page %(page)d names no game (Game #…), or several: it is no page of a sheet.")
                % {"page": index + 1}
            )
            continue
        sheet = sheets.setdefault(number, _Pages(game=number))
        sheet.pages.append(index + 1)
        sheet.lines += lines
        if found is not None:
            sheet.language = sheet.language or found[1]
            if found[0]["sheet"]:
                sheet.numbering = (int(found[0]["sheet"]), int(found[0]["sheets"]))
    for sheet in sheets.values():
        sheet.language = sheet.language or language_of(sheet.lines)
    return list(sheets.values()), problems


def check_sheet_pdf(
    data: bytes,
    *,
    house_rules: rules.HouseRules | None = None,
    club: str = "",
    compare_pictures: bool = True,
    budget: drawing.Budget | None = None,
    in_club_id: int | None = None,
) -> SheetCheck:
    """Every sheet of the upload checked against its game as recorded: its text (code, game,
    figures) and, unless `compare_pictures` is off, what its pages show
    (scoring.sheet_checks.pictures).
    `club` is the club's name, as the server prints its sheets; `in_club_id` the club whose games
    the sheets may be (a club's verify page finds no other club's game); `house_rules` each
    game's own (those it was played under) unless given. The whole check stops when `budget`
    (settings.VERIFY_SECONDS unless given) is spent, and says so."""
    budget = budget or drawing.Budget(settings.VERIFY_SECONDS)
    try:
        return _check(data, house_rules, club, compare_pictures, budget, in_club_id)
    except drawing.OutOfTime:
        return SheetCheck(problems=(_out_of_time(budget),))


def _out_of_time(budget: drawing.Budget) -> str:
    return ngettext(
        "Checking this PDF took longer than the %(seconds)d second this server gives one "
        "upload, so it was stopped and nothing was verified. Upload fewer sheets at once.",
        "Checking this PDF took longer than the %(seconds)d seconds this server gives one "
        "upload, so it was stopped and nothing was verified. Upload fewer sheets at once.",
        max(1, round(budget.seconds)),
    ) % {"seconds": max(1, round(budget.seconds))}


def _check(
    data: bytes,
    house_rules: rules.HouseRules | None,
    club: str,
    compare_pictures: bool,
    budget: drawing.Budget,
    in_club_id: int | None = None,
) -> SheetCheck:
    try:
        pages_text = pdf_pages_text(data, budget=budget)
    except Unreadable as error:
        return SheetCheck(problems=(str(error),))
    if not any(text.strip() for text in pages_text):
        # A scan or a photo: its code and figures are pixels, which no check here reads.
        return SheetCheck(problems=(_no_text_layer(),))
    parts, page_problems = split_sheets(pages_text)
    if not parts:
        return SheetCheck(problems=(_("No game number (Game #…) is printed on this PDF."),))
    kept = Game.objects.all() if in_club_id is None else Game.objects.filter(club_id=in_club_id)
    games = printed_as(kept, {part.game for part in parts})
    verdicts = [
        _text_verdict(number, part, _the_game(part, games.get(part.game, [])), house_rules)
        for number, part in enumerate(parts, start=1)
    ]
    if compare_pictures:
        verdicts = _with_pictures(
            data, parts, verdicts, house_rules=house_rules, club=club, budget=budget
        )
    problems = list(page_problems)
    for verdict in verdicts:
        if len(verdicts) == 1:
            problems += verdict.problems
            continue
        label = _("Sheet %(sheet)d (game #%(game)d)") % {
            "sheet": verdict.number,
            "game": parts[verdict.number - 1].game,
        }
        problems += [f"{label}: {problem}" for problem in verdict.problems]
    only = verdicts[0] if len(verdicts) == 1 else None
    return SheetCheck(
        problems=tuple(problems),
        sheets=tuple(verdicts),
        game=only.game if only else None,
        code=only.code if only else None,
    )


def _the_game(part: _Pages, candidates: list[Game]) -> Game | None:
    """The game a sheet names: of the games with its number (its id, or the number it had
    before a restore), the one whose code the sheet prints, else the first."""
    for game in candidates:
        if game.verification_code and any(game.verification_code in line for line in part.lines):
            return game
    return candidates[0] if candidates else None


def _text_verdict(
    number: int, part: _Pages, game: Game | None, house_rules: rules.HouseRules | None
) -> SheetVerdict:
    pages = tuple(part.pages)
    if game is None:
        problem = _("There is no game #%(game)d.") % {"game": part.game}
        return SheetVerdict(number=number, pages=pages, problems=(problem,))
    printed = read_printed(part.lines, players=game.players.count())
    problems = []
    if printed.games - {game.pk, restored_ids.original_game(game.restored_ids or {}, game.pk)}:
        shown = ", ".join(f"#{n}" for n in sorted(printed.games))
        problems.append(
            _("The pages of game #%(game)d print the game numbers %(shown)s.")
            % {"game": game.pk, "shown": shown}
        )
    problems += code_problems(game, printed)
    problems += figure_problems(game, printed, house_rules)
    code = next(iter(printed.codes)) if len(printed.codes) == 1 else None
    return SheetVerdict(number=number, pages=pages, problems=tuple(problems), game=game, code=code)


def _with_pictures(
    data: bytes,
    parts: list[_Pages],
    verdicts: list[SheetVerdict],
    *,
    house_rules: rules.HouseRules | None,
    club: str,
    budget: drawing.Budget,
) -> list[SheetVerdict]:
    """The verdicts with what each signed sheet's pages show compared with the server's, page
    by page (a page or two in memory at a time). OutOfTime when the budget is spent."""
    to_draw = [i for i, v in enumerate(verdicts) if v.game is not None and v.game.is_signed]
    if not to_draw:
        return verdicts
    result = list(verdicts)
    try:
        with drawing.opened(data) as upload:
            for index in to_draw:
                result[index] = _compare_sheet(
                    verdicts[index], parts[index], upload, house_rules, club, budget
                )
    except drawing.CannotDraw as error:
        return [_add(v, str(error)) if i in to_draw else v for i, v in enumerate(verdicts)]
    return result


def _compare_sheet(
    verdict: SheetVerdict,
    part: _Pages,
    upload: pdfium.PdfDocument,
    house_rules: rules.HouseRules | None,
    club: str,
    budget: drawing.Budget,
) -> SheetVerdict:
    assert verdict.game is not None
    reference = pictures.Reference(
        verdict.game, part.numbering, part.language or "en", number=part.game
    )
    # The sheet's own layout first; a sheet printed again after an upgrade, before games kept
    # their layout, may show a later one. The first that shows the same pixels is the answer;
    # if none does, the differences from its own layout are.
    problems: list[str] | None = None
    for layout in layouts.redrawn_as(verdict.game.sheet_layout):
        budget.check()
        try:
            own = pictures.reference_pdf(
                reference, house_rules=house_rules, club=club, layout=layout
            )
        except rules.RuleError:
            # A game that no longer replays: its text check already refuses it.
            return verdict
        found = _differences(verdict, part, upload, own, budget)
        if not found:
            return _add(verdict, compared=True)
        problems = found if problems is None else problems
    return _add(verdict, *(problems or []), compared=True)


def _differences(
    verdict: SheetVerdict,
    part: _Pages,
    upload: pdfium.PdfDocument,
    own: bytes,
    budget: drawing.Budget,
) -> list[str]:
    """What the uploaded sheet's pages show unlike the server's drawing `own` of it."""
    with drawing.opened(own) as drawn:
        if len(part.pages) != len(drawn):
            return [
                _(
                    "This sheet has %(pages)d page(s) here, but the server draws game #%(game)d "
                    "on %(drawn)d: pages are missing or were added."
                )
                % {"pages": len(part.pages), "game": part.game, "drawn": len(drawn)}
            ]
        problems = []
        for index, page in enumerate(part.pages):
            difference = pictures.compare_drawn(page, upload, drawn, index, budget=budget)
            if difference is not None:
                problems.append(pictures.describe(difference))
    return problems


def _add(verdict: SheetVerdict, *problems: str, compared: bool = False) -> SheetVerdict:
    return replace(
        verdict,
        problems=(*verdict.problems, *problems),
        pictures_compared=verdict.pictures_compared or compared,
    )

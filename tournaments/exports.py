"""What a tournament prints and downloads: table cards (one card a table: who sits where, in
starting order), the results as PDF, and the rows of the results' CSV and Excel files (tablib,
written as every download is: league.exports.dataset_response)."""

from __future__ import annotations

import io
from collections.abc import Sequence

import tablib
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext
from reportlab.lib.pagesizes import A4, A6, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from scoring.pdf import blank_sheet, parts, styles, write_pdf
from tournaments.models import Entrant, Tournament
from tournaments.selectors import RoundView, StandingRow


def standing_headers() -> list[str]:
    return [
        gettext("Rank"),
        gettext("No."),
        gettext("Player"),
        gettext("Club"),
        gettext("Points"),
        gettext("Total score"),
        gettext("Baluts"),
        gettext("Games"),
    ]


def result_rows(standings: Sequence[StandingRow], rounds: int) -> tablib.Dataset:
    headers = standing_headers() + [
        gettext("Round %(number)d") % {"number": n} for n in range(1, rounds + 1)
    ]
    data = tablib.Dataset(headers=headers)
    for row in standings:
        data.append(
            [row.place, row.entrant.number, row.entrant.name, row.entrant.club_name]
            + [row.points, row.score, row.baluts, row.games]
            + [row.by_round.get(n, "") for n in range(1, rounds + 1)]
        )
    return data


def table_cards(tournament: Tournament, drawn: Sequence[RoundView]) -> bytes:
    """An A6 card a table, landscape: the round, the table and its seats in starting order."""
    buffer = io.BytesIO()
    width, height = landscape(A6)
    canvas = Canvas(buffer, pagesize=(width, height))
    canvas.setTitle(gettext("%(name)s: table cards") % {"name": tournament.name})
    for view in drawn:
        for table in view.tables:
            canvas.setFont("Helvetica", 10)
            canvas.drawString(10 * mm, height - 12 * mm, tournament.name)
            canvas.setFont("Helvetica-Bold", 22)
            canvas.drawString(
                10 * mm,
                height - 24 * mm,
                gettext("Round %(round)d · Table %(table)d")
                % {"round": view.round.number, "table": table.table.number},
            )
            canvas.setFont("Helvetica", 14)
            for seat, player in enumerate(table.players, start=1):
                canvas.drawString(
                    14 * mm,
                    height - (34 + 9 * seat) * mm,
                    gettext("Seat %(seat)d: %(name)s (No. %(number)d)")
                    % {"seat": seat, "name": player.label, "number": player.number},
                )
            canvas.setFont("Helvetica-Oblique", 9)
            canvas.drawString(10 * mm, 8 * mm, scorer_line(table.scorer))
            canvas.showPage()
    if not any(view.tables for view in drawn):
        canvas.drawString(10 * mm, height / 2, gettext("No round has been drawn yet."))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def scorer_line(scorer: Entrant | None) -> str:
    """The card's foot: seat 1 starts; the scorer is who the app will ask to score (the first
    member, not a guest in seat 1)."""
    if scorer is None:
        return gettext("Seat 1 starts. Nobody here is a member: a member must score the game.")
    return gettext("Seat 1 starts; %(name)s scores the game.") % {"name": scorer.name}


def results_pdf(tournament: Tournament, standings: Sequence[StandingRow]) -> bytes:
    """The day's ranking on A4 pages: rank, player, points, total score, Baluts, games; drawn
    with the sheets' parts (scoring.pdf.parts.grid: its heading row repeats on each page)."""
    # The club is beside the name (a visiting member's), not a column of its own.
    headers = [h for h in standing_headers() if h != gettext("Club")]
    rows: list[list[object]] = [list(headers)]
    for row in standings:
        rows.append(
            [row.place, row.entrant.number, row.entrant.label, row.points, row.score]
            + [row.baluts, row.games]
        )
    widths = [15 * mm, 15 * mm, 65 * mm, 25 * mm, 25 * mm, 20 * mm, 15 * mm]
    table = parts.grid(
        [[str(cell) for cell in line] for line in rows],
        widths,
        style=[
            ("FONT", (0, 0), (-1, -1), styles.FONT, 10),
            ("FONT", (0, 0), (-1, 0), styles.FONT_BOLD, 10),
            ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
        ],
    )
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        title=gettext("%(name)s: results") % {"name": tournament.name},
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
    )
    document.build([Paragraph(escape(tournament.name), styles.TITLE), Spacer(0, 8), table])
    return buffer.getvalue()


def table_sheets(
    tournament: Tournament, view: RoundView, *, club: str = "", language: str | None = None
) -> bytes:
    """One blank score sheet a table of the round, its players' names printed in seat order
    (the first seat starts and scores), drawn as scoring prints every blank sheet; the headings
    in the sheets' language."""
    with translation.override(language or translation.get_language()):
        heading = (
            gettext("Final table")
            if view.round.final
            else gettext("Round %(round)d · Table %(table)d")
        )
        title = gettext("%(name)s: score sheets") % {"name": tournament.name}
    sheets = [
        blank_sheet(
            tournament.ruleset,
            len(table.players),
            club=club,
            language=language,
            names=[player.name for player in table.players],
            heading=heading % {"round": view.round.number, "table": table.table.number},
        )
        for table in view.tables
    ]
    out = io.BytesIO()
    write_pdf(sheets, out, title=title, club=club, language=language)
    return out.getvalue()

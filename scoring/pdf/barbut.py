"""The score table of a 4-Dice Barbut game: each player's running score, turn by turn.

A row per round; each player has three columns: what the turn did ("+350", "bust",
"6-6-6-6"), the score after it, and the points put aside by a 6-6-6-6 (the lost pile). Under
the rounds: the score, the lost pile, the place (and who won), and a line for each signature.
Every figure comes from the sheet's Barbut lines and the engine's result.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.platypus import TableStyle

from scoring.presentation.sheets import BarbutLine, ScoreSheet

from . import styles
from .five_dice import signed_cell
from .score_table import ScoreTable, sheet_cell_styles

ROUND_WIDTH = 40.0
MAX_PLAYER_WIDTH = 200.0
WEIGHTS = (1.15, 1.15, 1.0)
SUBHEADS = (gettext_noop("Turn"), gettext_noop("Score"), gettext_noop("Aside"))
SIGNATURE_HEIGHT = 30.0
BLANK_ROUNDS = 24

Style = list[tuple[object, ...]]


def turn_text(line: BarbutLine) -> str:
    if line.end == "bank":
        return f"+{line.points}"
    return "6-6-6-6" if line.end == "six_sixes" else _("bust")


def rounds_of(sheet: ScoreSheet) -> list[list[BarbutLine | None]]:
    """The lines arranged by round: one slot per player, None where a turn is still to come."""
    seats = {name: seat for seat, name in enumerate(sheet.players)}
    rounds: list[list[BarbutLine | None]] = []
    played = [0] * len(sheet.players)
    for line in sheet.barbut_lines:
        seat = seats[line.player]
        if played[seat] == len(rounds):
            rounds.append([None] * len(sheet.players))
        rounds[played[seat]][seat] = line
        played[seat] += 1
    return rounds


def barbut_table(
    sheet: ScoreSheet,
    *,
    blank: bool = False,
    signed: frozenset[str] = frozenset(),
    named: bool = False,
) -> ScoreTable:
    players = len(sheet.players)
    complete = sheet.result.complete
    place = _("Place") if complete or blank else _("Place so far")
    labels = (_("Score"), _("Aside"), place, _("Signature"))
    # Long games run over pages (the header rows repeat): size for a page of 24 rounds at most.
    rounds = BLANK_ROUNDS if blank else max(16, min(len(rounds_of(sheet)), BLANK_ROUNDS))

    def fit(first: float) -> tuple[float, styles.TableMetrics]:
        unit = min(MAX_PLAYER_WIDTH, (styles.FRAME_WIDTH - first) / players) / sum(WEIGHTS)
        rows = 5 + rounds
        return unit, styles.metrics_for(unit / 1.9, rows=rows, fixed_height=SIGNATURE_HEIGHT)

    unit, metrics = fit(ROUND_WIDTH)
    first = styles.label_width(list(labels), metrics.font_size, least=ROUND_WIDTH)
    unit, metrics = fit(first)
    size = metrics.font_size
    widths = [first] + [unit * weight for _ in range(players) for weight in WEIGHTS]
    width = 1 + 3 * players
    # Every cell's font, alignment and paddings: sheet_cell_styles, given to the ScoreTable.
    style: Style = [
        ("GRID", (0, 0), (-1, -1), 0.4, styles.GRID),
        ("BOX", (0, 0), (-1, -1), 1.2, styles.INK),
        ("FONT", (1, 0), (-1, 0), styles.FONT_BOLD, metrics.name_size),
        ("FONT", (0, 1), (-1, 1), styles.FONT, metrics.small),
        ("TEXTCOLOR", (0, 1), (-1, 1), styles.FAINT),
        ("BACKGROUND", (0, 0), (-1, 1), styles.HEADING_FILL),
        ("LINEBELOW", (0, 1), (-1, 1), 1.2, styles.INK),
    ]
    names = [_("Round")] + [""] * (width - 1)
    subheads = ["#"] + [""] * (width - 1)
    for seat, name in enumerate(sheet.players):
        first = 1 + 3 * seat
        if not blank or named:
            span = sum(widths[first : first + 3])
            names[first], fitted = styles.fit_name(name, metrics.name_size, span)
            if fitted != metrics.name_size:
                style.append(("FONT", (first, 0), (first, 0), styles.FONT_BOLD, fitted))
        subheads[first : first + 3] = [_(subhead) for subhead in SUBHEADS]
        style += [
            ("SPAN", (first, 0), (first + 2, 0)),
            ("LINEBEFORE", (first, 0), (first, -1), 1.2, styles.INK),
        ]
    data = [names, subheads]

    if blank:
        data += [[str(number)] + [""] * (width - 1) for number in range(1, BLANK_ROUNDS + 1)]
    for number, slots in enumerate(rounds_of(sheet), start=1):
        row = [str(number)] + [""] * (width - 1)
        index = len(data)
        for seat, line in enumerate(slots):
            if line is None:
                continue
            first = 1 + 3 * seat
            row[first] = turn_text(line)
            row[first + 1] = str(line.score)
            row[first + 2] = str(line.lost) if line.lost else ""
            if line.end != "bank":
                style.append(("TEXTCOLOR", (first, index), (first, index), styles.STRUCK))
            if line.end == "six_sixes":
                style.append(("FONT", (first, index), (first, index), styles.FONT_BOLD, size))
        data.append(row)

    foot = len(data)
    result = sheet.result
    for offset, label in enumerate(labels):
        kind = offset  # score, aside, place, signature: the labels are in the reader's words
        row = [label] + [""] * (width - 1)
        for seat, player in enumerate(result.players):
            first = 1 + 3 * seat
            style.append(("SPAN", (first, foot + offset), (first + 2, foot + offset)))
            if blank:
                continue
            if kind == 0:
                row[first] = str(player.score)
            elif kind == 1:
                row[first] = str(player.lost) if player.lost else ""
            elif kind == 2:
                row[first] = (
                    _("%(rank)d (wins)") % {"rank": player.rank}
                    if player.winner
                    else str(player.rank)
                )
            elif sheet.players[seat] in signed:
                row[first] = signed_cell()
        data.append(row)
    style += [
        ("LINEABOVE", (0, foot), (-1, foot), 1.2, styles.INK),
        ("BACKGROUND", (0, foot), (-1, -1), styles.FOOT_FILL),
        ("FONT", (0, foot), (0, -1), styles.FONT_BOLD, size),
        ("FONT", (1, foot), (-1, foot), styles.FONT_BOLD, metrics.name_size),
        ("FONT", (1, foot + 2), (-1, foot + 2), styles.FONT_BOLD, metrics.name_size),
        # "signed, see below": small and faint, it points at the signatures under the table.
        ("FONT", (1, foot + 3), (-1, foot + 3), styles.FONT, metrics.small),
        ("TEXTCOLOR", (1, foot + 3), (-1, foot + 3), styles.FAINT),
    ]
    heights = [metrics.row_height] * (len(data) - 1) + [SIGNATURE_HEIGHT]
    table = ScoreTable(
        data,
        colWidths=widths,
        rowHeights=heights,
        repeatRows=2,
        hAlign="CENTER",
        cellStyles=sheet_cell_styles(data, size=size),
    )
    table.setStyle(TableStyle(style))
    return table

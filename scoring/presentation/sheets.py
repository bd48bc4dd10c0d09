"""A game laid out as a score sheet, for the HTML pages and the PDF alike.

It only arranges what the rules engine computed; no score is worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scoring import rules
from scoring.box_names import game_title
from scoring.live_games import LiveGame
from scoring.selectors import LoadedGame


@dataclass(frozen=True)
class Cell:
    score: int | None
    note: str = ""
    """"claimed" or "struck" for a jackpot box, "scratch" for a zero; empty otherwise."""


@dataclass(frozen=True)
class SheetColumn:
    """One player's part of a row: a cell per box (score None: still open)."""

    cells: list[Cell]
    total: int | None
    points: int | None

    @property
    def filled(self) -> bool:
        """Some box of it is filled: before that, its total and points are not shown on the
        tablet's sheet (an empty row read "= 0" and "0 pt" before anyone had thrown)."""
        return any(cell.score is not None for cell in self.cells)


@dataclass(frozen=True)
class SheetRow:
    key: str
    label: str
    columns: list[SheetColumn]
    jackpot: bool = False


@dataclass(frozen=True)
class BarbutLine:
    number: int
    player: str
    end: str
    points: int
    forfeited: int
    score: int
    lost: int


@dataclass(frozen=True)
class ScoreSheet:
    ruleset: str
    title: str
    players: list[str]
    result: rules.GameResult
    rows: list[SheetRow]
    barbut_lines: list[BarbutLine]
    next_player: str | None

    @property
    def scores_points(self) -> bool:
        return rules.ruleset_info(self.ruleset).scores_points

    @property
    def five_dice(self) -> bool:
        return rules.ruleset_info(self.ruleset).five_dice

    @cached_property
    def foot_players(self) -> list[tuple[rules.PlayerResult, bool]]:
        """Each player's result beside whether they have filled a box yet: the sheet's foot
        leaves a player's total, points and place empty until then (no "-2" score points
        for a player who has not thrown)."""
        return [
            (player, any(row.columns[seat].filled for row in self.rows))
            for seat, player in enumerate(self.result.players)
        ]


def build_sheet(
    loaded: LoadedGame | LiveGame, result: rules.GameResult | None = None
) -> ScoreSheet:
    result = result or loaded.result()
    state = loaded.state
    rows = _five_dice_rows(state, result) if isinstance(state, rules.FiveDiceGame) else []
    lines = _barbut_lines(state) if isinstance(state, rules.BarbutGame) else []
    next_player = loaded.next_player
    return ScoreSheet(
        ruleset=loaded.setup.ruleset,
        title=game_title(loaded.setup.ruleset),
        players=list(loaded.setup.players),
        result=result,
        rows=rows,
        barbut_lines=lines,
        next_player=None if next_player is None else next_player.name,
    )


def _five_dice_rows(state: rules.FiveDiceGame, result: rules.GameResult) -> list[SheetRow]:
    rows = []
    for box in state.rules.box_keys:
        capacity = state.rules.capacity(box)
        jackpot = rules.is_jackpot_box(box)
        category = rules.category_of(box)
        columns = []
        for sheet, player in zip(state.sheets, result.players, strict=True):
            filled = [_cell(entry, jackpot) for entry in sheet.boxes[box]]
            points = None
            if player.points is not None:
                kind = player.points.jackpot_bonus if jackpot else player.points.category
                points = kind.get(category)
            columns.append(
                SheetColumn(
                    cells=filled + [Cell(None)] * (capacity - len(filled)),
                    # A single-box row's total is its box: printing it again only adds noise.
                    total=None if jackpot or capacity == 1 else player.category_totals[category],
                    points=points,
                )
            )
        rows.append(SheetRow(box, rules.box_label(box), columns, jackpot=jackpot))
    return rows


def _cell(entry: rules.FilledBox, jackpot: bool) -> Cell:
    if jackpot:
        return Cell(entry.score, "claimed" if entry.claimed else "struck")
    return Cell(entry.score, "" if entry.score else "scratch")


def _barbut_lines(state: rules.BarbutGame) -> list[BarbutLine]:
    return [
        BarbutLine(
            number=number,
            player=state.players[outcome.seat],
            end=outcome.end,
            points=outcome.points,
            forfeited=outcome.forfeited,
            score=outcome.score,
            lost=outcome.lost,
        )
        for number, outcome in enumerate(state.history)
    ]

"""The club's records, read from the figures kept of every finished game. Nothing here writes.

Every figure (totals, Baluts, wins) is the rules engine's, kept per seat by
league.services.results; winning runs are kept by league.services.figures. Ties go to whoever
set the figure first: every ordering ends with the game's start, the game and the seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from django.db.models import F
from django.utils.translation import gettext

from clubs.models import Club
from league.club_record import Extremes, Mark, club_extremes
from league.models import KindTally, PlayerResultRow
from league.selectors import local_midnight
from scoring import rules
from scoring.box_names import game_title
from stats.queries import FirstRow, GameRef, Wanted, first_rows

KINDS = tuple(rules.RULESET_TITLES)
FIVE_DICE = tuple(rules.FIVE_DICE_RULES)
FIRST_SET = ("started_at", "game_id", "player_id")


@dataclass(frozen=True)
class Feat:
    """A record: who, the figure, and the game (or games, for a run) it was set in."""

    name: str
    member_id: int | None
    value: int
    game: GameRef | None
    last_game: GameRef | None = None
    # Set for the club's highest and lowest (league.club_record): the day it was set, and the
    # historic register entry whose paper sheet it stands on, if it is one.
    day: date | None = None
    entry_id: int | None = None
    has_scan: bool = False

    @property
    def game_id(self) -> int | None:
        return None if self.game is None else self.game.id


@dataclass(frozen=True)
class KindRecords:
    ruleset: str
    games: int
    highest: Feat
    lowest: Feat
    most_baluts: Feat | None
    most_baluts_game: Feat | None
    longest_run: Feat | None

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


@dataclass(frozen=True)
class ClubRecords:
    kinds: list[KindRecords]


def finished_games_by_kind(club: Club) -> dict[str, int]:
    """The club's finished games that count, by kind: the counts league.services.tallies keeps
    with each game's booking, one row a kind. Counted afresh on each visit, ten years of games
    cost the page a count of 20,000 index entries (docs/benchmarks.md)."""

    counts = KindTally.objects.filter(club=club, games__gte=1).values_list("ruleset", "games")
    return {str(ruleset): int(games) for ruleset, games in counts}


def club_records(club: Club) -> ClubRecords:
    """Five queries however long the club's history: finished games by kind, then every record
    of every kind as one read of indexed first rows, and the club's extremes (three)."""
    games = finished_games_by_kind(club)
    kinds = tuple(kind for kind in KINDS if games.get(kind))

    def wanted() -> list[Wanted]:
        rows = PlayerResultRow.objects.filter(club=club)
        found = []
        for kind in kinds:
            found += [
                Wanted(f"{kind}:highest", kind, rows, (F("score").desc(), *FIRST_SET)),
                Wanted(f"{kind}:lowest", kind, rows, ("score", *FIRST_SET)),
                Wanted(
                    f"{kind}:run",
                    kind,
                    rows.filter(winning_run__gte=1),
                    (F("winning_run").desc(), *FIRST_SET),
                ),
            ]
            if kind in FIVE_DICE:
                found += [
                    Wanted(
                        f"{kind}:baluts",
                        kind,
                        rows.filter(baluts__gte=1),
                        (F("baluts").desc(), *FIRST_SET),
                    ),
                    Wanted(
                        f"{kind}:baluts_game",
                        kind,
                        rows.filter(game_baluts__gte=1),
                        (F("game_baluts").desc(), *FIRST_SET),
                    ),
                ]
        return found

    found = first_rows(wanted()) if kinds else {}
    # The highest and lowest are the club's, the register's historic lines included.
    extremes = {kind.ruleset: kind for kind in club_extremes(club)}
    return ClubRecords(
        kinds=[
            _kind_records(kind, games[kind], found, extremes[kind])
            for kind in KINDS
            if games.get(kind) and f"{kind}:highest" in found and kind in extremes
        ]
    )


def _mark_feat(mark: Mark) -> Feat:
    game = None
    if mark.game_id is not None:
        game = GameRef(mark.game_id, mark.ruleset, local_midnight(mark.day))
    return Feat(
        mark.name,
        mark.member_id,
        mark.score,
        game,
        day=mark.day,
        entry_id=mark.entry_id,
        has_scan=mark.has_scan,
    )


def _kind_records(
    ruleset: str, games: int, found: Mapping[str, FirstRow], extremes: Extremes
) -> KindRecords:
    low = found[f"{ruleset}:lowest"]
    baluts = found.get(f"{ruleset}:baluts")
    baluts_game = found.get(f"{ruleset}:baluts_game")
    run = found.get(f"{ruleset}:run")
    return KindRecords(
        ruleset=ruleset,
        games=games,
        highest=_mark_feat(extremes.highest),
        lowest=_mark_feat(extremes.lowest) if extremes.lowest else _feat(low, low.score),
        most_baluts=_feat(baluts, baluts.baluts) if baluts else None,
        most_baluts_game=(
            Feat(gettext("all players"), None, baluts_game.game_baluts, baluts_game.game)
            if baluts_game
            else None
        ),
        longest_run=(
            Feat(run.name, run.member_id, run.winning_run, run.run_started or run.game, run.game)
            if run
            else None
        ),
    )


def _feat(row: FirstRow, value: int) -> Feat:
    return Feat(row.name, row.member_id, value, row.game)

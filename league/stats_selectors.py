"""Statistics for the player page and the club's records. Nothing here writes.

Two sources, never mixed up: plain sums, counts and averages of the stored Turn.box/score
(what the engine wrote for each turn) are aggregated in the database; everything a rule decides
(ranks, points, totals, winners, Baluts per game) comes from the engine's result of each game,
via league.stats_results.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Avg, Count, Q, QuerySet

from league.stats_results import GameSummary, SeatResult, summarize_games
from scoring import rules
from scoring.models import Game, GameStatus, Member, Turn

FIVE_DICE = ("balut", "jackpot", "bar")
KINDS = ("balut", "jackpot", "bar", "barbut4")
REGULAR_OPPONENT_GAMES = 3
MAX_OPPONENTS = 15


@dataclass(frozen=True)
class BoxStats:
    """One box of one kind of game, from the stored turns."""

    ruleset: str
    box: str
    filled: int
    average: float
    scratches: int

    @property
    def label(self) -> str:
        return rules.box_label(self.box)

    @property
    def title(self) -> str:
        return rules.RULESET_TITLES[self.ruleset]

    @property
    def scratch_rate(self) -> float:
        return self.scratches / self.filled if self.filled else 0.0


@dataclass(frozen=True)
class KindStats:
    ruleset: str
    games: int
    wins: int
    best: GameSummary
    best_seat: SeatResult
    worst: GameSummary
    worst_seat: SeatResult
    baluts: int

    @property
    def title(self) -> str:
        return rules.RULESET_TITLES[self.ruleset]

    @property
    def balut_rate(self) -> float | None:
        return self.baluts / self.games if self.ruleset in FIVE_DICE and self.games else None


@dataclass(frozen=True)
class HeadToHead:
    opponent_id: int
    opponent: str
    games: int
    wins: int
    opponent_wins: int


@dataclass(frozen=True)
class PlayerLine:
    """One game on the player's list."""

    game: GameSummary
    seat: SeatResult


@dataclass
class PlayerStats:
    member: Member
    lines: list[PlayerLine]
    """Every game played, newest first: finished and in progress."""
    kinds: list[KindStats]
    boxes: dict[str, list[BoxStats]]
    club_boxes: dict[str, list[BoxStats]]
    opponents: list[HeadToHead]
    unreadable: list[int] = field(default_factory=list)

    @property
    def finished(self) -> list[PlayerLine]:
        return [line for line in self.lines if line.game.complete]


def box_stats(turns: Iterable[dict[str, object]]) -> dict[str, list[BoxStats]]:
    """Rows of `values("game__ruleset", "box").annotate(...)`, per kind in sheet order."""
    found: dict[str, dict[str, BoxStats]] = defaultdict(dict)
    for row in turns:
        ruleset, box = str(row["game__ruleset"]), str(row["box"])
        found[ruleset][box] = BoxStats(
            ruleset=ruleset,
            box=box,
            filled=int(row["filled"]),  # type: ignore[call-overload]
            average=float(row["average"] or 0),  # type: ignore[arg-type]
            scratches=int(row["scratches"]),  # type: ignore[call-overload]
        )
    return {
        ruleset: [
            found[ruleset][box]
            for box in rules.FIVE_DICE_RULES[ruleset].box_keys
            if box in found[ruleset]
        ]
        for ruleset in FIVE_DICE
        if ruleset in found
    }


def _box_rows(turns: QuerySet[Turn]) -> list[dict[str, object]]:
    return list(
        turns.values("game__ruleset", "box")
        .annotate(
            filled=Count("id"),
            average=Avg("score"),
            scratches=Count("id", filter=Q(score=0)),
        )
        .order_by()
    )


def finished_five_dice_turns() -> QuerySet[Turn]:
    return Turn.objects.filter(game__status=GameStatus.FINISHED, game__ruleset__in=FIVE_DICE)


def player_stats(member: Member) -> PlayerStats:
    """Seven queries however many games: three for the engine's results, two box aggregates
    (the member's and the club's), and none per game."""
    summaries = summarize_games(Game.objects.filter(players__member=member))
    lines = []
    for summary in summaries.games:
        seat = summary.seat_of(member.pk)
        if seat is not None:
            lines.append(PlayerLine(summary, seat))
    finished = [line for line in lines if line.game.complete]
    boxes = box_stats(_box_rows(finished_five_dice_turns().filter(player__member=member)))
    club = box_stats(_box_rows(finished_five_dice_turns()))
    return PlayerStats(
        member=member,
        lines=list(reversed(lines)),
        kinds=_kind_stats(finished),
        boxes=boxes,
        club_boxes=club,
        opponents=_opponents(member, finished),
        unreadable=summaries.unreadable,
    )


def _kind_stats(finished: list[PlayerLine]) -> list[KindStats]:
    kinds = []
    for ruleset in KINDS:
        played = [line for line in finished if line.game.ruleset == ruleset]
        if not played:
            continue
        best = max(played, key=lambda line: line.seat.score)
        worst = min(played, key=lambda line: line.seat.score)
        kinds.append(
            KindStats(
                ruleset=ruleset,
                games=len(played),
                wins=sum(1 for line in played if line.seat.rank == 1),
                best=best.game,
                best_seat=best.seat,
                worst=worst.game,
                worst_seat=worst.seat,
                baluts=sum(line.seat.baluts for line in played),
            )
        )
    return kinds


def _opponents(member: Member, finished: list[PlayerLine]) -> list[HeadToHead]:
    games: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    their_wins: Counter[int] = Counter()
    names: dict[int, str] = {}
    for line in finished:
        for seat in line.game.seats:
            if seat.member_id is None or seat.member_id == member.pk:
                continue
            games[seat.member_id] += 1
            names[seat.member_id] = seat.name
            wins[seat.member_id] += line.seat.rank == 1
            their_wins[seat.member_id] += seat.rank == 1
    regulars = [
        HeadToHead(other, names[other], count, wins[other], their_wins[other])
        for other, count in games.most_common()
        if count >= REGULAR_OPPONENT_GAMES
    ]
    return regulars[:MAX_OPPONENTS]


# Club records -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feat:
    """A record: who, the figure, and the game (or games, for a run) it was set in."""

    name: str
    member_id: int | None
    value: int
    game: GameSummary
    last_game: GameSummary | None = None


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
        return rules.RULESET_TITLES[self.ruleset]


@dataclass(frozen=True)
class ClubRecords:
    kinds: list[KindRecords]
    unreadable: list[int]


def club_records() -> ClubRecords:
    """Three queries: every finished game through the engine, then records from the results."""
    summaries = summarize_games(Game.objects.filter(status=GameStatus.FINISHED))
    by_kind: dict[str, list[GameSummary]] = defaultdict(list)
    for summary in summaries.games:
        if summary.complete:
            by_kind[summary.ruleset].append(summary)
    return ClubRecords(
        kinds=[_kind_records(kind, by_kind[kind]) for kind in KINDS if by_kind[kind]],
        unreadable=summaries.unreadable,
    )


def _kind_records(ruleset: str, games: list[GameSummary]) -> KindRecords:
    seats = [(game, seat) for game in games for seat in game.seats]
    # Ties go to whoever set the figure first: games are oldest first, max/min keep the first.
    high_game, high = max(seats, key=lambda pair: pair[1].score)
    low_game, low = min(seats, key=lambda pair: pair[1].score)
    five_dice = ruleset in FIVE_DICE
    most_baluts = most_in_game = None
    if five_dice:
        balut_game, balut_seat = max(seats, key=lambda pair: pair[1].baluts)
        if balut_seat.baluts:
            most_baluts = _feat(balut_seat, balut_seat.baluts, balut_game)
        game_total = max(games, key=lambda game: sum(seat.baluts for seat in game.seats))
        total = sum(seat.baluts for seat in game_total.seats)
        if total:
            most_in_game = Feat("all players", None, total, game_total)
    return KindRecords(
        ruleset=ruleset,
        games=len(games),
        highest=_feat(high, high.score, high_game),
        lowest=_feat(low, low.score, low_game),
        most_baluts=most_baluts,
        most_baluts_game=most_in_game,
        longest_run=longest_winning_run(games),
    )


def _feat(seat: SeatResult, value: int, game: GameSummary) -> Feat:
    return Feat(seat.name, seat.member_id, value, game)


def longest_winning_run(games: list[GameSummary]) -> Feat | None:
    """The most consecutive wins (rank 1, shared or not) of one member in the games of a kind
    they played, by start time; a game they did not win ends the run."""
    current: dict[int, tuple[int, GameSummary]] = {}
    best: Feat | None = None
    for game in games:
        for seat in game.seats:
            if seat.member_id is None:
                continue
            if seat.rank != 1:
                current.pop(seat.member_id, None)
                continue
            length, first = current.get(seat.member_id, (0, game))
            current[seat.member_id] = (length + 1, first)
            if best is None or length + 1 > best.value:
                best = Feat(seat.name, seat.member_id, length + 1, first, last_game=game)
    return best

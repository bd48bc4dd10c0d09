"""A member's statistics for the player page, read from the kept figures. Nothing here writes.

Ranks, totals, points and Baluts are the rules engine's, kept per seat (PlayerResultRow); box
averages and scratches are sums of the engine's stored box scores, kept per member and box
(BoxTally). Each part is one query whatever the member's history, so the page costs the same
after ten years as after one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, F, OuterRef, QuerySet, Subquery, Sum

from league.models import BoxTally, MonthTally, PlayerResultRow, RivalryTally
from scoring import rules
from scoring.box_names import box_name, game_title
from scoring.models import Game, GamePlayer, GameStatus, Member
from stats.queries import FirstRow, Wanted, first_rows
from stats.records import FIRST_SET, FIVE_DICE, KINDS

REGULAR_OPPONENT_GAMES = 3
MAX_OPPONENTS = 15


@dataclass(frozen=True)
class BoxStats:
    """One box of one kind of game: a member's or the club's tally of the engine's box scores."""

    ruleset: str
    box: str
    filled: int
    average: float
    scratches: int

    @property
    def label(self) -> str:
        return box_name(self.box)

    @property
    def title(self) -> str:
        return game_title(self.ruleset)

    @property
    def scratch_rate(self) -> float:
        return self.scratches / self.filled if self.filled else 0.0


@dataclass(frozen=True)
class KindStats:
    ruleset: str
    games: int
    wins: int
    baluts: int
    best: FirstRow
    worst: FirstRow

    @property
    def title(self) -> str:
        return game_title(self.ruleset)

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


@dataclass
class PlayerStats:
    member: Member
    kinds: list[KindStats]
    boxes: dict[str, list[BoxStats]]
    club_boxes: dict[str, list[BoxStats]]
    opponents: list[HeadToHead]
    in_progress: list[Game]

    @property
    def finished(self) -> int:
        return sum(kind.games for kind in self.kinds)


def player_stats(member: Member) -> PlayerStats:
    """Six queries, each reading a handful of rows however many games the member and the club
    have played."""
    return PlayerStats(
        member=member,
        kinds=kind_stats(member),
        boxes=box_stats(BoxTally.objects.filter(member=member).values(*TALLY_FIELDS)),
        club_boxes=box_stats(club_tallies()),
        opponents=head_to_head(member),
        in_progress=list(
            Game.objects.filter(players__member=member)
            .exclude(status=GameStatus.FINISHED)
            .order_by("-started_at", "-id")
        ),
    )


def finished_games(member: Member) -> QuerySet[PlayerResultRow]:
    """The member's finished games, newest first, each with how many sat at the table."""
    seats = (
        GamePlayer.objects.filter(game=OuterRef("game"))
        .order_by()
        .values("game")
        .annotate(count=Count("id"))
        .values("count")
    )
    return (
        PlayerResultRow.objects.filter(member=member)
        .select_related("game")
        .annotate(seats=Subquery(seats))
        .order_by("-started_at", "-game_id")
    )


def kind_stats(member: Member) -> list[KindStats]:
    """Two queries: the member's month tallies added up by kind, then the best and worst total
    of each kind."""
    counts = {
        row["ruleset"]: row
        for row in MonthTally.objects.filter(member=member)
        .values("ruleset")
        .annotate(games=Sum("games"), wins=Sum("wins"), baluts=Sum("baluts"))
        .order_by()
    }
    mine = PlayerResultRow.objects.filter(member=member)
    found = first_rows(
        [
            wanted
            for kind in KINDS
            if kind in counts
            for wanted in (
                Wanted(f"{kind}:best", kind, mine, (F("score").desc(), *FIRST_SET)),
                Wanted(f"{kind}:worst", kind, mine, ("score", *FIRST_SET)),
            )
        ]
    )
    return [
        KindStats(
            ruleset=kind,
            games=counts[kind]["games"],
            wins=counts[kind]["wins"],
            baluts=counts[kind]["baluts"],
            best=found[f"{kind}:best"],
            worst=found[f"{kind}:worst"],
        )
        for kind in KINDS
        if kind in counts and f"{kind}:best" in found
    ]


TALLY_FIELDS = ("ruleset", "box", "filled", "total", "scratches")


def club_tallies() -> QuerySet[BoxTally, dict[str, object]]:
    """Every member's and the guests' tallies added up: one row per kind and box."""
    return (
        BoxTally.objects.values("ruleset", "box")
        .annotate(filled=Sum("filled"), total=Sum("total"), scratches=Sum("scratches"))
        .order_by()
    )


def box_stats(tallies: Iterable[dict[str, object]]) -> dict[str, list[BoxStats]]:
    """Tallies per five-dice kind, in the order of the kind's score sheet."""
    found: dict[str, dict[str, BoxStats]] = defaultdict(dict)
    for row in tallies:
        ruleset, box = str(row["ruleset"]), str(row["box"])
        filled = int(str(row["filled"]))
        found[ruleset][box] = BoxStats(
            ruleset=ruleset,
            box=box,
            filled=filled,
            average=int(str(row["total"])) / filled if filled else 0.0,
            scratches=int(str(row["scratches"])),
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


def head_to_head(member: Member) -> list[HeadToHead]:
    """Members met at least REGULAR_OPPONENT_GAMES times in finished games, most met first."""
    rivalries = (
        RivalryTally.objects.filter(member=member, games__gte=REGULAR_OPPONENT_GAMES)
        .select_related("opponent")
        .order_by("-games", "opponent__known_as")[:MAX_OPPONENTS]
    )
    return [
        HeadToHead(
            opponent_id=rivalry.opponent_id,
            opponent=rivalry.opponent.known_as,
            games=rivalry.games,
            wins=rivalry.wins,
            opponent_wins=rivalry.opponent_wins,
        )
        for rivalry in rivalries
    ]

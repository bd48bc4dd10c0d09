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
from typing import TypeVar

from django.db.models import Count, Exists, F, Model, OuterRef, QuerySet, Subquery, Sum

from clubs.models import Club
from clubs.scoping import ClubScopedQuerySet
from league.models import BoxTally, MonthTally, PlayerResultRow, RivalryTally
from scoring import club as club_hook
from scoring import rules
from scoring.box_names import box_name, game_title
from scoring.models import Game, GamePlayer, GameStatus, Member, PublicArea
from stats.queries import FirstRow, Wanted, first_rows
from stats.records import FIRST_SET, FIVE_DICE, KINDS

REGULAR_OPPONENT_GAMES = 3
MAX_OPPONENTS = 15
# The kept row's fields a line of the player's list of games shows (stats.game_lines).
LINE_FIELDS = ("game_id", "club_id", "ruleset", "started_at", "score", "points", "rank", "won")


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
    # The club whose games these are; None for the person's games in every club together.
    club: Club | None
    # The club whose page shows them: its boxes are the comparison, its games in progress listed.
    page_club: Club
    kinds: list[KindStats]
    boxes: dict[str, list[BoxStats]]
    club_boxes: dict[str, list[BoxStats]]
    opponents: list[HeadToHead]
    in_progress: list[Game]
    # With every club (`club` None): the clubs left out, which keep their games from visitors.
    hidden: tuple[int, ...] = ()

    @property
    def finished(self) -> int:
        return sum(kind.games for kind in self.kinds)


_Kept = TypeVar("_Kept", bound=Model)


def theirs(
    rows: ClubScopedQuerySet[_Kept],
    member: Member,
    club: Club | None,
    hidden: tuple[int, ...] = (),
) -> QuerySet[_Kept]:
    """The member's kept rows in `club`, or in every club they played in (None) but the
    `hidden` ones."""
    if club is None:
        # A person's statistics are theirs in every club of the server, seen together on
        # their page (issue 25): their own rows only, whichever club they were played in,
        # but for the clubs that keep their games from visitors (issue 38).
        mine = rows.filter(member=member).across_clubs()
        return mine.exclude(club_id__in=hidden) if hidden else mine
    return rows.filter(club=club, member=member)


def hidden_clubs(member: Member, page_club: Club, clubs: Iterable[Club]) -> tuple[int, ...]:
    """Of the `clubs` the member played in, those whose games the page of `page_club` may not
    show: privacy is the owning club's, so another club's games are shown only where that club
    lets visitors see its player pages."""
    return tuple(
        sorted(
            other.pk
            for other in clubs
            if other.pk != page_club.pk
            and PublicArea.MEMBERS not in club_hook.house_settings(other).public_areas
        )
    )


def clubs_played_in(member: Member) -> list[Club]:
    """The clubs the member has finished games in (as a member or a visiting guest): one query,
    on the monthly tallies (a row a month and kind at most)."""
    played = MonthTally.objects.filter(club=OuterRef("pk"), member=member)
    return list(Club.objects.filter(Exists(played)).order_by("name", "slug"))


def player_stats(
    member: Member,
    club: Club | None,
    *,
    page_club: Club | None = None,
    hidden: tuple[int, ...] = (),
) -> PlayerStats:
    """Six queries, each reading a handful of rows however many games the member and the club
    have played. `club` None: the member's games in all their clubs together, shown on the
    page of `page_club` (by default `club`)."""
    page_club = page_club or club
    if page_club is None:
        raise ValueError("Statistics of every club are shown on one club's page: name it.")
    return PlayerStats(
        member=member,
        club=club,
        page_club=page_club,
        hidden=hidden,
        kinds=kind_stats(member, club, hidden),
        boxes=box_stats(
            theirs(BoxTally.objects.all(), member, club, hidden)
            .values("ruleset", "box")
            .annotate(filled=Sum("filled"), total=Sum("total"), scratches=Sum("scratches"))
            .order_by()
        ),
        club_boxes=box_stats(club_tallies(page_club)),
        opponents=head_to_head(member, club, hidden),
        # Equal to "not finished" (the game's check constraint allows only the two), and read
        # down the (club, status) index, then put in order here (a few games): excluding the
        # finished ones, or ordering in SQL, walked every game the club ever played.
        in_progress=sorted(
            Game.objects.filter(
                club=page_club, status=GameStatus.IN_PROGRESS, players__member=member
            ).order_by(),
            key=lambda game: (game.started_at, game.id),
            reverse=True,
        ),
    )


def finished_count(member: Member, club: Club | None, hidden: tuple[int, ...] = ()) -> int:
    """How many finished games the member played in the club (in all their clubs: None): one
    query on their month tallies, as many as the kinds' counts of the page add up to."""
    tallies = theirs(MonthTally.objects.all(), member, club, hidden)
    total = tallies.aggregate(games=Sum("games"))["games"]
    return int(total or 0)


def finished_games(
    member: Member, club: Club | None, hidden: tuple[int, ...] = ()
) -> QuerySet[PlayerResultRow]:
    """The member's finished games in the club (in all their clubs: None), newest first, each
    with how many sat at the table and the club it was played in. The kept row holds all the
    list shows (kind, rank, total, points, start): the games are not read."""
    seats = (
        GamePlayer.objects.filter(game=OuterRef("game"))
        .order_by()
        .values("game")
        .annotate(count=Count("id"))
        .values("count")
    )
    # Only what a line shows: the seat's box scores (a JSON document each) and the rest of the
    # kept figures were read and decoded for every line, and never shown.
    rows = theirs(PlayerResultRow.objects.all(), member, club, hidden).only(*LINE_FIELDS)
    if club is None:
        rows = rows.select_related("club")  # each line names its club
    return rows.annotate(seats=Subquery(seats)).order_by("-started_at", "-game_id")


def kind_stats(member: Member, club: Club | None, hidden: tuple[int, ...] = ()) -> list[KindStats]:
    """Two queries: the member's month tallies added up by kind, then the best and worst total
    of each kind."""
    counts = {
        row["ruleset"]: row
        for row in theirs(MonthTally.objects.all(), member, club, hidden)
        .values("ruleset")
        .annotate(games=Sum("games"), wins=Sum("wins"), baluts=Sum("baluts"))
        .order_by()
    }
    kinds = tuple(kind for kind in KINDS if kind in counts)

    mine = PlayerResultRow.objects.filter(member=member)
    # Across clubs on purpose when `club` is None: see theirs().
    mine = mine.across_clubs() if club is None else mine.filter(club=club)
    if club is None and hidden:
        mine = mine.exclude(club_id__in=hidden)
    wanted = [
        each
        for kind in kinds
        for each in (
            Wanted(f"{kind}:best", kind, mine, (F("score").desc(), *FIRST_SET)),
            Wanted(f"{kind}:worst", kind, mine, ("score", *FIRST_SET)),
        )
    ]
    found = first_rows(wanted) if kinds else {}
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


def club_tallies(club: Club) -> QuerySet[BoxTally, dict[str, object]]:
    """Every member's and the guests' tallies added up: one row per kind and box."""
    return (
        BoxTally.objects.filter(club=club)
        .values("ruleset", "box")
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


def head_to_head(
    member: Member, club: Club | None, hidden: tuple[int, ...] = ()
) -> list[HeadToHead]:
    """Members met at least REGULAR_OPPONENT_GAMES times in finished games, most met first
    (in every club together: each club's meetings added up)."""
    rivalries = (
        theirs(RivalryTally.objects.all(), member, club, hidden)
        .values("opponent_id", "opponent__known_as")
        .annotate(met=Sum("games"), won=Sum("wins"), lost=Sum("opponent_wins"))
        .filter(met__gte=REGULAR_OPPONENT_GAMES)
        .order_by("-met", "opponent__known_as")[:MAX_OPPONENTS]
    )
    return [
        HeadToHead(
            opponent_id=rivalry["opponent_id"],
            opponent=rivalry["opponent__known_as"],
            games=rivalry["met"],
            wins=rivalry["won"],
            opponent_wins=rivalry["lost"],
        )
        for rivalry in rivalries
    ]

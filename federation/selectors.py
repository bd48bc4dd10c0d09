"""What the federation's pages read: the server's clubs side by side. Nothing here writes.

Every club keeps its own privacy (scoring.access.privacy): a club's standings or records show
here only to whoever may see them on the club's own pages (its members, the federation
administrator, and visitors when the club opened that part to them). A `viewer` of None reads
everything, as the federation administrator does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count

from clubs.models import Club, Federation, Membership
from clubs.selectors import all_clubs, federation, is_federation_admin
from league.club_record import Mark, clubs_register_marks
from league.forms import StandingsFilterForm
from league.models import ClubSettings, RecordKind, Season
from league.selectors import house_rules, standings
from league.standings import tiebreakers_for
from ratings.selectors import RatingLine, rating_lines_of
from scoring import rules
from scoring.box_names import game_title
from scoring.models import Game, GameStatus, PublicArea
from stats.records import KindRecords, club_records

Viewer = User | AnonymousUser | None
# How many of each club's standings the federation's page shows.
TOP = 5


@dataclass(frozen=True)
class ClubSummary:
    club: Club
    members: int
    games: int


@dataclass(frozen=True)
class Overview:
    federation: Federation
    clubs: list[ClubSummary]


def federation_overview() -> Overview:
    """The federation and its clubs with their members and finished games: two counts grouped
    by club (the clubs themselves are the server's directory, kept in the process)."""
    clubs = all_clubs()
    ids = [club.pk for club in clubs]
    members = dict(
        Membership.objects.filter(club__in=ids)
        .values("club_id")
        .annotate(count=Count("id"))
        .values_list("club_id", "count")
        .order_by()
    )
    games = dict(
        Game.objects.filter(club__in=ids, status=GameStatus.FINISHED, voided_at__isnull=True)
        .values("club_id")
        .annotate(count=Count("id"))
        .values_list("club_id", "count")
        .order_by()
    )
    return Overview(
        federation(),
        [ClubSummary(club, members.get(club.pk, 0), games.get(club.pk, 0)) for club in clubs],
    )


def _settings_of(clubs: list[Club]) -> dict[int, ClubSettings]:
    """Every club's settings in one query (the defaults for a club that never saved them)."""
    rows = {row.club_id: row for row in ClubSettings.objects.filter(club__in=clubs)}
    return {club.pk: rows.get(club.pk) or ClubSettings(club=club) for club in clubs}


def _open_to(
    viewer: Viewer, area: PublicArea, clubs: list[Club], settings: dict[int, ClubSettings]
) -> set[int]:
    """The clubs whose `area` the viewer may see, as each club's own pages would decide."""
    if viewer is None or is_federation_admin(viewer):
        return {club.pk for club in clubs}
    mine: set[int] = set()
    if viewer.is_authenticated:
        mine = set(Membership.objects.filter(user=viewer).values_list("club_id", flat=True))
    return {club.pk for club in clubs if club.pk in mine or area in settings[club.pk].public_areas}


@dataclass(frozen=True)
class ClubLines:
    """One club's register of one game: its highest and lowest line that stands."""

    club: Club
    highest: Mark | None
    lowest: Mark | None
    federation_highest: bool = False
    federation_lowest: bool = False


@dataclass(frozen=True)
class GameRegister:
    ruleset: str
    clubs: list[ClubLines]

    @property
    def title(self) -> str:
        return game_title(self.ruleset)

    @property
    def highest(self) -> Mark | None:
        return next((line.highest for line in self.clubs if line.federation_highest), None)

    @property
    def lowest(self) -> Mark | None:
        return next((line.lowest for line in self.clubs if line.federation_lowest), None)


@dataclass(frozen=True)
class FederationRegister:
    """Each game's register of every club; iterating gives the games that have a line."""

    games: list[GameRegister]
    # Clubs keeping their register to their members (not compared for this viewer).
    private: list[Club] = field(default_factory=list)

    def __iter__(self) -> Iterator[GameRegister]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)


def _soonest(mark: Mark, club: Club) -> tuple[Any, ...]:
    # Level scores: the first to set it holds the federation's record (as in a club's).
    return (mark.day, club.name.casefold(), club.slug)


def federation_register(*, viewer: Viewer = None) -> FederationRegister:
    """Every club's ratified register (its lines that stand: ratified claims and historic
    paper records) side by side for each game, with the federation's highest and lowest to
    date marked. Only the games a club keeps a register for, as its own register page shows.
    A fixed number of queries however many clubs and lines: their settings, then each club's
    best line of each game and kind (league.club_record.clubs_register_marks: two queries)."""
    clubs = all_clubs()
    settings = _settings_of(clubs)
    shown = _open_to(viewer, PublicArea.RECORDS, clubs, settings)
    compared = [club for club in clubs if club.pk in shown]
    kept = {club.pk: house_rules(club, settings[club.pk]).register_bounds for club in compared}
    lines: dict[tuple[str, int], dict[str, Mark]] = defaultdict(dict)
    # Only the games some club keeps a register for (by default one): fewer heads to read.
    for club_id, mark in clubs_register_marks(compared, set().union(*kept.values())):
        if mark.ruleset in kept[club_id]:
            lines[(mark.ruleset, club_id)][mark.kind] = mark
    games = []
    for info in rules.RULESETS:
        found = [
            (club, lines[(info.key, club.pk)]) for club in compared if (info.key, club.pk) in lines
        ]
        if not found:
            continue
        highs = [(m[RecordKind.HIGH], club) for club, m in found if RecordKind.HIGH in m]
        lows = [(m[RecordKind.LOW], club) for club, m in found if RecordKind.LOW in m]
        top = min(highs, key=lambda pair: (-pair[0].score, *_soonest(*pair)), default=None)
        bottom = min(lows, key=lambda pair: (pair[0].score, *_soonest(*pair)), default=None)
        games.append(
            GameRegister(
                info.key,
                [
                    ClubLines(
                        club,
                        marks.get(RecordKind.HIGH),
                        marks.get(RecordKind.LOW),
                        federation_highest=top is not None and top[1] == club,
                        federation_lowest=bottom is not None and bottom[1] == club,
                    )
                    for club, marks in found
                ],
            )
        )
    return FederationRegister(games, [club for club in clubs if club.pk not in shown])


@dataclass(frozen=True)
class ClubStandings:
    club: Club
    season: Season | None
    rows: list[dict[str, Any]]


@dataclass(frozen=True)
class FederationStandings:
    ruleset: str
    clubs: list[ClubStandings]
    private: list[Club]

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


def federation_standings(ruleset: str, *, viewer: Viewer = None) -> FederationStandings:
    """The top of each club's current season (the season its standings page opens on) for
    `ruleset`, ranked by the club's own tie-breakers: the seasons and the settings of every
    club in one query each, then one query per club."""
    clubs = all_clubs()
    settings = _settings_of(clubs)
    shown = _open_to(viewer, PublicArea.STANDINGS, clubs, settings)
    seasons: dict[int, list[Season]] = defaultdict(list)
    for row in Season.objects.filter(club__in=sorted(shown)).order_by("-starts_on", "-id"):
        seasons[row.club_id].append(row)
    found = []
    for club in clubs:
        if club.pk not in shown:
            continue
        season, _ = StandingsFilterForm({}, seasons=seasons[club.pk]).chosen()
        order = tiebreakers_for(settings[club.pk].standings_tiebreakers or {}, ruleset)
        rows = [] if season is None else list(standings(season, ruleset, order)[:TOP])
        found.append(ClubStandings(club, season, rows))
    return FederationStandings(ruleset, found, [club for club in clubs if club.pk not in shown])


@dataclass(frozen=True)
class ClubKindRecords:
    club: Club
    records: KindRecords


@dataclass(frozen=True)
class GameRecords:
    ruleset: str
    clubs: list[ClubKindRecords]

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


@dataclass(frozen=True)
class FederationRecords:
    games: list[GameRecords]
    private: list[Club]


def federation_records(*, viewer: Viewer = None) -> FederationRecords:
    """Each club's records (stats.records, a few queries per club) side by side per game."""
    clubs = all_clubs()
    settings = _settings_of(clubs)
    shown = _open_to(viewer, PublicArea.RECORDS, clubs, settings)
    by_kind: dict[str, list[ClubKindRecords]] = defaultdict(list)
    for club in clubs:
        if club.pk in shown:
            for kind in club_records(club).kinds:
                by_kind[kind.ruleset].append(ClubKindRecords(club, kind))
    return FederationRecords(
        [GameRecords(info.key, by_kind[info.key]) for info in rules.RULESETS if by_kind[info.key]],
        [club for club in clubs if club.pk not in shown],
    )


@dataclass(frozen=True)
class FederationRatings:
    """The rating list of every club's people together (a rating is the person's over every
    game of the server), of the clubs whose standings the viewer may see."""

    ruleset: str
    members: list[RatingLine]
    guests: list[RatingLine]
    private: list[Club]

    @property
    def title(self) -> str:
        return game_title(self.ruleset)


def federation_ratings(ruleset: str, *, viewer: Viewer = None) -> FederationRatings:
    """Each person once, ranked among everyone of the clubs shown; a club's list shows its
    ratings where it opens its standings, so the federation's does too."""
    clubs = all_clubs()
    settings = _settings_of(clubs)
    shown = _open_to(viewer, PublicArea.STANDINGS, clubs, settings)
    everyone = len(shown) == len(clubs)
    # Nobody whose rating counts a game of a club that keeps both its games and its standings
    # from the viewer: such a figure would tell of games the viewer may not see. (A club that
    # opens its standings shows ratings built from its games on its own list anyway.)
    games_seen = _open_to(viewer, PublicArea.GAMES, clubs, settings)
    lines = rating_lines_of(
        None if everyone else [club for club in clubs if club.pk in shown],
        ruleset,
        hiding=[club.pk for club in clubs if club.pk not in games_seen | shown],
    )
    return FederationRatings(
        ruleset,
        [line for line in lines if not line.guest],
        [line for line in lines if line.guest],
        [club for club in clubs if club.pk not in shown],
    )

"""What the team pages and feeds read."""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass

from django.db.models import Avg, Count, Q, QuerySet, Sum

from clubs.models import Club
from scoring import verification
from scoring.selectors import game_house_rules, load_game, recorded_game
from teams.match_rules import (
    Counting,
    MatchFormat,
    MatchScore,
    Seat,
    SeatResult,
    Side,
    conceded_results,
    match_score,
    seat_figure,
)
from teams.models import (
    Competition,
    Dispute,
    Division,
    Fixture,
    Match,
    MatchGame,
    MatchPlayer,
    Team,
    Walkover,
)
from teams.tables import PlayedMatch, TableRow, team_table

_FIXTURE_RELATIONS = ("home__captain", "away", "division__competition", "match", "walkover")


def fixtures_of_team(team: Team) -> QuerySet[Fixture]:
    return (
        Fixture.objects.filter(Q(home=team) | Q(away=team))
        .select_related(*_FIXTURE_RELATIONS)
        .order_by("starts_at", "round", "id")
    )


def fixtures_of_club(club: Club) -> QuerySet[Fixture]:
    """The fixtures a club's pages and calendar show, in time order: of its competitions, and
    its teams' in others'."""
    return (
        Fixture.objects.filter(
            Q(division__competition__club=club) | Q(home__club=club) | Q(away__club=club)
        )
        .select_related(*_FIXTURE_RELATIONS)
        .order_by("starts_at", "id")
    )


def fixtures_of_competition(competition: Competition) -> QuerySet[Fixture]:
    return (
        Fixture.objects.filter(division__competition=competition)
        .select_related(*_FIXTURE_RELATIONS)
        .order_by("division__level", "round", "starts_at", "id")
    )


def competitions(club: Club) -> QuerySet[Competition]:
    """The competitions the club organises, and those its teams play in (another club's or the
    federation's): its captains find their league among their own club's pages."""
    organised = Competition.objects.filter(club=club).values("pk")
    # Across clubs on purpose: the organiser is another club, the entry is this club's team.
    played_in = (
        Competition.objects.across_clubs().filter(divisions__entries__team__club=club).values("pk")
    )
    return (
        Competition.objects.across_clubs()
        .filter(Q(pk__in=organised) | Q(pk__in=played_in))
        .select_related("club")
        .prefetch_related("divisions")
    )


def open_competitions(club: Club) -> QuerySet[Competition]:
    """Other clubs' (or the federation's) competitions open to this club's teams, not yet drawn."""
    # Across clubs on purpose: what other clubs offer this club's secretary.
    return (
        Competition.objects.across_clubs()
        .filter(open_to_other_clubs=True)
        .exclude(club=club)
        .exclude(divisions__fixtures__isnull=False)
        .select_related("club")
        .distinct()
    )


def teams(club: Club) -> QuerySet[Team]:
    """The club's teams, and the teams playing in its competitions (from other clubs too)."""
    return (
        Team.objects.filter(Q(club=club) | Q(entries__division__competition__club=club))
        .distinct()
        .select_related("captain")
    )


def match_format_of(competition: Competition) -> MatchFormat:
    """The competition's match format; FormatError when its numbers cannot seat a match."""
    return MatchFormat(
        players_per_team=competition.players_per_team,
        table_size=competition.table_size,
        counting=Counting(competition.counting),
    )


@dataclass(frozen=True)
class TableLine:
    """One player's line on the match card."""

    table: int
    side: Side
    slot: int
    name: str
    rank: int | None
    figure: int | None


@dataclass(frozen=True)
class MatchOutcome:
    score: MatchScore
    lines: list[TableLine]


def match_games(match: Match) -> list[MatchGame]:
    return list(match.games.select_related("game").order_by("table"))


def _conceded_lines(
    match_format: MatchFormat, table: int, conceding: Side, names: dict[tuple[str, int], str]
) -> list[tuple[SeatResult, TableLine]]:
    """A conceded table's seats, lost by the conceding side (match_rules.conceded_results)."""
    pairs = []
    for result in conceded_results(match_format, table, conceding):
        seat = result.seat
        figure = seat_figure(
            result, counting=match_format.counting, table_size=match_format.table_size
        )
        name = names[(seat.side.value, seat.slot)]
        pairs.append((result, TableLine(table, seat.side, seat.slot, name, result.rank, figure)))
    return pairs


def match_outcome(match: Match, *, so_far: bool = False) -> MatchOutcome | None:
    """The card's figures once every table's game is over (None before): each player's place
    and what it earned their team, from the engine's result of their game. With `so_far`,
    the figures of the tables already over (the TV board's score while the match is played)."""
    match_format = match_format_of(match.fixture.division.competition)
    seats = {
        player.member_id: Seat(Side(player.side), player.slot)
        for player in match.players.select_related("member")
    }
    results: list[SeatResult] = []
    lines: list[TableLine] = []
    conceded = {c.table: Side(c.side) for c in match.conceded.all()}
    names = {(p.side, p.slot): p.member.known_as for p in match.players.select_related("member")}
    for table_game in match_games(match):
        game = table_game.game
        if table_game.table in conceded:
            for seat_result, line in _conceded_lines(
                match_format, table_game.table, conceded[table_game.table], names
            ):
                results.append(seat_result)
                lines.append(line)
            continue
        # A void game has no result: the card waits as for a game still in play.
        if not game.is_finished or game.is_void:
            if so_far:
                continue
            return None
        loaded = load_game(game)
        result = loaded.result(game_house_rules(game))
        by_seat = {outcome.seat: outcome for outcome in result.players}
        for player in loaded.players:
            # Every seat of a match's game is a member of one of its teams (start_match).
            assert player.member_id is not None
            outcome = by_seat[player.seat]
            seat = seats[player.member_id]
            seat_result = SeatResult(seat, outcome.rank, outcome.total_points)
            results.append(seat_result)
            figure = seat_figure(
                seat_result, counting=match_format.counting, table_size=match_format.table_size
            )
            lines.append(
                TableLine(table_game.table, seat.side, seat.slot, player.name, outcome.rank, figure)
            )
    return MatchOutcome(score=match_score(results, match_format), lines=lines)


def _digest(score: tuple[int, int], lines: list[tuple[str, int, int | None, int | None]]) -> str:
    document = [list(score), sorted(list(line) for line in lines)]
    canonical = json.dumps(document, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(canonical).hexdigest()


def figures_digest(outcome: MatchOutcome | None) -> str:
    """What a captain signs, in one digest: the score and each player's place and figure. Not
    the games' records: a correction that leaves every figure alone leaves the card alone.
    "" while the card has no figures (a game in play or void)."""
    if outcome is None:
        return ""
    lines = [(line.side.value, line.slot, line.rank, line.figure) for line in outcome.lines]
    return _digest((outcome.score.home, outcome.score.away), lines)


def kept_figures_digest(match: Match) -> str:
    """The same digest of the figures kept when the card was signed ("" before)."""
    if match.home_score is None or match.away_score is None:
        return ""
    lines = [
        (player.side, player.slot, player.rank, player.earned) for player in match.players.all()
    ]
    return _digest((match.home_score, match.away_score), lines)


def card_still_holds(match: Match) -> bool:
    """Whether the signed card's kept figures are still what its games come to."""
    kept = kept_figures_digest(match)
    return bool(kept) and kept == figures_digest(match_outcome(match))


def card_code(match: Match) -> str:
    """The card's verification code: a digest of everything it records (the fixture, the
    players, each game's own record digest, the score and the signatures), as a score sheet's
    code is of its game (scoring.verification), grouped the same way."""
    outcome = match_outcome(match)
    document = {
        "fixture": str(match.fixture.uid),
        "home": match.fixture.home.name,
        "away": match.fixture.away.name,
        "players": [
            [player.side, player.slot, player.member.known_as]
            for player in match.players.select_related("member").order_by("side", "slot")
        ],
        "games": [
            [table_game.table, verification.digest(recorded_game(table_game.game)).hex()]
            for table_game in match_games(match)
        ],
        "score": [outcome.score.home, outcome.score.away] if outcome else None,
        "signatures": [
            [signature.side, signature.captain.known_as, signature.signed_at.isoformat()]
            for signature in match.signatures.select_related("captain").order_by("side")
        ],
    }
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":")).encode("utf-8")
    raw = base64.b32encode(hashlib.sha256(canonical).digest()).decode("ascii")
    return verification.format_code(raw[: verification.CODE_LENGTH])


def open_disputes(club: Club) -> QuerySet[Dispute]:
    """Disputes the club's secretary settles: those of matches its teams hosted."""
    return Dispute.objects.filter(
        resolved_at__isnull=True, match__fixture__home__club=club
    ).select_related("match__fixture__home", "match__fixture__away", "raised_by")


def division_table(division: Division) -> list[TableRow[Team]]:
    """The division's team table from its signed matches' kept scores."""
    teams = [entry.team for entry in division.entries.select_related("team").order_by("seed")]
    signed = Match.objects.filter(fixture__division=division).exclude(verification_code="")
    played = [
        PlayedMatch(match.fixture.home, match.fixture.away, match.home_score, match.away_score)
        for match in signed.select_related("fixture__home", "fixture__away")
        if match.home_score is not None and match.away_score is not None
    ]
    # A walkover counts as the match its winner did not have to play (teams.services.walkovers).
    played += [
        PlayedMatch(given.fixture.home, given.fixture.away, given.home_score, given.away_score)
        for given in Walkover.objects.filter(fixture__division=division).select_related(
            "fixture__home", "fixture__away"
        )
    ]
    return team_table(teams, played, division.competition.breakers)


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record within one competition, from the signed cards."""

    name: str
    matches: int
    earned: int
    average_place: float | None


def player_records(team: Team, competition: Competition | None = None) -> list[PlayerRecord]:
    """Each player who has played for `team` on a signed card (in `competition`, when given):
    matches, what they earned, their average place."""
    played = MatchPlayer.objects.filter(match__verification_code__gt="", rank__isnull=False)
    if competition is not None:
        played = played.filter(match__fixture__division__competition=competition)
    rows = (
        played.filter(
            Q(match__fixture__home=team, side=Side.HOME.value)
            | Q(match__fixture__away=team, side=Side.AWAY.value)
        )
        .values("member__known_as")
        .annotate(matches=Count("id"), earned=Sum("earned"), average=Avg("rank"))
        .order_by("-earned", "member__known_as")
    )
    return [
        PlayerRecord(row["member__known_as"], row["matches"], row["earned"] or 0, row["average"])
        for row in rows
    ]

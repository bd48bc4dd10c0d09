"""What the read API answers, as its OpenAPI schema describes it."""

from __future__ import annotations

import datetime

from ninja import Field, Schema

from scoring.models import RULESET_KEYS


class Paging(Schema):
    page: int = Field(1, ge=1, description="The page, from 1.")
    page_size: int = Field(50, ge=1, le=200, description="Items a page (at most 200).")


class PageInfo(Schema):
    count: int
    page: int
    page_size: int


class ClubOut(Schema):
    slug: str
    name: str


class ClubDetail(ClubOut):
    visitors_see: list[str] = Field(description="The parts of the club visitors may read.")
    you_see_everything: bool = Field(description="Whether this caller reads it as its members do.")


class MemberOut(Schema):
    id: int
    known_as: str
    name: str
    active: bool


class MemberPage(PageInfo):
    items: list[MemberOut]


class SeatOut(Schema):
    seat: int
    name: str
    member_id: int | None
    score: int | None = Field(description="The finished game's total; null while in play.")
    points: int | None
    rank: int | None
    won: bool | None


class GameOut(Schema):
    id: int
    ruleset: str
    status: str
    friendly: bool
    started_at: datetime.datetime
    finished_at: datetime.datetime | None
    void: bool
    sheet_code: str = Field(description="The signed sheet's verification code; empty unsigned.")
    players: list[SeatOut]


class GamePage(PageInfo):
    items: list[GameOut]


class SeasonOut(Schema):
    id: int
    name: str
    starts_on: datetime.date
    ends_on: datetime.date


class StandingOut(Schema):
    place: int
    member_id: int
    known_as: str
    games: int
    wins: int
    average: float
    best: int
    baluts: int
    lasts: int


class SeasonStandings(Schema):
    season: SeasonOut
    ruleset: str
    rows: list[StandingOut]


class RegisterLineOut(Schema):
    id: int
    date: datetime.date
    player_name: str
    member_id: int | None
    score: int
    kind: str
    ruleset: str
    game_id: int | None
    historic: bool


class RegisterPage(PageInfo):
    items: list[RegisterLineOut]


class RatingOut(Schema):
    place: int
    name: str
    member_id: int | None
    ruleset: str
    rating: float
    mu: float
    sigma: float
    games: int


class RatingPage(PageInfo):
    items: list[RatingOut]


class TournamentOut(Schema):
    id: int
    name: str
    ruleset: str
    starts_on: datetime.date
    ends_on: datetime.date
    rounds: int
    table_size: int


class TablePlayerOut(Schema):
    entrant_id: int
    name: str
    total: int | None


class TableOut(Schema):
    number: int
    game_id: int | None
    players: list[TablePlayerOut]


class RoundOut(Schema):
    number: int
    final: bool
    tables: list[TableOut]


class TournamentStandingOut(Schema):
    rank: int
    entrant_id: int
    name: str
    points: int
    score: int
    games: int
    wins: int
    best: int
    baluts: int


class TournamentDetail(TournamentOut):
    rounds_drawn: list[RoundOut]
    standings: list[TournamentStandingOut]


class DivisionOut(Schema):
    id: int
    name: str
    level: int


class CompetitionOut(Schema):
    id: int
    name: str
    kind: str
    ruleset: str
    divisions: list[DivisionOut]


class MatchOut(Schema):
    started_at: datetime.datetime
    home_score: int | None
    away_score: int | None
    card_code: str = Field(description="The signed match card's code; empty unsigned.")


class FixtureOut(Schema):
    id: int
    division_id: int
    round: int
    home: str
    away: str
    starts_at: datetime.datetime
    venue: str
    status: str
    match: MatchOut | None


class TableRowOut(Schema):
    place: int
    team: str
    played: int
    won: int
    drawn: int
    lost: int
    score_for: int
    score_against: int
    match_points: int


class DivisionTableOut(DivisionOut):
    table: list[TableRowOut]


class CompetitionDetail(CompetitionOut):
    tables: list[DivisionTableOut]
    fixtures: list[FixtureOut]


# A kind of game, as the rules engine names it: anything else is refused (422) before a query.
RULESET_PATTERN = "^(" + "|".join(RULESET_KEYS) + ")$"


class RulesetFilter(Schema):
    ruleset: str | None = Field(None, pattern=RULESET_PATTERN, description="A kind of game.")

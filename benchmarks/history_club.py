"""What the history benchmark adds to the synthetic history before it times the pages.

Synthesis stores finished games with their books (league.synthesis): a season per calendar
year, debts, and register claims. Added here through the services, as the secretary and the
scorer would: a season covering exactly the last year (so the standings count the same games at
both sizes), a paper register's records, and a half-played game (for the board).
"""

from __future__ import annotations

import uuid
from datetime import date, datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import Count
from django.utils import timezone

from benchmarks.bench_club import bench_club
from benchmarks.request_clocks import BenchmarkError
from clubs.models import Role
from clubs.services import join_club
from league.models import Season
from league.services.register import enter_historic_record
from league.services.seasons import create_season
from scoring import rules
from scoring.models import Game, Member
from scoring.selectors import load_game
from scoring.services.games import Seat, start_game
from scoring.services.turns import record_turn

SECRETARY = "bench-secretary"
RATIFIED_NOTE = "Ratified for the history benchmark."
# The paper register a club brings along (1978 bar rules): entered before the first year is timed,
# so the register page has entries however few claims the history makes (a bar total outside the
# club's bounds: some 13 a year at 2,000 games, none in the smoke test's few).
PAPER_RECORDS = (("W. Tan", 172, "high"), ("R. Lim", 36, "low"), ("J. Seah", 166, "high"))


def secretary() -> User:
    user, _ = User.objects.get_or_create(username=SECRETARY)
    join_club(club=bench_club(), user=user, role=Role.SECRETARY)
    return user


def last_year_season(by: User, now: datetime) -> Season:
    """The season of the year up to `now` (365 days back): the first year synthesized, so the
    standings count the same games whatever history is added before it (a synthetic history
    has no game in the last day before its `until`)."""
    today = timezone.localdate(now)
    starts_on = today - timedelta(days=365)
    return create_season(
        in_club=bench_club(),
        by=by,
        name=f"{starts_on:%d %b %Y} to {today:%d %b %Y}",
        starts_on=starts_on,
        ends_on=today,
    )


def paper_records(by: User, before: date) -> int:
    """The paper register's records, dated some months apart before `before`, entered as
    historic records (league.services.register.enter_historic_record, without a scan)."""
    for index, (name, score, kind) in enumerate(PAPER_RECORDS):
        enter_historic_record(
            in_club=bench_club(),
            date=before - timedelta(days=100 * (len(PAPER_RECORDS) - index)),
            player_name=name,
            member=None,
            score=score,
            kind=kind,
            ruleset="bar",
            scan=None,
            note="From the paper register.",
            by=by,
        )
    return len(PAPER_RECORDS)


def in_progress_game() -> Game:
    """A four-player game half-way through, recorded by the turn service, for the board."""
    members = list(Member.objects.order_by("pk")[:4])
    game = start_game(
        in_club=bench_club(),
        ruleset="balut",
        seats=[Seat(member=m) for m in members],
        scorer=members[0],
        created_by=members[0].user,
    )
    for number in range(50):
        loaded = load_game(game)
        player = loaded.next_player
        assert player is not None and isinstance(loaded.state, rules.FiveDiceGame)
        record_turn(
            game=game,
            turn_record={
                "player": player.name,
                "box": loaded.state.open_boxes(player.seat)[0],
                "dice": [6, 6, 6, 5, 5],
            },
            expected_number=number,
            request_key=uuid.uuid4(),
            recorded_by=members[0].user,
        )
    return game


def busiest(member: Member | None = None) -> tuple[Member, int]:
    """The member who has played most (or `member`), with the games they have played."""
    if member is not None:
        return member, member.seats.count()
    top = Member.objects.annotate(games=Count("seats")).order_by("-games", "pk").first()
    if top is None:
        raise BenchmarkError("no member to measure")
    return top, top.games

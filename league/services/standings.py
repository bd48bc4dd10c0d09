"""The seasons' standings kept as aggregates (league.models.SeasonStanding), never stale.

Whenever a game's result rows are stored (a finished game, an import, a correction, a void:
league.services.books.book_game), the lines of the game's members in the seasons its old and new
finishing days fall in are summed afresh from their rows, in the same transaction. A member's
line is a sum over one season's games, so it costs a few indexed rows whatever the club's
history. A season whose dates change, or a new one, is summed whole. The members' rows are
locked first, so two games of one member finishing together sum one after the other.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable
from functools import cache

from django.db import connections, router
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils import timezone

from league.models import PlayerResultRow, Season, SeasonStanding
from league.selectors import local_midnight
from league.services.statements import quoted, read_rows
from league.standings import BY_POINTS
from scoring.models import Member
from scoring.transactions import require_transaction

StandingKey = tuple[str, int]  # (ruleset, member id)


def season_rows(season: Season) -> QuerySet[PlayerResultRow]:
    """The members' rows of the games finished within `season` (both days, club's time)."""
    return PlayerResultRow.objects.filter(
        club_id=season.club_id,
        member__isnull=False,
        finished_at__gte=local_midnight(season.starts_on),
        finished_at__lt=local_midnight(season.ends_on + datetime.timedelta(days=1)),
    )


def summed(
    season: Season, *, ruleset: str | None = None, members: Collection[int] | None = None
) -> dict[StandingKey, SeasonStanding]:
    """The season's lines summed from the rows (unsaved), by ruleset and member: one query."""
    rows = season_rows(season)
    if ruleset is not None:
        rows = rows.filter(ruleset=ruleset)
    if members is not None:
        rows = rows.filter(member_id__in=list(members))
    found = {}
    for line in rows.values("ruleset", "member_id").annotate(
        games=Count("pk"),
        wins=Count("pk", filter=Q(won=True)),
        lasts=Count("pk", filter=Q(last=True)),
        baluts=Sum("baluts"),
        score_total=Sum("score"),
        score_best=Max("score"),
        points_total=Sum("points"),
        points_best=Max("points"),
    ):
        figure = "points" if line["ruleset"] in BY_POINTS else "score"
        found[(line["ruleset"], line["member_id"])] = SeasonStanding(
            season=season,
            member_id=line["member_id"],
            ruleset=line["ruleset"],
            games=line["games"],
            wins=line["wins"],
            lasts=line["lasts"],
            baluts=line["baluts"] or 0,
            total=line[f"{figure}_total"] or 0,
            best=line[f"{figure}_best"] or 0,
        )
    return found


def refresh_standings(
    *,
    club_id: int,
    ruleset: str,
    member_ids: Collection[int],
    moments: Iterable[datetime.datetime | None],
) -> None:
    """Sum afresh the lines of `member_ids` in `ruleset` in every season of the club holding
    one of `moments` (a game's finishing times, before and after its change). Inside a
    transaction."""
    require_transaction("refresh_standings", within="the change's transaction")
    days = {timezone.localdate(moment) for moment in moments if moment is not None}
    if not member_ids or not days:
        return
    ops = connections[router.db_for_read(Season)].ops
    held = [value for day in sorted(days) for value in [ops.adapt_datefield_value(day)] * 2]
    seasons = read_rows(Season, _holding_sql(len(days)), [club_id, *held])
    if not seasons:
        return
    list(Member.objects.select_for_update().filter(pk__in=member_ids).order_by("pk").values("pk"))
    for season in seasons:
        fresh = summed(season, ruleset=ruleset, members=member_ids)
        SeasonStanding.objects.filter(
            season=season, ruleset=ruleset, member_id__in=list(member_ids)
        ).delete()
        _create(fresh.values())


@cache
def _holding_sql(days: int) -> str:
    """The club's seasons that hold one of `days` days, newest first (Season's order): the
    finishing turn asks it, so its SQL is written once a process (league.services.statements)."""
    table, c = quoted(Season)
    holding = " OR ".join([f"({c['starts_on']} <= %s AND {c['ends_on']} >= %s)"] * days)
    return (
        f"SELECT {', '.join(c.values())} FROM {table} WHERE {c['club_id']} = %s "
        f"AND ({holding}) ORDER BY {c['starts_on']} DESC, {c['id']} DESC"
    )


def rebuild_standings(*, season: Season | None = None) -> int:
    """Every line of `season` (of every season, given none) summed afresh; the lines written.
    Inside the caller's transaction: the lines are deleted before they are summed again, so
    outside one a reader would see a season without standings, and a failure halfway would
    leave it so."""
    require_transaction("rebuild_standings")
    seasons = [season] if season is not None else list(Season.objects.all())
    written = 0
    for each in seasons:
        SeasonStanding.objects.filter(season=each).delete()
        written += _create(summed(each).values())
    return written


def _create(lines: Iterable[SeasonStanding]) -> int:
    new = list(lines)
    # Fields checked here; the links (taken from result rows), uniqueness and the checks are the
    # database's to enforce in the same statement.
    for line in new:
        line.full_clean(
            exclude=["season", "member"], validate_unique=False, validate_constraints=False
        )
    SeasonStanding.objects.bulk_create(new, batch_size=1000)
    return len(new)

"""Reading the league's books. Nothing here writes; every list costs a fixed number of queries."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import (
    Count,
    Exists,
    F,
    FloatField,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    Window,
)
from django.db.models.functions import Cast, Coalesce, ExtractYear, Rank, RowNumber
from django.utils import timezone

from clubs.models import Club
from league import settings_memo
from league.models import (
    AuditEntry,
    ClaimStatus,
    ClubSettings,
    DebtStatus,
    DrinkDebt,
    PlayerResultRow,
    RecordKind,
    RegisterClaim,
    RegisterEntry,
    Season,
    SeasonStanding,
)
from league.standings import COLUMNS
from scoring import rules
from scoring.models import RULESET_KEYS, GamePlayer, GameStatus, Member
from scoring.rules.tiebreakers import higher_first
from scoring.selectors import members_of


def club_settings(club: Club) -> ClubSettings:
    """The club's settings; the defaults (unsaved) until its secretary first saves them. Read
    once per request and club (league.settings_memo); each call gets an instance of its own."""
    return settings_memo.club_settings(club, ClubSettings.objects.filter(club=club).first)


def house_rules(club: Club, settings: ClubSettings | None = None) -> rules.HouseRules:
    """The engine's house rules as the club set them: what the books and the sheets count by."""
    settings = settings or club_settings(club)
    bounds = {}
    for ruleset in RULESET_KEYS:
        high, low = settings.register_bound_pair(ruleset)
        if high is not None and low is not None:
            bounds[ruleset] = rules.RegisterBounds(high=high, low=low)
    return rules.HouseRules(
        drinks_in_balut=settings.drinks_in_balut,
        drinks_in_jackpot=settings.drinks_in_jackpot,
        register_bounds=bounds,
    )


def default_options(
    club: Club, ruleset: str, settings: ClubSettings | None = None
) -> rules.Options:
    """The options a new game of `ruleset` starts with, as the club set them."""
    settings = settings or club_settings(club)
    return rules.parse_options(settings.default_options.get(ruleset))


def standing_entries(club: Club) -> QuerySet[RegisterEntry]:
    """The club's register as it stands: without entries removed, or withdrawn by a
    correction."""
    return RegisterEntry.objects.filter(
        club=club, withdrawn_at__isnull=True, removed_at__isnull=True
    )


def register_entries(club: Club) -> QuerySet[RegisterEntry]:
    """Every line of the club's register, removed ones included (the filter form leaves them
    out); not those a correction of their game withdrew."""
    # Nothing is read of the member or the game but their ids: the game joined for its id
    # alone (the table's game column looks it up), not its options and house rules decoded.
    entry_fields = [field.name for field in RegisterEntry._meta.concrete_fields]
    return (
        RegisterEntry.objects.filter(club=club, withdrawn_at__isnull=True)
        .select_related("game")
        .only(*entry_fields, "game__id")
    )


def highest_to_date(club: Club) -> list[RegisterEntry]:
    """The highest register score of each game, one query: the first line of the page.

    A tie goes to whoever got there first.
    """
    return list(
        standing_entries(club)
        .filter(kind=RecordKind.HIGH)
        .annotate(
            place=Window(
                RowNumber(),
                partition_by=[F("ruleset")],
                order_by=[F("score").desc(), F("date").asc(), F("id").asc()],
            )
        )
        .filter(place=1)
        .select_related("game")
        .order_by("-score", "ruleset")
    )


def pending_claims(club: Club) -> list[RegisterClaim]:
    return list(
        RegisterClaim.objects.filter(game__club=club, status=ClaimStatus.PENDING)
        .select_related("game", "player", "reopened_by__turn")
        .order_by("created_at", "id")
    )


def rejected_claims(club: Club) -> list[RegisterClaim]:
    """Rejected claims stay readable, with the note that says why, newest decision first."""
    return list(
        RegisterClaim.objects.filter(game__club=club, status=ClaimStatus.REJECTED)
        .select_related("game", "player")
        .order_by("-decided_at", "-id")
    )


class _Year(ExtractYear):
    """A date's year. On SQLite, the first four characters of the ISO text it stores the date
    as, which SQLite reads itself: Django's own extract there calls a Python function once a
    row, the cost that grew with the register on its page."""

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, Any]:
        sql, params = compiler.compile(self.lhs)
        return f"CAST(substr({sql}, 1, 4) AS integer)", params


def register_years(club: Club) -> list[int]:
    """The years the register has a standing line in, the latest first."""
    return list(
        standing_entries(club)
        .annotate(year=_Year("date"))
        .values_list("year", flat=True)
        .distinct()
        .order_by("-year")
    )


def ledger_debts(club: Club) -> QuerySet[DrinkDebt]:
    return DrinkDebt.objects.filter(game__club=club).select_related(
        "game", "debtor", "settled_by__member"
    )


def members_overview(club: Club) -> QuerySet[Member]:
    """Every member of the club with `games_played` (finished games) and `rounds_owed`
    (outstanding).

    Correlated counts, not two Count() joins, which would multiply each other's rows.
    """
    played = (
        GamePlayer.objects.filter(
            member=OuterRef("pk"),
            game__club=club,
            game__status=GameStatus.FINISHED,
            game__voided_at__isnull=True,
        )
        .order_by()
        .values("member")
        .annotate(n=Count("pk"))
        .values("n")
    )
    owed = (
        DrinkDebt.objects.filter(
            debtor_member=OuterRef("pk"), game__club=club, status=DebtStatus.OWED
        )
        .order_by()
        .values("debtor_member")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return members_of(club).annotate(
        games_played=Coalesce(Subquery(played, output_field=IntegerField()), Value(0)),
        rounds_owed=Coalesce(Subquery(owed, output_field=IntegerField()), Value(0)),
    )


def member_balances(club: Club) -> list[Member]:
    """Who owes the club rounds now, most owed first: the ledger's head (a member of another
    club seated here as a guest owes here too)."""
    return list(
        Member.objects.annotate(
            rounds_owed=Count(
                "drink_debts",
                filter=Q(drink_debts__status=DebtStatus.OWED, drink_debts__game__club=club),
            )
        )
        .filter(rounds_owed__gt=0)
        .order_by("-rounds_owed", "known_as")
    )


def guests_owing(club: Club) -> list[dict[str, object]]:
    """Guests' outstanding rounds by name: they have no member row to carry a balance."""
    return list(
        DrinkDebt.objects.filter(
            game__club=club, status=DebtStatus.OWED, debtor_member__isnull=True
        )
        .values("debtor__name")
        .annotate(rounds_owed=Count("pk"))
        .order_by("-rounds_owed", "debtor__name")
    )


def seasons(club: Club) -> list[Season]:
    return list(Season.objects.filter(club=club).order_by("-starts_on", "-id"))


def club_seasons(club: Club) -> QuerySet[Season]:
    """Where a page of the club looks a season up by its id."""
    return Season.objects.filter(club=club)


def overlapping_seasons(season: Season) -> list[Season]:
    """Other seasons sharing a day with `season`: allowed (a summer cup inside a year), but
    the secretary is told, since a game then counts in both."""
    return list(
        Season.objects.filter(
            club_id=season.club_id, starts_on__lte=season.ends_on, ends_on__gte=season.starts_on
        )
        .exclude(pk=season.pk)
        .order_by("starts_on")
    )


def standings(
    season: Season, ruleset: str, tiebreakers: list[str]
) -> QuerySet[SeasonStanding, dict[str, Any]]:
    """One row per member who finished a game of `ruleset` within the season (both days
    counted, in the club's time zone): `games`, `wins`, `average` (points for the games ranked
    by points, else score), `best`, `baluts`, `lasts`, and `place` by the tie-breakers in order
    (members level on all of them share a place). One query, of the season's kept lines
    (league.services.standings): a few rows a member, however long the club's history."""
    order = []
    for key in tiebreakers:
        column = F(COLUMNS[key])
        order.append(column.desc() if higher_first(key) else column.asc())
    return (
        SeasonStanding.objects.filter(season=season, ruleset=ruleset)
        .annotate(average=Cast("total", FloatField()) / Cast("games", FloatField()))
        .values(
            "member_id", "member__known_as", "games", "wins", "average", "best", "baluts", "lasts"
        )
        .annotate(place=Window(Rank(), order_by=order))
        .order_by("place", "member__known_as")
    )


def local_midnight(day: datetime.date, zone: datetime.tzinfo | None = None) -> datetime.datetime:
    """The start of `day` in the club's time zone (or `zone`): a season's edges, the board's
    "today", a chart's month."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min), zone)


def audit_people(club: Club) -> list[User]:
    """Everyone the club's audit log may name: its secretaries and members, and whoever wrote
    a line of it (a secretary since retired), with their member read along."""
    wrote = AuditEntry.objects.filter(club=club, by=OuterRef("pk"))
    return list(
        User.objects.filter(Q(memberships__club=club) | Exists(wrote))
        .distinct()
        .select_related("member")
    )


def games_with_results_by_kind(club_id: int) -> dict[str, int]:
    """The club's games that have kept result rows (finished and not void), counted by kind
    from the rows themselves: what league.models.KindTally must say. One query, as long as the
    club's history; for checking and recounting the kept count, not for a page."""
    return {
        str(row["ruleset"]): int(row["games"])
        for row in PlayerResultRow.objects.filter(club_id=club_id)
        .order_by()
        .values("ruleset")
        .annotate(games=Count("game_id", distinct=True))
    }


def result_rows_of_games(club: Club, game_ids: list[int]) -> dict[int, list[PlayerResultRow]]:
    """The kept result rows of the club's `game_ids` (finished and not void), per game in seat
    order, with each seat's name: a page of games read in one query (the read API's)."""
    rows: dict[int, list[PlayerResultRow]] = {}
    for row in (
        PlayerResultRow.objects.filter(club=club, game_id__in=game_ids)
        .select_related("player")
        .order_by("game_id", "player__seat")
    ):
        rows.setdefault(row.game_id, []).append(row)
    return rows

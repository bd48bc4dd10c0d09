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
from django.db.models.functions import Cast, Coalesce, Rank, RowNumber
from django.utils import timezone

from league.models import (
    AuditEntry,
    ClaimStatus,
    ClubSettings,
    DebtStatus,
    DrinkDebt,
    RecordKind,
    RegisterClaim,
    RegisterEntry,
    Season,
    SeasonStanding,
)
from league.standings import TIEBREAKERS
from scoring import rules
from scoring.access.roles import SECRETARY_GROUP
from scoring.models import RULESET_KEYS, GamePlayer, GameStatus, Member


def club_settings() -> ClubSettings:
    """The club's settings; the defaults (unsaved) until the secretary first saves them."""
    return ClubSettings.objects.filter(pk=ClubSettings.SINGLETON_ID).first() or ClubSettings()


def house_rules(settings: ClubSettings | None = None) -> rules.HouseRules:
    """The engine's house rules as the club set them: what the books and the sheets count by."""
    settings = settings or club_settings()
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


def default_options(ruleset: str, settings: ClubSettings | None = None) -> rules.Options:
    """The options a new game of `ruleset` starts with, as the club set them."""
    settings = settings or club_settings()
    return rules.parse_options(settings.default_options.get(ruleset))


def standing_entries() -> QuerySet[RegisterEntry]:
    """The register as it stands: without entries removed, or withdrawn by a correction."""
    return RegisterEntry.objects.filter(withdrawn_at__isnull=True, removed_at__isnull=True)


def register_entries() -> QuerySet[RegisterEntry]:
    """Every line of the register, removed ones included (the filter form leaves them out);
    not those a correction of their game withdrew."""
    return RegisterEntry.objects.filter(withdrawn_at__isnull=True).select_related("member", "game")


def highest_to_date() -> list[RegisterEntry]:
    """The highest register score of each game, one query: the first line of the page.

    A tie goes to whoever got there first.
    """
    return list(
        standing_entries()
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


def pending_claims() -> list[RegisterClaim]:
    return list(
        RegisterClaim.objects.filter(status=ClaimStatus.PENDING)
        .select_related("game", "player", "reopened_by__turn")
        .order_by("created_at", "id")
    )


def rejected_claims() -> list[RegisterClaim]:
    """Rejected claims stay readable, with the note that says why, newest decision first."""
    return list(
        RegisterClaim.objects.filter(status=ClaimStatus.REJECTED)
        .select_related("game", "player")
        .order_by("-decided_at", "-id")
    )


def register_years() -> list[int]:
    return [day.year for day in standing_entries().dates("date", "year", order="DESC")]


def ledger_debts() -> QuerySet[DrinkDebt]:
    return DrinkDebt.objects.select_related("game", "debtor", "settled_by__member")


def members_overview() -> QuerySet[Member]:
    """Every member with `games_played` (finished games) and `rounds_owed` (outstanding).

    Correlated counts, not two Count() joins, which would multiply each other's rows.
    """
    played = (
        GamePlayer.objects.filter(
            member=OuterRef("pk"), game__status=GameStatus.FINISHED, game__voided_at__isnull=True
        )
        .order_by()
        .values("member")
        .annotate(n=Count("pk"))
        .values("n")
    )
    owed = (
        DrinkDebt.objects.filter(debtor_member=OuterRef("pk"), status=DebtStatus.OWED)
        .order_by()
        .values("debtor_member")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Member.objects.annotate(
        games_played=Coalesce(Subquery(played, output_field=IntegerField()), Value(0)),
        rounds_owed=Coalesce(Subquery(owed, output_field=IntegerField()), Value(0)),
    )


def member_balances() -> list[Member]:
    """Members who owe rounds now, most owed first: the ledger's head."""
    return list(
        Member.objects.annotate(
            rounds_owed=Count("drink_debts", filter=Q(drink_debts__status=DebtStatus.OWED))
        )
        .filter(rounds_owed__gt=0)
        .order_by("-rounds_owed", "known_as")
    )


def guests_owing() -> list[dict[str, object]]:
    """Guests' outstanding rounds by name: they have no member row to carry a balance."""
    return list(
        DrinkDebt.objects.filter(status=DebtStatus.OWED, debtor_member__isnull=True)
        .values("debtor__name")
        .annotate(rounds_owed=Count("pk"))
        .order_by("-rounds_owed", "debtor__name")
    )


def seasons() -> list[Season]:
    return list(Season.objects.order_by("-starts_on", "-id"))


def overlapping_seasons(season: Season) -> list[Season]:
    """Other seasons sharing a day with `season`: allowed (a summer cup inside a year), but
    the secretary is told, since a game then counts in both."""
    return list(
        Season.objects.filter(starts_on__lte=season.ends_on, ends_on__gte=season.starts_on)
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
        column, higher_first = TIEBREAKERS[key]
        order.append(F(column).desc() if higher_first else F(column).asc())
    return (
        SeasonStanding.objects.filter(season=season, ruleset=ruleset)
        .annotate(average=Cast("total", FloatField()) / Cast("games", FloatField()))
        .values(
            "member_id", "member__known_as", "games", "wins", "average", "best", "baluts", "lasts"
        )
        .annotate(place=Window(Rank(), order_by=order))
        .order_by("place", "member__known_as")
    )


def local_midnight(day: datetime.date) -> datetime.datetime:
    """The start of `day` in the club's time zone: a season's edges, the board's "today", a
    chart's month."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


def audit_people() -> list[User]:
    """Everyone the audit log may name: the secretaries and the members, and whoever wrote a
    line of it (a secretary since retired), with their member read along."""
    wrote = AuditEntry.objects.filter(by=OuterRef("pk"))
    return list(
        User.objects.filter(
            Q(groups__name=SECRETARY_GROUP)
            | Q(is_superuser=True)
            | Q(member__isnull=False)
            | Exists(wrote)
        )
        .distinct()
        .select_related("member")
    )

"""Checking the books against the games: what every game's record implies, compared with what
the books keep. Nothing here writes (league.services.books repairs, `manage.py check_books`).

For each game that counts (league.services.books.counts: finished and not void), the engine's
result (replayed from its turns, with the house rules the game keeps: those in force when it
started or arrived, as book_game uses) says which result rows it has, which drinks are owed and,
once the sheet is signed, which register claims are open; every register entry of the game must
hold a score the game still has. A game that does not count has no rows, no standing debts, no
pending claims and no register entry that stands.

Cost: the prefetching query set below reads any number of games in eight queries; then each
game is replayed in memory. Measured with 40 three-player Standard Balut games on this project's
shared two-core machine at a load average of 10: about 0.5 s for the 40 (some 12 ms a game,
reading and replaying), a few times less on an idle machine. `inconsistent_game_count` for the
health check replays none of that in the usual case: of the games changed in the last
HEALTH_WINDOW it replays only those whose booking stamp (league.models.GameBooking, written by
book_game in the change's transaction) disagrees with the game or with what its books add up
to (one query over the recent games), and asks one query about every older finished game (does
it have its result rows, if it counts; none, if not). `manage.py check_books` replays
everything; both judge a game by the same functions, so they agree.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db import DataError, models, transaction
from django.db.models import Count, F, Max, Min, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from clubs.models import Club
from league.models import (
    ClaimStatus,
    DebtStatus,
    DrinkDebt,
    KindTally,
    PlayerResultRow,
    RegisterClaim,
    RegisterEntry,
    Season,
    SeasonStanding,
)
from league.selectors import games_with_results_by_kind
from league.services.books import COUNTING, counts
from league.services.results import FIGURES, result_rows
from league.services.standings import summed
from scoring import rules
from scoring.models import Game, GamePlayer, GameStatus, Turn
from scoring.selectors import LoadedGame, game_house_rules, load_prefetched_game

HEALTH_WINDOW = datetime.timedelta(hours=48)
# Every drink the engine can name, whatever the house rules: a debt booked while the club kept
# drinks stays justified though the game's house rules, taken from the club's settings of the
# day of the upgrade for a game played before games kept their own, no longer keep them.
ALL_DRINKS = rules.HouseRules(drinks_in_balut=True, drinks_in_jackpot=True, register_bounds={})


# The tables whose days a person types or an import brings; every other date is the server's
# clock, or copied from these when a game is booked.
DATED_BY_PEOPLE: tuple[type[models.Model], ...] = (Game, Season, RegisterEntry)


def unreadable_dates() -> list[str]:
    """The tables of DATED_BY_PEOPLE whose earliest or latest date cannot be read into Python
    (PostgreSQL's "timestamp too small" for a day before year 1, an out-of-range year on
    SQLite): one query a table, over its date columns' minimum and maximum."""
    unreadable = []
    for model in DATED_BY_PEOPLE:
        dated = [f.name for f in model._meta.concrete_fields if isinstance(f, models.DateField)]
        extremes = {f"{name}_{i}": agg(name) for name in dated for i, agg in enumerate((Min, Max))}
        try:
            # A savepoint: on PostgreSQL a failed read inside a transaction would end it.
            with transaction.atomic():
                model._default_manager.aggregate(**extremes)
        except (DataError, ValueError, OverflowError):
            unreadable.append(model._meta.label)
    return unreadable


# Who owes (a seat; None for a debtor who is no seat of the game), why, and for which turn.
DrinkKey = tuple[int | None, str, int | None]


@dataclass(frozen=True)
class Inconsistency:
    game_id: int
    book: str  # "results", "drinks" or "register"
    detail: str

    def __str__(self) -> str:
        return f"game #{self.game_id} {self.book}: {self.detail}"


def checked_games() -> QuerySet[Game]:
    """Every game with what the check reads, prefetched: eight queries however many."""
    return (
        Game.objects.order_by("pk")
        .select_related("scorer")
        .prefetch_related(
            Prefetch(
                "players", queryset=GamePlayer.objects.select_related("member").order_by("seat")
            ),
            Prefetch("turns", queryset=Turn.objects.order_by("number")),
            Prefetch("result_rows", queryset=PlayerResultRow.objects.all()),
            Prefetch("drink_debts", queryset=DrinkDebt.objects.exclude(status=DebtStatus.VOIDED)),
            Prefetch("register_claims", queryset=RegisterClaim.objects.all()),
            Prefetch(
                "register_entries",
                queryset=RegisterEntry.objects.filter(withdrawn_at__isnull=True).select_related(
                    "claim"
                ),
            ),
        )
    )


def game_inconsistencies(loaded: LoadedGame) -> Iterator[Inconsistency]:
    """What the books of `loaded` (from checked_games) lack or keep wrongly, judged by the house
    rules the game keeps, as book_game booked it."""
    game = loaded.game
    result = loaded.result(game_house_rules(game)) if counts(game) else None
    yield from _results(loaded, result)
    yield from _drinks(loaded, result)
    yield from _register(loaded, result)


def _results(loaded: LoadedGame, result: rules.GameResult | None) -> Iterator[Inconsistency]:
    game = loaded.game
    stored = {row.player_id: row for row in game.result_rows.all()}
    if result is None:
        if stored:
            what = "a void" if game.is_void else "an unfinished"
            yield Inconsistency(game.pk, "results", f"result rows kept for {what} game")
        return
    names = {player.pk: player.name for player in loaded.players}
    for row in result_rows(game, loaded.players, result):
        kept = stored.pop(row.player_id, None)
        name = names[row.player_id]
        if kept is None:
            yield Inconsistency(game.pk, "results", f"no result row for {name}")
            continue
        wrong = [field for field in FIGURES if _figure(kept, field) != _figure(row, field)]
        if wrong:
            yield Inconsistency(game.pk, "results", f"{name}'s row differs in {', '.join(wrong)}")
    if stored:
        yield Inconsistency(game.pk, "results", f"{len(stored)} result rows for no seat")


def _figure(row: PlayerResultRow, name: str) -> object:
    return row.member_id if name == "member" else getattr(row, name)


def _drinks(loaded: LoadedGame, result: rules.GameResult | None) -> Iterator[Inconsistency]:
    game = loaded.game
    seats = {player.pk: player.seat for player in loaded.players}
    booked: Counter[DrinkKey] = Counter(
        (seats.get(debt.debtor_id), str(debt.reason), debt.turn)
        for debt in game.drink_debts.all()
        if debt.no_longer_holds_since is None
    )
    expected: Counter[DrinkKey] = Counter(
        (d.seat, str(d.reason), d.turn) for d in (result.drinks if result else ())
    )
    for (seat, reason, _turn), count in (expected - booked).items():
        yield Inconsistency(
            game.pk, "drinks", f"{count} {reason} round(s) of {_seat_name(loaded, seat)} not booked"
        )
    extra = booked - expected
    if extra and result is not None:
        # Worked out only when needed: a second result of the game costs as much as the first.
        extra -= Counter((d.seat, str(d.reason), d.turn) for d in loaded.result(ALL_DRINKS).drinks)
    for (seat, reason, _turn), count in extra.items():
        yield Inconsistency(
            game.pk,
            "drinks",
            f"{count} {reason} round(s) of {_seat_name(loaded, seat)} booked but not owed",
        )


def _seat_name(loaded: LoadedGame, seat: int | None) -> str:
    return loaded.players[seat].name if seat is not None else "an unknown seat"


def _register(loaded: LoadedGame, result: rules.GameResult | None) -> Iterator[Inconsistency]:
    game = loaded.game
    scores = {loaded.players[p.seat].pk: p.score for p in result.players} if result else {}
    for entry in game.register_entries.all():
        if result is None and entry.removed_at is not None:
            continue  # a void game's entries are removed with the void, and stay in the history
        held = scores.get(entry.claim.player_id if entry.claim else -1)
        if held != entry.score:
            yield Inconsistency(
                game.pk,
                "register",
                f"the register keeps {entry.player_name} {entry.score}; the game has {held}",
            )
    claims = {(claim.player_id, claim.kind): claim for claim in game.register_claims.all()}
    for claim in claims.values():
        if claim.status == ClaimStatus.PENDING and scores.get(claim.player_id) != claim.score:
            yield Inconsistency(
                game.pk,
                "register",
                f"a pending claim of {claim.score} that the game no longer has",
            )
    if result is None or not game.is_signed:
        return
    for candidate in result.register:
        player = loaded.players[candidate.seat]
        if (player.pk, candidate.kind) not in claims:
            yield Inconsistency(
                game.pk,
                "register",
                f"no {candidate.kind} claim for {player.name}'s {candidate.score}",
            )


def check_games(games: Iterable[Game]) -> Iterator[tuple[Game, list[Inconsistency]]]:
    """Each game (from checked_games) with its inconsistencies, the empty list when none."""
    for game in games:
        loaded = load_prefetched_game(game)
        yield game, list(game_inconsistencies(loaded))


def inconsistent_game_count(*, window: datetime.timedelta | None = HEALTH_WINDOW) -> int:
    """How many games' books do not follow from their records (see the module's docstring for
    the cost); `window=None` replays every game."""
    games = checked_games()
    if window is None:
        return sum(1 for _, found in check_games(games.iterator(chunk_size=200)) if found)
    since = timezone.now() - window
    doubtful = unvouched_games(since)
    bad = {game.pk for game, found in check_games(games.filter(pk__in=doubtful)) if found}
    # Older games: one that counts must have a row per seat, any other (unfinished, void) none.
    older = (
        Game.objects.filter(updated_at__lt=since)
        .annotate(rows=Count("result_rows", distinct=True), seats=Count("players", distinct=True))
        .filter(COUNTING & ~Q(rows=F("seats")) | ~COUNTING & Q(rows__gt=0))
        .values_list("pk", flat=True)
    )
    return len(bad | set(older))


def _counted(queryset: QuerySet[Any], figure: Any) -> Any:
    """One figure of the game's rows in `queryset`, as a subquery (nought when none)."""
    return Coalesce(
        Subquery(
            queryset.filter(game=OuterRef("pk")).values("game").annotate(v=figure).values("v")
        ),
        0,
    )


def unvouched_games(since: datetime.datetime) -> list[int]:
    """The games changed since `since` whose books their booking stamp (GameBooking, written by
    book_game in the change's own transaction) does not vouch for: the stamp is missing or
    names another state of the game, or the books no longer add up to what it recorded (rows,
    their scores, the debts standing). One query; these are the games worth replaying."""
    standing = DrinkDebt.objects.exclude(status=DebtStatus.VOIDED).filter(
        no_longer_holds_since__isnull=True
    )
    found = (
        Game.objects.filter(updated_at__gte=since)
        .annotate(
            kept_rows=_counted(PlayerResultRow.objects.all(), Count("pk")),
            kept_score=_counted(PlayerResultRow.objects.all(), Sum("score")),
            kept_debts=_counted(standing, Count("pk")),
        )
        .values_list(
            "pk",
            "fingerprint",
            "status",
            "voided_at",
            "kept_rows",
            "kept_score",
            "kept_debts",
            "booking__fingerprint",
            "booking__finished",
            "booking__void",
            "booking__rows",
            "booking__score_sum",
            "booking__debts",
        )
    )
    doubtful = []
    for pk, print_, status, voided_at, rows, score, debts, *stamp in found:
        finished, void = status == GameStatus.FINISHED, voided_at is not None
        if stamp[0] is None:
            # Never booked: only a game still being played, with no books, needs no booking.
            if finished or void or rows or debts:
                doubtful.append(pk)
        elif tuple(stamp) != (print_, finished, void, rows, score, debts):
            doubtful.append(pk)
    return doubtful


STANDING_FIGURES = ("games", "wins", "lasts", "baluts", "total", "best")


def standing_inconsistencies(club: Club | None = None) -> list[str]:
    """Every season's kept standings (league.services.standings) compared with a fresh sum of
    its rows: one query a season, and one for the kept lines. `club`'s seasons only, if given
    (every club's otherwise)."""
    lines = SeasonStanding.objects.select_related("member")
    seasons = Season.objects.order_by("starts_on", "pk")
    if club is not None:
        lines = lines.filter(season__club=club)
        seasons = seasons.filter(club=club)
    kept = {(line.season_id, line.ruleset, line.member_id): line for line in lines}
    found = []
    for season in seasons:
        for (ruleset, member_id), fresh in summed(season).items():
            line = kept.pop((season.pk, ruleset, member_id), None)
            figures = [getattr(fresh, name) for name in STANDING_FIGURES]
            if line is None:
                found.append(f"season {season.name} {ruleset}: no line for member #{member_id}")
            elif [getattr(line, name) for name in STANDING_FIGURES] != figures:
                found.append(f"season {season.name} {ruleset}: {line.member}'s line differs")
    found += [
        f"season #{season_id} {ruleset}: a line for {line.member}, who has no game in it"
        for (season_id, ruleset, _), line in kept.items()
    ]
    return found


def kind_count_inconsistencies(club: Club) -> list[str]:
    """The club's kept count of finished games of each kind (league.models.KindTally, what the
    records page shows) compared with a count of the games that have kept results: two
    queries."""
    kept = {
        row.ruleset: row.games for row in KindTally.objects.filter(club=club).order_by("ruleset")
    }
    counted = games_with_results_by_kind(club.pk)
    return [
        f"{ruleset} games: {kept.get(ruleset, 0)} counted for the records page, "
        f"{counted.get(ruleset, 0)} finished"
        for ruleset in sorted(kept.keys() | counted.keys())
        if kept.get(ruleset, 0) != counted.get(ruleset, 0)
    ]

"""The league's side of scoring's hook (scoring.club): everything that follows from a game's
result, booked in the transaction of the change that made it.

One place books a game, by the house rules the game keeps (scoring.Game.house_rules, those in
force when it started or arrived, whatever the club decided since): its stored results (with the
members' winning runs, tallies and season standings), its drinks debts, after a correction its
register claims, a stamp of what was booked for the health check, and then the books of the apps
above the league (league.upper_books). It alone decides whether a
game counts (`counts`: a void or unfinished game has no result), and the health check and
`check_books` ask the same; the admin, the demo and tests book through it too. Scoring calls
`game_changed` inside its own service transaction (the last turn, an import, a correction), so a
failure here undoes the change as well and the scorer can simply send it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q

from clubs.models import Club
from league.models import ClubSettings, DrinkDebt, GameBooking, PlayerResultRow
from league.models.club_settings import default_public_areas
from league.selectors import club_settings, house_rules
from league.services.imports import log_import
from league.services.ledger import book_debts
from league.services.register import open_claims, review_claims
from league.services.results import store_results
from league.services.statements import upsert
from league.services.voids import withdraw_void_game
from league.upper_books import upper_books
from scoring import rules
from scoring.club import GameChange, HouseSettings, PlayedGame
from scoring.models import RULESET_KEYS, Correction, Game, GameStatus
from scoring.selectors import game_house_rules, load_game
from scoring.transactions import require_transaction

# `counts` as a filter of games, for the checks that ask the database rather than each game.
COUNTING = Q(status=GameStatus.FINISHED, voided_at__isnull=True)


def counts(game: Game) -> bool:
    """Whether `game` has a result in the books: finished and not void. A void or unfinished
    game has none, so it leaves the standings, the records, the tallies and the ledger."""
    return game.is_finished and not game.is_void


@dataclass(frozen=True)
class Booked:
    """What a game stands for in the books once booked: its result rows in seat order (none
    unless it counts) and its standing debts in the order of the engine's drinks."""

    rows: list[PlayerResultRow]
    debts: list[DrinkDebt]


def book_game(
    *,
    loaded: PlayedGame | None = None,
    game: Game | None = None,
    correction: Correction | None = None,
) -> Booked:
    """Book `loaded` (the game replayed as it now stands, its row locked by the caller, inside
    the change's transaction) once: the engine's result is worked out here a single time and
    serves every book. Given `game` instead, it locks and replays the game in a transaction of
    its own (the admin, the demo and tests booking a game outside a change)."""
    if loaded is None:
        if game is None:
            raise TypeError("book_game needs the loaded game or the game.")
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game.pk)
            return _book(load_game(locked), correction)
    require_transaction("book_game", within="the change's transaction")
    return _book(loaded, correction)


def _book(loaded: PlayedGame, correction: Correction | None) -> Booked:
    game = loaded.game
    result = loaded.result(game_house_rules(game)) if counts(game) else None
    rows = store_results(game=game, players=loaded.players, result=result)
    debts = book_debts(loaded=loaded, drinks=result.drinks if result is not None else ())
    if correction is not None and result is not None:
        review_claims(game=game, players=loaded.players, result=result, correction=correction)
    _stamp(game, rows, debts)
    # The books above the league (league.upper_books: the ratings) follow the rows just stored.
    for book in upper_books():
        book.game_booked(game=game, rows=rows)
    return Booked(rows=rows, debts=debts)


def _stamp(game: Game, rows: list[PlayerResultRow], debts: list[DrinkDebt]) -> None:
    """What was booked, for the health check (league.checks): one upsert."""
    stamp = GameBooking(
        game=game,
        fingerprint=game.fingerprint,
        finished=game.is_finished,
        void=game.is_void,
        rows=len(rows),
        score_sum=sum(row.score for row in rows),
        debts=len(debts),
    )
    stamp.full_clean(exclude=["game"], validate_unique=False)
    # Every other column replaced on the game's row: its SQL written once a process.
    upsert(stamp, unique=("game_id",))


@transaction.atomic
def repair_game(*, game: Game) -> None:
    """Book `game` afresh from its record (idempotent): what `check_books --repair` runs for each
    inconsistent game. Register entries whose score the game no longer has are left for the
    secretary; claims missing from a signed sheet are opened."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    book_game(loaded=load_game(game))
    if game.is_signed:
        open_claims(game=game)


class LeagueBooks:
    """scoring.club.ClubBooks as the league keeps them; registered in LeagueConfig.ready()."""

    def house_settings(self, club: Club) -> HouseSettings:
        return _house_settings(club, club_settings(club))

    def clubs_showing(self, area: str) -> frozenset[int]:
        # Every club's row on purpose: which of them open `area` is the question.
        rows = ClubSettings.objects.across_clubs().values_list("club_id", "public_areas")
        settled = dict(rows)
        showing = {club_id for club_id, areas in settled.items() if area in (areas or [])}
        if area in default_public_areas():
            # A club that never saved its settings has the defaults.
            showing |= set(Club.objects.exclude(pk__in=settled).values_list("pk", flat=True))
        return frozenset(showing)

    def game_changed(
        self, *, loaded: PlayedGame, change: GameChange, correction: Correction | None
    ) -> None:
        book_game(loaded=loaded, correction=correction)
        if change == GameChange.IMPORTED:
            log_import(game=loaded.game, players=[player.name for player in loaded.players])
        if change == GameChange.VOIDED:
            voided_by = loaded.game.voided_by
            assert voided_by is not None  # void_game sets it with the void
            withdraw_void_game(game=loaded.game, by=voided_by)

    def sheet_signed(self, *, game: Game) -> None:
        open_claims(game=game)


def _house_settings(club: Club, settings: ClubSettings) -> HouseSettings:
    return HouseSettings(
        # As the secretary set it, empty too: a sheet prints the name it printed before the
        # server hosted several clubs, so sheets signed then still verify picture for picture.
        club_name=settings.club_name,
        house_rules=house_rules(club, settings),
        default_options={
            ruleset: rules.parse_options(settings.default_options.get(ruleset))
            for ruleset in RULESET_KEYS
        },
        public_areas=frozenset(settings.public_areas or []),
        pin_session_hours=settings.pin_session_hours,
        default_language=settings.default_language,
    )

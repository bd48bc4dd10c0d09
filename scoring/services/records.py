"""Games that arrive whole: imported game records, historic paper sheets, demo data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date, datetime, time

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club
from scoring import club, rules
from scoring.models import Game, GamePlayer, GameStatus, Member, Turn
from scoring.refusals import refusal
from scoring.selectors import LoadedGame, members_of, turn_outcomes


class DuplicateGame(ValidationError):
    """The club already has a game with the record's content (`game`); nothing was stored."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            _("The club already has this game (%(game)s): same ruleset, players and turns.")
            % {"game": game}
        )
        self.game = game


@transaction.atomic
def import_game_record(
    *,
    in_club: Club,
    data: object,
    imported_by: User | None,
    source: str = "",
    scorer: Member | None = None,
    imported: bool = True,
    played_on: date | None = None,
    allow_duplicate: bool = False,
    book_rounds: bool = True,
) -> Game:
    """Store a whole game record; ValidationError (naming the turn) when it is not valid.

    Players whose name is a member's `known_as` are linked to that member; others are guests.
    The game is filed under the record's `played`, else `played_on` (the secretary's date for a
    record without one), else now: its start, finish and turns all carry that moment, so the
    season, the standings, the register and "tonight" follow it. A record whose content the
    club already has raises DuplicateGame unless `allow_duplicate`. `book_rounds` False: the
    game keeps house rules that book no rounds owed (a historic paper game, whose rounds were
    bought long ago), so its books, a later correction and the checks all leave them out.
    The club's books follow in the same transaction (BookingFailed, nothing kept, if not).
    """
    try:
        record = rules.parse_record(data)
        played = rules.parse_played(data, now=timezone.localtime())
        state = rules.replay(record.setup, record.turns)
    except rules.InvalidRecord as error:
        raise ValidationError(refusal(error)) from error
    turn_records = [rules.turn_to_json(turn, record.setup.players) for turn in record.turns]
    fingerprint = rules.record_fingerprint(record.setup.ruleset, record.setup.players, turn_records)
    if not allow_duplicate:
        existing = Game.objects.filter(club=in_club, fingerprint=fingerprint).order_by("pk").first()
        if existing is not None:
            raise DuplicateGame(existing)
    now = timezone.now()
    moment = played_moment(played if played is not None else played_on, now=now)
    game = Game(
        club=in_club,
        ruleset=record.setup.ruleset,
        options=record.setup.options.as_dict(),
        friendly=record.setup.friendly,
        status=GameStatus.FINISHED if state.complete else GameStatus.IN_PROGRESS,
        finished_at=moment if state.complete else None,
        started_at=moment,
        updated_at=now,
        scorer=scorer,
        imported=imported,
        source=source,
        created_by=imported_by,
        fingerprint=fingerprint,
        # Booked by the club's house rules of the day it arrives (a record carries none).
        house_rules=replace(club.house_rules(in_club), rounds_booked=book_rounds).as_dict(),
    )
    game.full_clean()
    game.save()
    players = _create_players(game, record.setup, in_club)
    outcomes = turn_outcomes(state)
    turns = [
        Turn(
            game=game,
            number=number,
            player=players[turn.seat],
            record=turn_records[number],
            box=outcomes[number].box,
            score=outcomes[number].score,
            recorded_by=imported_by,
            recorded_at=moment,
        )
        for number, turn in enumerate(record.turns)
    ]
    for turn in turns:
        turn.full_clean(exclude=["game", "player"])
    Turn.objects.bulk_create(turns)
    loaded = LoadedGame(
        game=game, players=tuple(players), turns=tuple(turns), setup=record.setup, state=state
    )
    club.game_changed(loaded=loaded, change=club.GameChange.IMPORTED)
    return game


def played_moment(played: date | datetime | None, *, now: datetime) -> datetime:
    """When a game was played, as an instant: a date alone is that day's start in the club's
    time zone. ValidationError for a day no game of the club can have (rules.check_played):
    before 1900, or after `now`, since a game cannot be filed before it is played."""
    if played is None:
        return now
    try:
        rules.check_played(played, now=timezone.localtime(now))
    except rules.RuleError as error:
        raise ValidationError(refusal(error)) from error
    if isinstance(played, datetime):
        return played
    return timezone.make_aware(datetime.combine(played, time()))


def _create_players(game: Game, setup: rules.GameSetup, in_club: Club) -> list[GamePlayer]:
    # A name is a member's only in the club the game is played in.
    members: Mapping[str, Member] = {
        member.known_as: member for member in members_of(in_club).filter(known_as__in=setup.players)
    }
    players = [
        GamePlayer(
            game=game,
            seat=seat,
            member=members.get(name),
            name=name,
            guess=setup.guesses.get(seat),
        )
        for seat, name in enumerate(setup.players)
    ]
    for player in players:
        player.full_clean(exclude=["game"])
    return GamePlayer.objects.bulk_create(players)

"""Games that arrive whole: imported game records, historic paper sheets, demo data."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring import club, rules
from scoring.models import Game, GamePlayer, GameStatus, Member, Turn
from scoring.selectors import LoadedGame, turn_outcomes


@transaction.atomic
def import_game_record(
    *,
    data: object,
    imported_by: User | None,
    source: str = "",
    scorer: Member | None = None,
    imported: bool = True,
) -> Game:
    """Store a whole game record; ValidationError (naming the turn) when it is not valid.

    Players whose name is a member's `known_as` are linked to that member; others are guests.
    The club's books follow in the same transaction (BookingFailed, nothing kept, if not).
    """
    try:
        record = rules.parse_record(data)
        state = rules.replay(record.setup, record.turns)
    except rules.InvalidRecord as error:
        raise ValidationError(str(error)) from error
    now = timezone.now()
    game = Game(
        ruleset=record.setup.ruleset,
        options=record.setup.options.as_dict(),
        friendly=record.setup.friendly,
        status=GameStatus.FINISHED if state.complete else GameStatus.IN_PROGRESS,
        finished_at=now if state.complete else None,
        started_at=now,
        scorer=scorer,
        imported=imported,
        source=source,
        created_by=imported_by,
    )
    game.full_clean()
    game.save()
    players = _create_players(game, record.setup)
    outcomes = turn_outcomes(state)
    turns = [
        Turn(
            game=game,
            number=number,
            player=players[turn.seat],
            record=rules.turn_to_json(turn, record.setup.players),
            box=outcomes[number].box,
            score=outcomes[number].score,
            recorded_by=imported_by,
            recorded_at=now,
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


def _create_players(game: Game, setup: rules.GameSetup) -> list[GamePlayer]:
    members: Mapping[str, Member] = {
        member.known_as: member for member in Member.objects.filter(known_as__in=setup.players)
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

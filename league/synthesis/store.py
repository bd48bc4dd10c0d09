"""Storing synthetic games the way the services store a game played at the table, in bulk.

Game, GamePlayer and PlayerResultRow go through `bulk_create`; the turns, which outnumber every
other row some thirty to one, through one compiled INSERT (league.synthesis.bulk) with the same
values: the engine's box and score, the record as `rules.turn_to_json` writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from clubs.models import Club
from league.models import DrinkDebt, PlayerResultRow
from league.services.results import result_rows
from league.synthesis.books import Books, debts
from league.synthesis.bulk import RowInserter
from league.synthesis.play import PlayedGame
from scoring import rules, verification
from scoring.models import Game, GamePlayer, GameStatus, Member, Signature, SignatureMethod, Turn
from scoring.selectors import recorded_from_rows

SECONDS_PER_TURN = {
    rules.STANDARD_BALUT.key: 40,
    rules.JACKPOT_BALUT.key: 40,
    rules.BAR_BALUT.key: 45,
    rules.BARBUT4.key: 25,
}
TURN_COLUMNS = (
    "game_id",
    "number",
    "player_id",
    "record",
    "box",
    "score",
    "recorded_by_id",
    "recorded_at",
)
SECONDS_PER_SIGNATURE = 20


@dataclass(frozen=True)
class Played:
    """A game the engine played, with when it started and who sat at each seat (a member, or a
    guest's name)."""

    started_at: datetime
    seated: Sequence[Member | str]
    game: PlayedGame


@dataclass(frozen=True)
class Stored:
    turns: int
    signatures: int
    debts: int = 0


def store_games(
    played: Sequence[Played],
    *,
    club: Club,
    drawing: str | None,
    books: Books | None = None,
) -> Stored:
    """Every game with its players, turns and result rows; signed by every player when a
    `drawing` (the guests' signature) is given; with its drinks booked when `books` are kept.
    Call it inside a transaction."""
    house = books.house_rules if books is not None else rules.DEFAULT_HOUSE_RULES
    kept_rules = house.as_dict()
    games = [_game_row(one, kept_rules, club) for one in played]
    Game.objects.bulk_create(games)
    players = [
        GamePlayer(
            game=row,
            seat=seat,
            member=None if isinstance(who, str) else who,
            name=one.game.setup.players[seat],
            guess=one.game.setup.guesses.get(seat),
        )
        for row, one in zip(games, played, strict=True)
        for seat, who in enumerate(one.seated)
    ]
    GamePlayer.objects.bulk_create(players)
    seats: dict[int, list[GamePlayer]] = {}
    for player in players:
        seats.setdefault(player.game_id, []).append(player)
    turns = [
        _turn_rows(row, seats[row.pk], one.game) for row, one in zip(games, played, strict=True)
    ]
    stored = RowInserter(Turn, TURN_COLUMNS).insert(row for rows in turns for row in rows)
    results = [rules.result(one.game.state, house) for one in played]
    # As book_game keeps them for a game finished at the table, in bulk.
    PlayerResultRow.objects.bulk_create(
        [
            kept
            for row, result in zip(games, results, strict=True)
            for kept in result_rows(row, seats[row.pk], result)
        ],
        batch_size=2000,
    )
    booked = []
    if books is not None:
        booked = [
            debt
            for row, result in zip(games, results, strict=True)
            for debt in debts(books, row, seats[row.pk], result)
        ]
        DrinkDebt.objects.bulk_create(booked, batch_size=2000)
    if drawing is None:
        return Stored(stored, 0, len(booked))
    signed = [
        _sign(row, seats[row.pk], rows, drawing) for row, rows in zip(games, turns, strict=True)
    ]
    signatures = [signature for game_signatures in signed for signature in game_signatures]
    Signature.objects.bulk_create(signatures)
    Game.objects.bulk_update(games, ["verification_code", "updated_at"])
    return Stored(stored, len(signatures), len(booked))


def _game_row(one: Played, house_rules: dict[str, object], club: Club) -> Game:
    scorer = one.seated[0]
    assert isinstance(scorer, Member)
    setup = one.game.setup
    finished_at = one.started_at + timedelta(
        seconds=SECONDS_PER_TURN[setup.ruleset] * len(one.game.turns)
    )
    return Game(
        club=club,
        ruleset=setup.ruleset,
        options=setup.options.as_dict(),
        friendly=setup.friendly,
        status=GameStatus.FINISHED,
        scorer=scorer,
        started_at=one.started_at,
        finished_at=finished_at,
        updated_at=finished_at,
        created_by_id=scorer.user_id,
        house_rules=house_rules,
    )


TurnRow = tuple[int, int, int, dict[str, object], str, int, int | None, datetime]


def _turn_rows(row: Game, players: list[GamePlayer], game: PlayedGame) -> list[TurnRow]:
    """The game's turns in the order of TURN_COLUMNS, numbered from 0, a turn every few
    seconds from the start (as the turn service stores them, with the engine's box and
    score)."""
    step = timedelta(seconds=SECONDS_PER_TURN[game.setup.ruleset])
    names = game.setup.players
    return [
        (
            row.pk,
            number,
            players[turn.seat].pk,
            rules.turn_to_json(turn, names),
            box,
            score,
            row.created_by_id,
            row.started_at + step * (number + 1),
        )
        for number, (turn, (box, score)) in enumerate(zip(game.turns, game.outcomes, strict=True))
    ]


def _sign(
    game: Game, players: list[GamePlayer], turns: list[TurnRow], drawing: str
) -> list[Signature]:
    """Every player signs after the last turn; the last signature sets the code, as
    scoring.services.signing does, worked out from the rows just written."""
    assert game.finished_at is not None
    signed = []
    for index, player in enumerate(players):
        guest = player.member_id is None
        signed.append(
            Signature(
                game=game,
                player=player,
                method=SignatureMethod.DRAWING if guest else SignatureMethod.PIN,
                image=drawing if guest else "",
                signed_at=game.finished_at + timedelta(seconds=SECONDS_PER_SIGNATURE * (index + 1)),
            )
        )
    rows = [Turn(**dict(zip(TURN_COLUMNS, turn, strict=True))) for turn in turns]
    game.verification_code = verification.verification_code(
        recorded_from_rows(game, players=players, turns=rows, corrections=[], signatures=signed)
    )
    game.updated_at = signed[-1].signed_at
    return signed

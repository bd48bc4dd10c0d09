"""Reading games back as the rules engine sees them. Nothing here writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from clubs.models import Club, Membership, NoticeOptOut, NoticeSend, NoticeStatus
from scoring import club, restored_ids, rules, verification
from scoring.models import Correction, Game, GamePlayer, GameStatus, Member, Signature, Turn


@dataclass(frozen=True)
class LoadedGame:
    """A game with its players and turns, replayed through the rules engine."""

    game: Game
    players: tuple[GamePlayer, ...]
    turns: tuple[Turn, ...]
    setup: rules.GameSetup
    state: rules.Game

    def result(self, house_rules: rules.HouseRules = rules.DEFAULT_HOUSE_RULES) -> rules.GameResult:
        return rules.result(self.state, house_rules)

    @property
    def next_player(self) -> GamePlayer | None:
        seat = self.state.next_seat
        return None if seat is None else self.players[seat]


@dataclass(frozen=True)
class TurnOutcome:
    box: str
    score: int


def turn_outcomes(state: rules.Game) -> list[TurnOutcome]:
    """The box filled and its score for a five-dice turn; the points banked for Barbut."""
    if isinstance(state, rules.FiveDiceGame):
        return [
            TurnOutcome(box=recorded.filled.box, score=recorded.filled.score)
            for recorded in state.history
        ]
    return [TurnOutcome(box="", score=outcome.points) for outcome in state.history]


def turn_outcome(state: rules.Game) -> TurnOutcome:
    """`turn_outcomes` of the last turn played alone."""
    if isinstance(state, rules.FiveDiceGame):
        filled = state.history[-1].filled
        return TurnOutcome(box=filled.box, score=filled.score)
    return TurnOutcome(box="", score=state.history[-1].points)


def game_setup(game: Game, players: Sequence[GamePlayer]) -> rules.GameSetup:
    return rules.GameSetup(
        ruleset=game.ruleset,
        players=tuple(player.name for player in players),
        options=rules.parse_options(game.options),
        friendly=game.friendly,
        guesses={player.seat: player.guess for player in players if player.guess is not None},
    )


def game_house_rules(game: Game) -> rules.HouseRules:
    """The house rules `game` is played under (Game.house_rules, kept when it started or
    arrived): no query. A game made round the services, keeping none, has the club's current
    ones (one query)."""
    if game.house_rules:
        return rules.parse_house_rules(game.house_rules)
    return club.house_rules(game.club)


def engine_turns(setup: rules.GameSetup, turns: Sequence[Turn]) -> list[rules.Turn]:
    return [rules.parse_turn(turn.record, setup) for turn in turns]


def load_game(game: Game) -> LoadedGame:
    """Two queries: the players and the turns. The replay is the engine's, in memory."""
    players = tuple(game.players.select_related("member").order_by("seat"))
    turns = tuple(game.turns.order_by("number"))
    setup = game_setup(game, players)
    state = rules.replay(setup, engine_turns(setup, turns))
    return LoadedGame(game=game, players=players, turns=turns, setup=setup, state=state)


def turn_numbered(game: Game, number: int) -> Turn | None:
    """The game's turn of that number with its player and who entered it, if recorded."""
    return (
        Turn.objects.filter(game=game, number=number)
        .select_related("player", "recorded_by__member")
        .order_by()
        .first()
    )


def game_corrections(game: Game) -> list[Correction]:
    """One query, however many: each correction with its turn and who made it."""
    return list(
        Correction.objects.filter(game=game)
        .select_related("turn", "corrected_by__member")
        .order_by("corrected_at", "id")
    )


def game_record(loaded: LoadedGame) -> dict[str, object]:
    """The game as a game record (docs/game-record.md), ready to download."""
    document = rules.record_to_json(
        loaded.setup,
        engine_turns(loaded.setup, loaded.turns),
        played=timezone.localtime(loaded.game.started_at),
    )
    document["app"] = {
        "game": loaded.game.pk,
        "started_at": loaded.game.started_at.isoformat(),
        "finished_at": loaded.game.finished_at.isoformat() if loaded.game.finished_at else None,
        "scorer": loaded.game.scorer.known_as if loaded.game.scorer else None,
    }
    return document


def members_of(club: Club) -> QuerySet[Member]:
    """The club's members (a person may belong to several clubs of the server)."""
    return Member.objects.filter(user__memberships__club=club)


def other_clubs_members(club: Club) -> list[tuple[int, str, str]]:
    """The active members of the server's other clubs who are not of `club`, as (member id,
    goes by, club name), by name then club: who may sit at the club's games (or enter its
    tournaments) as themselves. One query."""
    return list(
        Membership.objects.filter(user__member__is_active=True)
        .exclude(user__memberships__club=club)
        .values_list("user__member__pk", "user__member__known_as", "club__name")
        .order_by("user__member__known_as", "club__name")
    )


def club_games(club: Club) -> QuerySet[Game]:
    """Every game of `club`: where a page of the club looks a game up by its id."""
    return Game.objects.filter(club=club)


def games_list(*, club: Club, status: str | None = None) -> QuerySet[Game]:
    games = (
        Game.objects.filter(club=club)
        .select_related("scorer")
        .prefetch_related(Prefetch("players", queryset=GamePlayer.objects.order_by("seat")))
    )
    if status is not None:
        games = games.filter(status=status)
    return games


def games_in_progress(club: Club) -> QuerySet[Game]:
    return games_list(club=club, status=GameStatus.IN_PROGRESS)


# The fields of a turn a score sheet reads (its record replayed by the engine); the others are
# left unread by games_started_between.
SHEET_TURN_FIELDS = ("game", "number", "record")


def games_started_between(club: Club, start: datetime, end: datetime) -> QuerySet[Game]:
    """Games started from `start` up to (not including) `end`, oldest first, with everything a
    score sheet needs: five queries however many games (games, players, turns,
    signatures, corrections)."""
    return (
        Game.objects.filter(club=club, started_at__gte=start, started_at__lt=end)
        .select_related("scorer")
        .prefetch_related(
            Prefetch(
                "players", queryset=GamePlayer.objects.select_related("member").order_by("seat")
            ),
            # Only what a sheet reads of a turn: a night's turns are most of its rows (19,000
            # for 100 games), and each field left out is a conversion fewer per row.
            Prefetch("turns", queryset=Turn.objects.only(*SHEET_TURN_FIELDS).order_by("number")),
            Prefetch(
                "signatures",
                queryset=Signature.objects.filter(voided_at__isnull=True).order_by("signed_at"),
            ),
            Prefetch(
                "corrections",
                queryset=Correction.objects.select_related("turn", "corrected_by__member").order_by(
                    "corrected_at", "id"
                ),
            ),
        )
        .order_by("started_at", "id")
    )


def load_prefetched_game(game: Game) -> LoadedGame:
    """`load_game` for a game from `games_started_between`: no query of its own."""
    players = tuple(game.players.all())
    turns = tuple(game.turns.all())
    setup = game_setup(game, players)
    state = rules.replay(setup, engine_turns(setup, turns))
    return LoadedGame(game=game, players=players, turns=turns, setup=setup, state=state)


def game_signatures(game: Game) -> list[Signature]:
    """Every signature, active and voided, oldest first, with its player and what voided it."""
    return list(
        Signature.objects.filter(game=game)
        .select_related("player", "voided_by_correction__turn")
        .order_by("signed_at", "id")
    )


def active_signature_count(game: Game) -> int:
    return Signature.objects.filter(game=game, voided_at__isnull=True).count()


def recorded_game(game: Game) -> verification.RecordedGame:
    """The game exactly as the database holds it, for its verification code: read afresh every
    time (the game row included), never from objects a caller may have changed in memory."""
    row = Game.objects.get(pk=game.pk)
    return recorded_from_rows(
        row,
        players=list(GamePlayer.objects.filter(game=row).order_by("seat")),
        turns=list(Turn.objects.filter(game=row).order_by("number")),
        corrections=list(
            Correction.objects.filter(game=row)
            .select_related("corrected_by")
            .order_by("corrected_at", "id")
        ),
        signatures=list(Signature.objects.filter(game=row).order_by("signed_at", "id")),
    )


def recorded_from_rows(
    row: Game,
    *,
    players: Sequence[GamePlayer],
    turns: Sequence[Turn],
    corrections: Sequence[Correction],
    signatures: Sequence[Signature],
) -> verification.RecordedGame:
    """What the verification code is computed from, out of rows already read."""
    # A row pointing outside the game (only a hand-edited database has one) reads as seat or
    # turn -1: it still changes the code, and the page still answers.
    seats = {player.pk: player.seat for player in players}
    numbers = {turn.pk: turn.number for turn in turns}
    # Ids as the sheet's first printing had them, where a restore changed them: a code of
    # format 1 hashes those (format 2 hashes none, so reading them through changes nothing).
    kept = row.restored_ids or {}

    def was(kind: str, now: int | None) -> int | None:
        return None if now is None else restored_ids.original(kept, kind, now)

    return verification.RecordedGame(
        id=restored_ids.original_game(kept, row.pk),
        ruleset=row.ruleset,
        options=row.options,
        friendly=row.friendly,
        players=[
            verification.RecordedPlayer(
                seat=p.seat,
                name=p.name,
                member=was(restored_ids.MEMBERS, p.member_id),
                guess=p.guess,
            )
            for p in players
        ],
        turns=[
            verification.RecordedTurn(
                number=t.number,
                seat=seats.get(t.player_id, -1),
                record=t.record,
                box=t.box,
                score=t.score,
                recorded_at=t.recorded_at,
            )
            for t in turns
        ],
        corrections=[
            verification.RecordedCorrection(
                id=restored_ids.original(kept, restored_ids.CORRECTIONS, c.pk),
                turn=numbers.get(c.turn_id, -1),
                before=c.before,
                after=c.after,
                reason=c.reason,
                corrected_by=restored_ids.original(kept, restored_ids.USERS, c.corrected_by_id),
                corrected_at=c.corrected_at,
                corrected_by_name=c.corrected_by.get_username(),
            )
            for c in corrections
        ],
        signatures=[
            verification.RecordedSignature(
                seat=seats.get(s.player_id, -1),
                method=s.method,
                signed_at=s.signed_at,
                # A typed signature's name stands where a drawing would: changing it
                # changes the code, as redrawing would.
                drawing_sha256=verification.drawing_sha256(s.image or s.typed_name),
                voided_at=s.voided_at,
                voided_by_correction=was(restored_ids.CORRECTIONS, s.voided_by_correction_id),
            )
            for s in signatures
        ],
    )


def printed_as(games: QuerySet[Game], numbers: set[int]) -> dict[int, list[Game]]:
    """The games of `games` a printed sheet may mean by each of `numbers`: the game with that
    id, and any a restore renumbered from it (scoring.restored_ids), in that order."""
    found: dict[int, list[Game]] = {}
    for game in games.filter(pk__in=numbers):
        found.setdefault(game.pk, []).append(game)
    for game in games.filter(restored_ids__game__in=list(numbers)).order_by("pk"):
        found.setdefault(restored_ids.original_game(game.restored_ids, game.pk), []).append(game)
    return found


def stopped_notice_kinds(user: User) -> set[str]:
    """The kinds of notice `user` asked not to get (clubs.NoticeOptOut)."""
    return set(NoticeOptOut.objects.filter(user=user).values_list("kind", flat=True))


def club_notices(club: Club, *, limit: int = 200) -> list[NoticeSend]:
    """The club's latest notices, the failed ones first (the secretary's Notices page)."""
    failed = NoticeSend.objects.filter(club=club, status=NoticeStatus.FAILED)
    return [
        *failed.order_by("-created_at", "-pk")[:limit],
        *NoticeSend.objects.filter(club=club)
        .exclude(status=NoticeStatus.FAILED)
        .order_by("-created_at", "-pk")[:limit],
    ]

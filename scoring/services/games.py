"""Starting a game at the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club
from scoring import club, rules
from scoring.access.roles import is_secretary
from scoring.live_games import LiveGame, keep
from scoring.models import Game, GamePlayer, Member
from scoring.refusals import refusal
from scoring.selectors import load_game


@dataclass(frozen=True)
class Seat:
    """A player as entered at setup: a member, or a guest by name."""

    member: Member | None = None
    guest_name: str = ""
    guess: int | None = None

    @property
    def name(self) -> str:
        return self.member.known_as if self.member is not None else self.guest_name.strip()


@transaction.atomic
def start_game(
    *,
    in_club: Club,
    ruleset: str,
    seats: Sequence[Seat],
    scorer: Member,
    created_by: User,
    options: Mapping[str, object] | None = None,
    friendly: bool = False,
) -> Game:
    """A new game in seating order; the scorer must be one of the players."""
    try:
        setup = rules.GameSetup(
            ruleset=ruleset,
            players=tuple(seat.name for seat in seats),
            options=rules.parse_options(dict(options or {})),
            friendly=friendly,
            guesses={i: seat.guess for i, seat in enumerate(seats) if seat.guess is not None},
        )
    except rules.RuleError as error:
        raise ValidationError(refusal(error)) from error
    if scorer.pk not in {seat.member.pk for seat in seats if seat.member is not None}:
        raise ValidationError(gettext("The scorer must be one of the players."))
    now = timezone.now()
    game = Game(
        club=in_club,
        ruleset=ruleset,
        options=setup.options.as_dict(),
        friendly=friendly,
        scorer=scorer,
        started_at=now,
        updated_at=now,
        created_by=created_by,
        fingerprint=rules.start_fingerprint(ruleset, setup.players),
        # Played under the club's house rules of today, whatever they become before it ends.
        house_rules=club.house_rules(in_club).as_dict(),
    )
    game.full_clean()
    game.save()
    players = [
        GamePlayer(game=game, seat=i, member=seat.member, name=seat.name, guess=seat.guess)
        for i, seat in enumerate(seats)
    ]
    for player in players:
        player.full_clean(exclude=["game"], validate_constraints=False)
    GamePlayer.objects.bulk_create(players)
    # Its first turn starts from here, as every later turn does from the one before.
    keep(
        LiveGame(
            game=game,
            players=tuple(players),
            setup=setup,
            state=rules.new_game(setup),
            fingerprint=game.fingerprint,
            recent_keys=(),
        )
    )
    return game


@transaction.atomic
def void_game(*, game: Game, by: User, reason: str) -> Game:
    """The secretary's word that a game counts for nothing (a duplicate, an abandoned table).

    The game and its turns and signatures stay as they are, readable with the reason; the
    club's books, told in this transaction, then treat it as having no result."""
    if not is_secretary(by, game.club_id):
        raise PermissionDenied(gettext("Only the secretary voids a game."))
    if not reason.strip():
        raise ValidationError({"void_reason": gettext("Say why the game is void.")})
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.is_void:
        raise ValidationError(gettext("This game is already void: nothing changed."))
    now = timezone.now()
    game.voided_at, game.voided_by, game.void_reason = now, by, reason.strip()
    # Moves what the pages and the board cache against.
    game.updated_at = now
    game.full_clean()
    game.save(update_fields=["voided_at", "voided_by", "void_reason", "updated_at"])
    club.game_changed(loaded=load_game(game), change=club.GameChange.VOIDED)
    return game

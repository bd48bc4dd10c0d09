"""Games, members and the secretary for service and view tests, made through the services."""

from __future__ import annotations

import base64
import uuid
from collections.abc import Sequence
from io import BytesIO
from typing import Any

from django.contrib.auth.models import User
from PIL import Image, ImageDraw

from clubs.models import Role
from clubs.services import join_club
from scoring import rules
from scoring.models import Game, Member, Signature, SignatureMethod
from scoring.selectors import load_game
from scoring.services.games import Seat, start_game
from scoring.services.members import create_member
from scoring.services.records import import_game_record
from scoring.services.signing import sign_sheet
from scoring.services.turns import RecordedTurn, record_turn
from tests import golden
from tests.factories import the_club

PIN = "1234"


def member(known_as: str) -> Member:
    return create_member(in_club=the_club(), name=f"{known_as} Member", known_as=known_as, pin=PIN)


def secretary(username: str = "secretary") -> User:
    user = User.objects.create_user(username=username, password="balut-secretary")
    join_club(club=the_club(), user=user, role=Role.SECRETARY)
    return user


def new_game(
    ruleset: str = "balut",
    players: Sequence[str] = ("Ann", "Ben"),
    *,
    options: dict[str, object] | None = None,
) -> Game:
    """A game whose first player is a member and its scorer; the others are members too."""
    members = [Member.objects.filter(known_as=name).first() or member(name) for name in players]
    return start_game(
        in_club=the_club(),
        ruleset=ruleset,
        seats=[Seat(member=m) for m in members],
        scorer=members[0],
        created_by=members[0].user,
        options=options,
    )


def scorer_of(game: Game) -> User:
    """A fresh copy of the scorer's user: no cached member or group from an earlier call."""
    assert game.scorer is not None
    return User.objects.get(pk=game.scorer.user_id)


def next_number(game: Game) -> int:
    return game.turns.count()


def play(
    game: Game,
    record: dict[str, object],
    *,
    by: User | None = None,
    key: uuid.UUID | None = None,
    expected: int | None = None,
) -> RecordedTurn:
    """Record `record` as the next turn, as the scorer unless `by` says otherwise."""
    return record_turn(
        game=game,
        turn_record=record,
        expected_number=next_number(game) if expected is None else expected,
        request_key=key or uuid.uuid4(),
        recorded_by=by or scorer_of(game),
    )


def five_dice(game: Game, box: str, dice: str, **extra: Any) -> dict[str, object]:
    """The next player's turn: `dice` such as "44412" in `box`."""
    player = load_game(game).next_player
    assert player is not None
    return {"player": player.name, "box": box, "dice": [int(d) for d in dice], **extra}


def play_boxes(game: Game, moves: Sequence[tuple[str, str]]) -> None:
    """Record `(box, dice)` moves in turn order for whoever is next."""
    for box, dice in moves:
        play(game, five_dice(game, box, dice))


def fill_game(game: Game, *, leave: int = 0) -> None:
    """Play every remaining turn but `leave`, each into the player's first open box."""
    while True:
        state = load_game(game).state
        assert isinstance(state, rules.FiveDiceGame)
        remaining = state.total_turns - state.turn_count
        if remaining <= leave:
            return
        seat = state.next_seat
        assert seat is not None
        play(game, five_dice(game, state.open_boxes(seat)[0], "44412"))


def example(name: str) -> Any:
    """The golden record `name` (fixtures/golden/), parsed."""
    return golden.record(name)


def example_names(*, invalid: bool) -> list[str]:
    paths = golden.invalid_paths() if invalid else golden.valid_paths()
    return [path.stem for path in paths]


def imported(name: str, *, by: User | None = None) -> Game:
    # Tests build several games from one example: each is a game of its own here (refusing a
    # duplicate is tested in test_import_played_and_duplicates).
    return import_game_record(
        in_club=the_club(),
        data=example(name),
        imported_by=by,
        source=f"test:{name}",
        allow_duplicate=True,
    )


def png_bytes(width: int = 400, height: int = 150, *, ink: bool = True) -> bytes:
    """A PNG as the signature pad sends it: black ink on a see-through background."""
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    if ink:
        ImageDraw.Draw(image).line(
            [(10, height - 20), (width // 3, 15), (width - 10, height // 2)],
            fill=(0, 0, 0, 255),
            width=4,
        )
    out = BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def witness_of(game: Game) -> User:
    """Who may witness a drawn signature of `game`: its scorer, else the secretary."""
    if game.scorer is not None:
        return game.scorer.user
    found = User.objects.filter(username="secretary").first()
    return found or secretary()


def drawing(width: int = 400, height: int = 150, *, ink: bool = True) -> str:
    """The PNG as a data URL, the form the signature pad posts."""
    return "data:image/png;base64," + base64.b64encode(png_bytes(width, height, ink=ink)).decode(
        "ascii"
    )


def sign_all(game: Game) -> list[Signature]:
    """Every player who has not signed signs: a member by PIN (signed in as themself), a guest
    by drawing witnessed by the game's scorer (or, for a game without one, the secretary)."""
    game.refresh_from_db()
    signed = set(game.signatures.filter(voided_at__isnull=True).values_list("player", flat=True))
    signatures = []
    for player in game.players.select_related("member__user").order_by("seat"):
        if player.pk in signed:
            continue
        if player.member is not None:
            user = player.member.user
            signatures.append(
                sign_sheet(
                    game=game, player=player, method=SignatureMethod.PIN, by=user, signer=user
                )
            )
        else:
            signatures.append(
                sign_sheet(
                    game=game,
                    player=player,
                    method=SignatureMethod.DRAWING,
                    by=witness_of(game),
                    drawing=drawing(),
                )
            )
    game.refresh_from_db()
    return signatures

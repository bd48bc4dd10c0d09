"""A club's synthetic history, for measuring pages against years of games.

Every game is played through the rules engine (league.synthesis.play) and stored the way the
services store a game played at the table (Game, GamePlayer, Turn with the engine's box and
score, a signature from every player and the verification code the last one sets), only in
bulk: thousands of games a minute instead of one request a turn.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from io import BytesIO

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone
from PIL import Image, ImageDraw

from league.models import PlayerResultRow
from league.services.figures import rebuild_all_figures
from league.services.results import result_rows
from league.synthesis.play import PlayedGame, play_game
from scoring import rules, verification
from scoring.drawings import clean_drawing
from scoring.models import (
    Game,
    GamePlayer,
    GameStatus,
    Member,
    Signature,
    SignatureMethod,
    Turn,
)
from scoring.selectors import recorded_from_rows
from scoring.services.members import create_member

MEMBER_NAMES = [
    "Ann",
    "Ben",
    "Cy",
    "Dee",
    "Eli",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Jon",
    "Kit",
    "Lou",
    "Max",
    "Nia",
    "Oli",
    "Pia",
    "Quin",
    "Rex",
    "Sol",
    "Tia",
    "Uma",
    "Vic",
    "Wes",
    "Xan",
    "Yas",
    "Zoe",
    "Ada",
    "Bo",
    "Cal",
    "Dot",
    "Ed",
    "Flo",
    "Gil",
    "Hap",
    "Ivo",
    "Jo",
    "Kai",
    "Lia",
    "Mo",
    "Ned",
]
GUEST_NAMES = ("Guest Sam", "Guest Robin", "Guest Alex", "Guest Kim")
SYNTHETIC_PIN = "1234"
# The mix of a bar club: mostly Standard and bar Balut, some Jackpot, Barbut for a change.
RULESET_WEIGHTS = {"balut": 35, "bar": 30, "jackpot": 15, "barbut4": 20}
PLAYER_COUNTS = {
    "balut": {2: 20, 3: 35, 4: 35, 5: 10},
    "jackpot": {2: 30, 3: 40, 4: 30},
    "bar": {3: 30, 4: 35, 5: 25, 6: 10},
    "barbut4": {2: 30, 3: 40, 4: 20, 5: 10},
}
SECONDS_PER_TURN = {"balut": 40, "jackpot": 40, "bar": 45, "barbut4": 25}
GUEST_CHANCE = 0.03
GUESS_CHANCE = 0.3
FRIENDLY_CHANCE = 0.05
GAMES_PER_BATCH = 200
TURNS_PER_INSERT = 2000

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Synthesized:
    members: int
    games: int
    turns: int
    signatures: int


def club_members(count: int = len(MEMBER_NAMES)) -> list[Member]:
    """The club's members: those already there, topped up to `count` with new ones."""
    members = list(Member.objects.filter(is_active=True).order_by("pk"))
    pin_hash = make_password(SYNTHETIC_PIN)  # hashed once: PBKDF2 costs a fraction of a second
    taken = {member.known_as for member in Member.objects.all()}
    names = (name for name in MEMBER_NAMES if name not in taken)
    while len(members) < count:
        known_as = next(names, None) or f"Member{len(taken) + 1}"
        taken.add(known_as)
        member = create_member(name=f"{known_as} (synthetic)", known_as=known_as)
        member.pin_hash = pin_hash
        member.save(update_fields=["pin_hash"])
        members.append(member)
    return members


def guest_drawing() -> str:
    """A signature drawn once and cleaned as the signing service cleans every drawing."""
    image = Image.new("RGBA", (300, 100), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(10, 80), (120, 15), (290, 60)], fill=(0, 0, 0, 255), width=4)
    out = BytesIO()
    image.save(out, format="PNG")
    return clean_drawing("data:image/png;base64," + base64.b64encode(out.getvalue()).decode())


def game_times(rng: random.Random, count: int, years: int, now: datetime) -> list[datetime]:
    """Club evenings spread over the last `years` years, oldest first."""
    start = now - timedelta(days=365 * years)
    span = (now - timedelta(days=1) - start).days
    times = []
    for _ in range(count):
        day = start + timedelta(days=rng.randrange(max(span, 1)))
        times.append(
            day.replace(hour=rng.randint(17, 22), minute=rng.randrange(60), second=0, microsecond=0)
        )
    return sorted(times)


class Synthesizer:
    def __init__(self, *, seed: int, signatures: bool = True) -> None:
        self.rng = random.Random(seed)
        self.signatures = signatures
        self.drawing = guest_drawing() if signatures else ""
        self.members: list[Member] = []
        self.weights: list[float] = []

    def run(
        self,
        *,
        years: int,
        games_per_year: int,
        progress: Progress | None = None,
        until: datetime | None = None,
    ) -> Synthesized:
        """Games over the `years` years before `until` (by default, now)."""
        self.members = club_members()
        # Some members come every week, some twice a year: a long tail of regulars.
        self.weights = [self.rng.paretovariate(1.2) for _ in self.members]
        total = years * games_per_year
        times = game_times(self.rng, total, years, until or timezone.now())
        turns = signatures = 0
        for start in range(0, total, GAMES_PER_BATCH):
            batch = times[start : start + GAMES_PER_BATCH]
            made_turns, made_signatures = self._store([self._play(at) for at in batch])
            turns += made_turns
            signatures += made_signatures
            if progress is not None:
                progress(start + len(batch), total)
        # Runs depend on every game's place in time: worked out once, after the last batch.
        rebuild_all_figures()
        return Synthesized(len(self.members), total, turns, signatures)

    def _play(self, started_at: datetime) -> tuple[datetime, Sequence[Member | str], PlayedGame]:
        rng = self.rng
        ruleset = rng.choices(list(RULESET_WEIGHTS), weights=list(RULESET_WEIGHTS.values()))[0]
        counts = PLAYER_COUNTS[ruleset]
        size = rng.choices(list(counts), weights=list(counts.values()))[0]
        seated: list[Member | str] = []
        for member in self._pick_members(size):
            seated.append(member)
        guests = [name for name in GUEST_NAMES if rng.random() < GUEST_CHANCE]
        # Seat 0 stays a member: the scorer is always one of the members at the table.
        for index, guest in enumerate(guests[: size - 2]):
            seated[-1 - index] = guest
        names = tuple(s if isinstance(s, str) else s.known_as for s in seated)
        five_dice = ruleset != "barbut4"
        guesses = (
            {seat: rng.randint(0, 2 * size) for seat in range(size)}
            if five_dice and rng.random() < GUESS_CHANCE
            else {}
        )
        setup = rules.GameSetup(
            ruleset=ruleset,
            players=names,
            friendly=five_dice and rng.random() < FRIENDLY_CHANCE,
            guesses=guesses,
        )
        return started_at, seated, play_game(setup, rng)

    def _pick_members(self, size: int) -> list[Member]:
        chosen: list[Member] = []
        while len(chosen) < size:
            member = self.rng.choices(self.members, weights=self.weights)[0]
            if member not in chosen:
                chosen.append(member)
        return chosen

    @transaction.atomic
    def _store(
        self, played: Sequence[tuple[datetime, Sequence[Member | str], PlayedGame]]
    ) -> tuple[int, int]:
        games = []
        for started_at, seated, game in played:
            scorer = seated[0]
            assert isinstance(scorer, Member)
            finished_at = started_at + timedelta(
                seconds=SECONDS_PER_TURN[game.setup.ruleset] * len(game.turns)
            )
            games.append(
                Game(
                    ruleset=game.setup.ruleset,
                    options=game.setup.options.as_dict(),
                    friendly=game.setup.friendly,
                    status=GameStatus.FINISHED,
                    scorer=scorer,
                    started_at=started_at,
                    finished_at=finished_at,
                    updated_at=finished_at,
                    created_by_id=scorer.user_id,
                )
            )
        Game.objects.bulk_create(games)
        players = [
            GamePlayer(
                game=row,
                seat=seat,
                member=None if isinstance(who, str) else who,
                name=game.setup.players[seat],
                guess=game.setup.guesses.get(seat),
            )
            for row, (_, seated, game) in zip(games, played, strict=True)
            for seat, who in enumerate(seated)
        ]
        GamePlayer.objects.bulk_create(players)
        seats = {(p.game_id, p.seat): p for p in players}
        turns = []
        for row, (started_at, _, game) in zip(games, played, strict=True):
            step = timedelta(seconds=SECONDS_PER_TURN[game.setup.ruleset])
            for number, (turn, (box, score)) in enumerate(
                zip(game.turns, game.outcomes, strict=True)
            ):
                turns.append(
                    Turn(
                        game=row,
                        number=number,
                        player=seats[(row.pk, turn.seat)],
                        record=rules.turn_to_json(turn, game.setup.players),
                        box=box,
                        score=score,
                        recorded_by_id=row.created_by_id,
                        recorded_at=started_at + step * (number + 1),
                    )
                )
        Turn.objects.bulk_create(turns, batch_size=TURNS_PER_INSERT)
        # As store_game_results keeps them for a game finished at the table, in bulk.
        PlayerResultRow.objects.bulk_create(
            [
                result
                for stored, (_, seated, game) in zip(games, played, strict=True)
                for result in result_rows(
                    stored,
                    [seats[(stored.pk, seat)] for seat in range(len(seated))],
                    rules.result(game.state),
                )
            ],
            batch_size=TURNS_PER_INSERT,
        )
        signatures = self._sign(games, players, turns) if self.signatures else 0
        return len(turns), signatures

    def _sign(self, games: list[Game], players: list[GamePlayer], turns: list[Turn]) -> int:
        """Every player signs after the last turn; the last signature sets the code, as
        scoring.services.signing does, worked out from the rows just written."""
        by_game: dict[int, list[GamePlayer]] = {}
        for player in players:
            by_game.setdefault(player.game_id, []).append(player)
        turns_of: dict[int, list[Turn]] = {}
        for turn in turns:
            turns_of.setdefault(turn.game_id, []).append(turn)
        signatures = []
        for game in games:
            assert game.finished_at is not None
            signed = []
            for index, player in enumerate(by_game[game.pk]):
                guest = player.member_id is None
                signed.append(
                    Signature(
                        game=game,
                        player=player,
                        method=SignatureMethod.DRAWING if guest else SignatureMethod.PIN,
                        image=self.drawing if guest else "",
                        signed_at=game.finished_at + timedelta(seconds=20 * (index + 1)),
                    )
                )
            game.verification_code = verification.verification_code(
                _recorded(game, by_game[game.pk], turns_of[game.pk], signed)
            )
            game.updated_at = signed[-1].signed_at
            signatures += signed
        Signature.objects.bulk_create(signatures)
        Game.objects.bulk_update(games, ["verification_code", "updated_at"])
        return len(signatures)


def _recorded(
    game: Game, players: list[GamePlayer], turns: list[Turn], signatures: list[Signature]
) -> verification.RecordedGame:
    return recorded_from_rows(
        game, players=players, turns=turns, corrections=[], signatures=signatures
    )

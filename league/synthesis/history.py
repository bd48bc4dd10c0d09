"""A club's synthetic history, for measuring pages against years of games.

Every game is played through the rules engine (league.synthesis.play) and stored the way the
services store a game played at the table (Game, GamePlayer, Turn with the engine's box and
score, a signature from every player and the verification code the last one sets), only in
bulk (league.synthesis.store): some ten thousand games a minute instead of one request a turn.
The league's books come along (league.synthesis.books): a season a year, the drinks owed (most
long since bought) and the register claims, ratified but for the last few weeks'.
"""

from __future__ import annotations

import base64
import gc
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from io import BytesIO

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from PIL import Image, ImageDraw

from clubs.models import Club
from league.selectors import house_rules
from league.services.figures import rebuild_all_figures
from league.synthesis.books import Books, register_claims, seasons, synthetic_secretary
from league.synthesis.play import play_game
from league.synthesis.store import Played, Stored, store_games
from scoring import rules
from scoring.drawings import clean_drawing
from scoring.models import Game, Member
from scoring.selectors import members_of
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
RULESET_WEIGHTS = {
    rules.STANDARD_BALUT.key: 35,
    rules.BAR_BALUT.key: 30,
    rules.JACKPOT_BALUT.key: 15,
    rules.BARBUT4.key: 20,
}
PLAYER_COUNTS = {
    rules.STANDARD_BALUT.key: {2: 20, 3: 35, 4: 35, 5: 10},
    rules.JACKPOT_BALUT.key: {2: 30, 3: 40, 4: 30},
    rules.BAR_BALUT.key: {3: 30, 4: 35, 5: 25, 6: 10},
    rules.BARBUT4.key: {2: 30, 3: 40, 4: 20, 5: 10},
}
GUEST_CHANCE = 0.03
GUESS_CHANCE = 0.3
FRIENDLY_CHANCE = 0.05
GAMES_PER_BATCH = 200

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Synthesized:
    members: int
    games: int
    turns: int
    signatures: int
    debts: int = 0
    claims: int = 0
    seasons: int = 0


def club_members(club: Club, count: int = len(MEMBER_NAMES)) -> list[Member]:
    """The club's members: those already there, topped up to `count` with new ones."""
    members = list(members_of(club).filter(is_active=True).order_by("pk"))
    pin_hash = make_password(SYNTHETIC_PIN)  # hashed once: PBKDF2 costs a fraction of a second
    taken = {member.known_as for member in Member.objects.all()}
    names = (name for name in MEMBER_NAMES if name not in taken)
    while len(members) < count:
        known_as = next(names, None) or f"Member{len(taken) + 1}"
        taken.add(known_as)
        member = create_member(in_club=club, name=f"{known_as} (synthetic)", known_as=known_as)
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


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Python's cycle collector off for a batch: the batch's engine states and rows (all freed by
    reference counting) would otherwise set it off every few hundred objects, scanning the ones
    still alive again and again, a quarter of the time spent. It runs again afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Synthesizer:
    def __init__(
        self, *, club: Club, seed: int, signatures: bool = True, books: bool = True
    ) -> None:
        self.club = club
        self.rng = random.Random(seed)
        self.signatures = signatures
        self.keeps_books = books
        self.books: Books | None = None
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
        self.members = club_members(self.club)
        # Some members come every week, some twice a year: a long tail of regulars.
        self.weights = [self.rng.paretovariate(1.2) for _ in self.members]
        total = years * games_per_year
        until = until or timezone.now()
        times = game_times(self.rng, total, years, until)
        if self.keeps_books:
            # Rounds and claims are closed by the real calendar, wherever the history's years end.
            self.books = Books(
                house_rules(self.club),
                synthetic_secretary(self.club),
                timezone.now(),
                self.rng,
                self.club,
            )
        last_before = Game.objects.filter(club=self.club).aggregate(last=Max("pk"))["last"] or 0
        turns = signatures = debts = 0
        for start in range(0, total, GAMES_PER_BATCH):
            batch = times[start : start + GAMES_PER_BATCH]
            with cyclic_gc_paused():
                stored = self._store([self._play(at) for at in batch])
            turns += stored.turns
            signatures += stored.signatures
            debts += stored.debts
            if progress is not None:
                progress(start + len(batch), total)
        # Runs depend on every game's place in time: worked out once, after the last batch.
        rebuild_all_figures()
        if self.books is None:
            return Synthesized(len(self.members), total, turns, signatures)
        claims = register_claims(self.books, after_game=last_before)
        # The club's calendar years: at 00:30 on New Year's Day in Copenhagen it is still the
        # old year in UTC, and the new year's games need the new year's season.
        made = (
            seasons(
                self.club,
                self.books.secretary,
                timezone.localdate(times[0]),
                timezone.localdate(until),
            )
            if times
            else 0
        )
        return Synthesized(len(self.members), total, turns, signatures, debts, claims, made)

    @transaction.atomic
    def _store(self, played: Sequence[Played]) -> Stored:
        return store_games(
            played,
            club=self.club,
            drawing=self.drawing if self.signatures else None,
            books=self.books,
        )

    def _play(self, started_at: datetime) -> Played:
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
        choices = rules.ruleset_info(ruleset).setup_choices
        guesses = (
            {seat: rng.randint(0, 2 * size) for seat in range(size)}
            if "guess" in choices and rng.random() < GUESS_CHANCE
            else {}
        )
        setup = rules.GameSetup(
            ruleset=ruleset,
            players=names,
            friendly="friendly" in choices and rng.random() < FRIENDLY_CHANCE,
            guesses=guesses,
        )
        return Played(started_at, seated, play_game(setup, rng))

    def _pick_members(self, size: int) -> list[Member]:
        chosen: list[Member] = []
        while len(chosen) < size:
            member = self.rng.choices(self.members, weights=self.weights)[0]
            if member not in chosen:
                chosen.append(member)
        return chosen

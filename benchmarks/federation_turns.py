"""The federation benchmark's turns, recorded on the one-club server and on the federation in
turns, as its pages are timed (benchmarks.federation_alternate).

Timed one server after the other, minutes apart, the turns compared two moments of a shared
machine: one run gave a turn 2.61x on the federation with the bare view between the turns
2.29x, the load having gone from 17 to 22 in between. Here each side records one turn (and its
bare view) in its own game, then the other side does, the order swapped every round; both
sides draw the same dice from the same seed, so both do the same work.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.test import Client, override_settings
from django.urls import reverse

from benchmarks.federation_alternate import on_database
from benchmarks.federation_measure import TurnTimes, at_club
from benchmarks.request_clocks import Samples, ServerClock
from benchmarks.stats import summarize
from benchmarks.turn import TURNS_PER_GAME, GameDriver, new_game, players, post_bare
from clubs.models import Club
from scoring.models import Member


@dataclass
class _Side:
    """One database's games: its signed-in scorer, the game being played, what was timed."""

    database: str
    client: Client
    members: list[Member]
    rng: random.Random
    driver: GameDriver | None = None
    timed: Samples = field(default_factory=Samples)
    bare: Samples = field(default_factory=Samples)

    def turn(self, clock: ServerClock, bare_url: str, *, timed: bool) -> None:
        """One turn through the view, then the bare view; a new game when the last ended."""
        if self.driver is None:
            self.driver = GameDriver(self.client, new_game(self.members), self.rng)
        data, turn = self.driver.next_turn()
        self.driver.post(data, turn)
        if timed:
            self.timed.add(clock)
        post_bare(self.client, bare_url, data)
        if timed:
            self.bare.add(clock)
        if self.driver.state.next_seat is None:
            self.finish()

    def finish(self) -> None:
        if self.driver is not None:
            self.driver.check_recorded()
            self.driver = None

    def times(self) -> TurnTimes:
        return TurnTimes(
            summarize(self.timed.wall), summarize(self.bare.wall), summarize(self.timed.cpu)
        )


def turns_side_by_side(
    *, club: Club, count: int, seed: int, databases: Sequence[str]
) -> list[TurnTimes]:
    """`count` turns recorded through the view in new games of the club on each database, in
    turns, each followed by the bare view; one game's worth untimed first on each (templates
    compiled, caches filled). The times of each database, in the order given."""
    sides = []
    for database in databases:
        with on_database(database):
            members = players()
            client = Client()
            client.force_login(members[0].user)
            sides.append(_Side(database, client, members, random.Random(seed)))
    with override_settings(ROOT_URLCONF="benchmarks.urls"), at_club(club), ServerClock() as clock:
        bare_url = reverse("bench_bare")
        for side in sides:
            with on_database(side.database):
                for _ in range(TURNS_PER_GAME):
                    side.turn(clock, bare_url, timed=False)
        for round_ in range(count):
            for side in sides if round_ % 2 == 0 else sides[::-1]:
                with on_database(side.database):
                    side.turn(clock, bare_url, timed=True)
        for side in sides:
            with on_database(side.database):
                side.finish()
    return [side.times() for side in sides]

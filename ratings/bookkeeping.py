"""The ratings' bookkeeping: finished games replayed, in the order they were played, through
openskill's Weng-Lin Plackett-Luce model with its defaults. Pure Python, no Django.

The maths is the library's; what this module owns is the bookkeeping round it: whose rating a
game starts from, that each player is a one-person team, that players sharing a place share a
rank, what each game changed, and how a replay can start from the ratings stored before a game
(so a correction re-rates only from the changed game forward) and still give exactly what a
full replay gives.

Players of one game are handed to the library in a fixed order (by place, then by who they
are), never in seat order: the library sums floating-point numbers in the order it is given
them, and a player's rating must not depend on the chair they sat in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()
"""The library's default model (mu 25, sigma 25/3, beta 25/6, tau 25/300)."""

Z = 3.0
"""The conservative estimate is mu - 3 sigma: a rating the player is very likely above."""

# A person as the caller names them (a member's or a guest's key) and a ruleset's key.
Person = str
Ruleset = str


@dataclass(frozen=True)
class Standing:
    """A person's rating in one ruleset: the skill estimate mu, its uncertainty sigma, and the
    rated games it rests on."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: what the list ranks by, so a lucky newcomer does not top it."""
        return self.mu - Z * self.sigma


NEW = Standing(mu=MODEL.mu, sigma=MODEL.sigma, games=0)
"""Everyone's rating before their first game."""


@dataclass(frozen=True)
class Seat:
    """One player of a game and the place they finished in (1 the winner; shared places
    shared)."""

    person: Person
    place: int


@dataclass(frozen=True)
class Game:
    """A finished game to rate: `key` the caller's name for it (the game's id)."""

    key: int
    ruleset: Ruleset
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Change:
    """What one game did to one player's rating."""

    person: Person
    place: int
    before: Standing
    after: Standing

    @property
    def mu_change(self) -> float:
        return self.after.mu - self.before.mu

    @property
    def conservative_change(self) -> float:
        return self.after.conservative - self.before.conservative


@dataclass
class Replay:
    """Everyone's rating after the games replayed, and each game's changes in the order
    replayed."""

    standings: dict[tuple[Person, Ruleset], Standing]
    changes: dict[int, tuple[Change, ...]]


def rate_game(game: Game, standings: Mapping[Person, Standing]) -> tuple[Change, ...]:
    """The changes `game` makes to its players' ratings (`standings` of its ruleset; anyone
    missing is new). A game of fewer than two players changes nothing: there is no one to beat.
    The changes come in the game's seat order."""
    if len({seat.person for seat in game.seats}) != len(game.seats):
        raise ValueError(f"Game {game.key} seats someone twice.")
    if any(seat.place < 1 for seat in game.seats):
        raise ValueError(f"Game {game.key} has a place below 1.")
    if len(game.seats) < 2:
        return ()
    ordered = sorted(game.seats, key=lambda seat: (seat.place, seat.person))
    before = [standings.get(seat.person, NEW) for seat in ordered]
    rated = MODEL.rate(
        [[PlackettLuceRating(mu=s.mu, sigma=s.sigma)] for s in before],
        ranks=[float(seat.place) for seat in ordered],
    )
    # Players who shared a place from equal ratings come out equal in the maths, but the library
    # sums their terms in a different order and may differ in the last bit: the first of them
    # stands for all, so equal players stay exactly equal.
    shared: dict[tuple[int, float, float], tuple[float, float]] = {}
    changes = {}
    for seat, old, team in zip(ordered, before, rated, strict=True):
        mu, sigma = shared.setdefault((seat.place, old.mu, old.sigma), (team[0].mu, team[0].sigma))
        changes[seat.person] = Change(
            person=seat.person,
            place=seat.place,
            before=old,
            after=Standing(mu=mu, sigma=sigma, games=old.games + 1),
        )
    return tuple(changes[seat.person] for seat in game.seats)


def rate_in_place(
    game: Game, standings: dict[tuple[Person, Ruleset], Standing]
) -> tuple[Change, ...]:
    """Rate `game` from `standings` (everyone's ratings so far, by person and ruleset; anyone
    missing is new) and write its players' new ratings into them: a replay of a million games
    one game at a time, with nothing kept but the ratings."""
    current = {
        seat.person: standings[key]
        for seat in game.seats
        if (key := (seat.person, game.ruleset)) in standings
    }
    made = rate_game(game, current)
    for change in made:
        standings[change.person, game.ruleset] = change.after
    return made


def replay(
    games: Iterable[Game], start: Mapping[tuple[Person, Ruleset], Standing] | None = None
) -> Replay:
    """Rate `games` one after the other in the order given (the order they were played: the
    result depends on it), starting from `start` (the ratings before the first of them; anyone
    missing is new)."""
    standings = dict(start or {})
    changes = {game.key: rate_in_place(game, standings) for game in games}
    return Replay(standings=standings, changes=changes)


def ranked(standings: Mapping[Person, Standing]) -> list[tuple[Person, Standing]]:
    """Highest conservative rating first; level ones by mu, then by who they are."""
    return sorted(standings.items(), key=lambda item: (-item[1].conservative, -item[1].mu, item[0]))


def win_chances(standings: Sequence[Standing]) -> list[float]:
    """Each player's chance of winning a game among exactly these players (they add up to 1),
    in the order given; the library's predict_win."""
    if len(standings) < 2:
        return [1.0] * len(standings)
    return [
        float(chance)
        for chance in MODEL.predict_win(
            [[PlackettLuceRating(mu=s.mu, sigma=s.sigma)] for s in standings]
        )
    ]

"""A busy club night for the TV board: every table full, Baluts all evening, a long register
and many rounds owed. Made through the services, but the register entries and debts directly
(as tests/stats/test_board.py does), to have many of them quickly."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from league.models import DebtStatus, DrinkDebt, RecordKind, RegisterEntry
from scoring.models import Game, Member
from scoring.services.games import Seat, start_game
from stats.board import MAX_TABLES
from tests.factories import the_club
from tests.scoring.services.helpers import five_dice, member, play

GUESTS = (
    "Anneliese", "Bartholomew", "Christoffer", "Dorthe-Marie", "Evangeline", "Frederikke",
    "Gunnhildur", "Henrietta", "Ingeborg", "Johannes", "Kristiansen", "Leopoldine",
    "Maximilian", "Nathaniel", "Oluwaseun", "Penelope", "Quentin", "Rasmussen", "Sigurdur",
    "Thorvaldsen", "Ulrikke", "Valdemar", "Wilhelmina", "Xenia", "Yevgenia", "Zacharias",
    "Agnethe", "Benedikte", "Cornelius", "Davidsen", "Elisabeth", "Ferdinand", "Gabrielle",
    "Hieronymus", "Isabella", "Jacqueline", "Konstantin", "Lovisa", "Magdalene", "Nikolaj",
    "Ottilie", "Petronella",
)  # fmt: skip


@dataclass(frozen=True)
class BusyNight:
    tables: list[Game]
    baluts: int
    entries: int
    debtors: int


def busy_night(*, baluts: int = 24, entries: int = 12, debtors: int = 20) -> BusyNight:
    """MAX_TABLES Jackpot games of eight (the most the board shows, the most a table seats),
    `baluts` Baluts thrown tonight, `entries` register entries and `debtors` guests owing."""
    scorer = Member.objects.filter(known_as="Scorer").first() or member("Scorer")
    names = iter(GUESTS)
    tables = [
        start_game(
            in_club=the_club(),
            ruleset="jackpot",
            seats=[Seat(member=scorer)] + [Seat(guest_name=next(names)) for _ in range(7)],
            scorer=scorer,
            created_by=scorer.user,
        )
        for _ in range(MAX_TABLES)
    ]
    for thrown in range(baluts):
        game = tables[thrown % len(tables)]
        play(game, five_dice(game, "balut", "66666"))
    for number in range(entries):
        RegisterEntry.objects.create(
            club=the_club(),
            date=date(2026, 3, 1) - timedelta(days=30 * number),
            player_name=GUESTS[number % len(GUESTS)],
            score=150 + number,
            kind=RecordKind.HIGH if number % 2 else RecordKind.LOW,
            ruleset="bar",
            historic=True,
        )
    seats = [player for game in tables for player in game.players.order_by("seat")[1:]]
    for number, debtor in enumerate(seats[:debtors]):
        for sequence in range(1 + number % 3):
            DrinkDebt.objects.create(
                game=debtor.game,
                debtor=debtor,
                reason="last_place",
                owed_to="everyone",
                sequence=number * 3 + sequence,
                status=DebtStatus.OWED,
            )
    return BusyNight(tables=tables, baluts=baluts, entries=entries, debtors=debtors)

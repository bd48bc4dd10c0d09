"""What the tournament pages read: the day's standings from the games' stored results, the
rounds with their tables, and the tournaments a visitor may see.

The standings are two queries whatever the size of the day (the entrants; the tables' seats
joined to the result rows the league keeps of finished games), so they follow every finished,
corrected or voided game without a book of their own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max, QuerySet
from django.utils.translation import gettext

from clubs.models import Club
from league.models import PlayerResultRow
from tournaments.draw.tables import fewest_repeats
from tournaments.models import Entrant, ReplacedGame, Round, Seat, Table, Tournament
from tournaments.standings import StandingRow, after_the_final, breakers_of, standings
from tournaments.wording import repeat_sentences

# The standings are read here by the pages, the draw and the final (tournaments.standings).
__all__ = ["StandingRow", "after_the_final", "breakers_of", "standings"]


@dataclass(frozen=True)
class TableView:
    table: Table
    players: list[Entrant]
    # Per entrant id: the game's running total (finished or in play), when its game has rows.
    totals: dict[int, int]
    # The table's voided games it played again, oldest first (ReplacedGame).
    replaced: list[int] = field(default_factory=list)

    @property
    def scorer(self) -> Entrant | None:
        """Who will score the table's game when it starts (the services pick the same)."""
        return scoring_entrant([p for p in self.players if p.plays_in(self.table.round.number)])

    @property
    def seated(self) -> list[tuple[Entrant, int | None]]:
        """Each player in seat order with their game's total so far (None before it counts)."""
        return [(player, self.totals.get(player.pk)) for player in self.players]


@dataclass(frozen=True)
class RoundView:
    round: Round
    tables: list[TableView]
    # Who meets whom again in this round, and why the draw could not avoid it, in words.
    explained: list[str] = field(default_factory=list)


def rounds(tournament: Tournament) -> list[RoundView]:
    """Every drawn round with its tables in order and their players in seat order (2 queries,
    one for the games' totals and one for the voided games replayed)."""
    drawn = list(Round.objects.filter(tournament=tournament).order_by("number"))
    by_table: dict[int, list[Entrant]] = defaultdict(list)
    tables: dict[int, Table] = {}
    for seat in (
        Seat.objects.filter(round__tournament=tournament)
        .select_related("entrant__plays_for", "table__game")
        .order_by("table__round__number", "table__number", "seat")
    ):
        by_table[seat.table_id].append(seat.entrant)
        tables[seat.table_id] = seat.table
    totals: dict[int, dict[str, int]] = defaultdict(dict)
    games = [t.game_id for t in tables.values() if t.game_id is not None]
    for game_id, name, score in PlayerResultRow.objects.filter(
        club_id=tournament.club_id, game_id__in=games
    ).values_list("game_id", "player__name", "score"):
        totals[game_id][name] = score
    names = {e.pk: e.name for players in by_table.values() for e in players}
    replaced: dict[int, list[int]] = defaultdict(list)
    for table_id, game_id in ReplacedGame.objects.filter(
        table__round__tournament=tournament
    ).values_list("table_id", "game_id"):
        replaced[table_id].append(game_id)
    views = []
    for round_ in drawn:
        in_round = sorted(
            (t for t in tables.values() if t.round_id == round_.pk), key=lambda t: t.number
        )
        for t in in_round:
            t.round = round_  # read already: the scorer's pick asks the round's number
        views.append(
            RoundView(
                round_,
                [
                    TableView(
                        t,
                        by_table[t.pk],
                        {
                            e.pk: totals[t.game_id][e.name]
                            for e in by_table[t.pk]
                            if t.game_id is not None and e.name in totals[t.game_id]
                        },
                        replaced[t.pk],
                    )
                    for t in in_round
                ],
                repeat_sentences(round_.explanations, names),
            )
        )
    return views


@dataclass(frozen=True)
class DrawBound:
    # The drawn rounds (the final table aside) and the pairs meeting again over them.
    rounds: int
    repeats: int
    # No draw of these rounds, for these players at these tables, has fewer repeats.
    lower_bound: int


def draw_bound(drawn: list[RoundView]) -> DrawBound | None:
    """The repeats of the drawn rounds beside the fewest any draw of them could have, when
    every round seats the same players at tables of the same sizes (a late entry or a
    withdrawal changes the count the bound is made for: then None)."""
    views = [view for view in drawn if not view.round.final]
    if not views:
        return None
    fields = {frozenset(p.pk for t in view.tables for p in t.players) for view in views}
    shapes = {tuple(sorted((len(t.players) for t in view.tables), reverse=True)) for view in views}
    if len(fields) != 1 or len(shapes) != 1:
        return None
    players, sizes = len(next(iter(fields))), next(iter(shapes))
    if players < 2 or not sizes:
        return None
    return DrawBound(
        rounds=len(views),
        repeats=sum(view.round.repeats for view in views),
        lower_bound=fewest_repeats(players, sizes, len(views)),
    )


def past_meetings(club_id: int, members: list[int]) -> dict[tuple[int, int], int]:
    """How many finished games of the club each pair of these members (smaller id first)
    has played together: one query over the league's result rows."""
    seated: dict[int, list[int]] = defaultdict(list)
    for game_id, member_id in PlayerResultRow.objects.filter(
        club_id=club_id, member_id__in=members
    ).values_list("game_id", "member_id"):
        seated[game_id].append(member_id)
    met: dict[tuple[int, int], int] = defaultdict(int)
    for together in seated.values():
        ordered = sorted(set(together))
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                met[(a, b)] += 1
    return dict(met)


def scoring_entrant(seated: list[Entrant]) -> Entrant | None:
    """Who scores a table's game, of its players in seat order: the organising club's first
    member (their PIN signs them in to the club's tablet), else the first member visiting from
    another club (the organiser then keeps the score for them); None with only guests."""
    own = [e for e in seated if e.member_id is not None and e.plays_for_id is None]
    visiting = [e for e in seated if e.member_id is not None and e.plays_for_id is not None]
    return next(iter(own + visiting), None)


def last_draw(tournament: Tournament) -> int:
    """Which draw the day is at (its newest round's id, 0 before the first): the page sends it
    back with Draw, so a second tap on a page of before is told the rounds were drawn."""
    return int(Round.objects.filter(tournament=tournament).aggregate(last=Max("pk"))["last"] or 0)


def round_on_show(drawn: list[RoundView]) -> RoundView | None:
    """The round the projector shows: the last one started, or the next one drawn once every
    table of that one has finished (or was voided); the first before any starts."""
    started = [i for i, view in enumerate(drawn) if any(t.table.game_id for t in view.tables)]
    at = started[-1] if started else 0
    if at + 1 < len(drawn) and all(
        t.table.game is not None and (t.table.game.finished_at or t.table.game.voided_at)
        for t in drawn[at].tables
    ):
        at += 1
    return drawn[at] if drawn else None


def final_round(tournament: Tournament) -> Round | None:
    return Round.objects.filter(tournament=tournament, final=True).first()


def started_rounds(tournament: Tournament) -> int:
    """The number of the last round a game has started in (0 before the first)."""
    last = Round.objects.filter(tournament=tournament, tables__game__isnull=False).aggregate(
        last=Max("number")
    )["last"]
    return int(last or 0)


def visible_tournaments(club: Club, *, everything: bool) -> QuerySet[Tournament]:
    found = Tournament.objects.filter(club=club)
    return found if everything else found.filter(public=True)


def cut_refusal(tournament: Tournament) -> str:
    """Why the day cannot cut to a final table now, or "" when it can."""
    if final_round(tournament) is not None:
        return gettext("The final table is seated already.")
    regular = Round.objects.filter(tournament=tournament, final=False)
    if regular.count() < tournament.rounds:
        return gettext("Every round must be drawn and played before the final.")
    last = Table.objects.filter(round__tournament=tournament, round__number=tournament.rounds)
    if (
        last.filter(game__isnull=True).exists()
        or last.filter(game__finished_at__isnull=True, game__voided_at__isnull=True).exists()
    ):
        return gettext("Every table of the last round must finish before the final.")
    if len(finalists(tournament)) < 2:
        return gettext("A final table needs at least two players.")
    return ""


def finalists(tournament: Tournament) -> list[StandingRow]:
    """The top of the standings, a table's worth, leaving out who dropped out (level at the
    cut: the standings' order, the entry order last, decides who goes through)."""
    playing = [
        row for row in standings(tournament) if row.ranked and row.entrant.left_after is None
    ]
    return playing[: tournament.table_size]


def playing_at(table: Table) -> list[Entrant]:
    """The table's players who were to play its game (a dropped-out entrant is left out)."""
    return [
        seat.entrant
        for seat in table.seats.select_related("entrant").order_by("seat")
        if seat.entrant.plays_in(table.round.number)
    ]

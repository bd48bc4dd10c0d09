"""What the tournament pages read: the day's standings from the games' stored results, the
rounds with their tables, and the tournaments a visitor may see.

The standings are two queries whatever the size of the day (the entrants; the tables' seats
joined to the result rows the league keeps of finished games), so they follow every finished,
corrected or voided game without a book of their own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import F, Max, QuerySet
from django.utils.translation import gettext

from clubs.models import Club
from league.models import PlayerResultRow
from tournaments import ranking
from tournaments.models import Entrant, Round, Seat, Table, Tournament
from tournaments.tiebreakers import label, usual_order
from tournaments.wording import repeat_sentences


@dataclass
class StandingRow:
    entrant: Entrant
    rank: int = 0
    points: int = 0
    score: int = 0
    baluts: int = 0
    games: int = 0
    wins: int = 0
    best: int = 0
    balutless: int = 0
    # Per round number: the game's points (or score) the entrant earned there.
    by_round: dict[int, int] = field(default_factory=dict)
    # The tie-breaker (its label) that set this row below the one above, level until then.
    decided_by: str = ""
    # The entrant's place in the final table's game, for a finalist once it has a result.
    final_place: int | None = None

    def figures(self) -> ranking.Figures:
        return ranking.Figures(
            self.entrant.pk,
            {
                "points": self.points,
                "score": self.score,
                "wins": self.wins,
                "best": self.best,
                "baluts": self.baluts,
                "fewest_balutless": self.balutless,
            },
        )


def breakers_of(tournament: Tournament) -> list[str]:
    return list(tournament.tiebreakers or usual_order(tournament.ruleset))


def standings(tournament: Tournament) -> list[StandingRow]:
    """Ranked by the tournament's tie-breakers in turn (tournaments.ranking); level on all of
    them, level in rank.

    Two queries: the entrants, and every seat of the day (the rounds' and the final table's)
    joined to its game's result row (the seat's player by name: a table that played short has
    fewer seats in its game than drawn). Read afresh on every call: nothing is cached.
    """
    rows = {e.pk: StandingRow(e) for e in tournament.entrants.select_related("plays_for")}
    results = (
        Seat.objects.filter(
            round__tournament=tournament,
            table__game__voided_at__isnull=True,
            table__game__result_rows__player__name=F("entrant__name"),
        )
        .order_by()
        .values_list(
            "entrant_id",
            "round__number",
            "round__final",
            "table__game_id",
            "table__game__result_rows__points",
            "table__game__result_rows__score",
            "table__game__result_rows__baluts",
            "table__game__result_rows__rank",
            "table__game__result_rows__won",
        )
    )
    breakers = breakers_of(tournament)
    # Who beat whom is only worked out when head-to-head is one of the day's breakers.
    head_to_head = ranking.HEAD_TO_HEAD in breakers
    places: dict[int, list[tuple[int, int]]] = defaultdict(list)
    in_final: dict[int, int] = {}
    for entrant_id, round_number, final, game_id, points, score, baluts, place, won in results:
        if final:
            in_final[entrant_id] = place
            continue
        row = rows[entrant_id]
        row.points += points or 0
        row.score += score
        row.baluts += baluts
        row.games += 1
        if won:
            row.wins += 1
        if score > row.best:
            row.best = score
        if not baluts:
            row.balutless += 1
        row.by_round[round_number] = points if points is not None else score
        if head_to_head:
            places[game_id].append((entrant_id, place))
    beats: dict[tuple[int, int], int] = defaultdict(int)
    for seated in places.values():
        for a, place_a in seated:
            for b, place_b in seated:
                if place_a < place_b:
                    beats[(a, b)] += 1
    # Each breaker worded once, not once a row.
    labels = {key: label(key) for key in breakers}
    by_number = sorted(rows.values(), key=lambda r: r.entrant.number)
    ordered = []
    for placed in ranking.order([r.figures() for r in by_number], breakers, beats):
        row = rows[placed.player]
        row.rank = placed.rank
        row.decided_by = labels[placed.decided_by] if placed.decided_by else ""
        ordered.append(row)
    return after_the_final(ordered, in_final)


def after_the_final(ordered: list[StandingRow], places: dict[int, int]) -> list[StandingRow]:
    """The finalists first, by their place in the final (`places`: entrant id to their place
    in the final table's game, once it has a result; a voided final has none, and the rounds'
    order stands; level there: in the rounds' order), then everyone else in the rounds'
    order, ranked from the place after the final table."""
    if not places:
        return ordered
    finalists = sorted(
        (row for row in ordered if row.entrant.pk in places),
        key=lambda row: places[row.entrant.pk],
    )
    for place, row in enumerate(finalists, start=1):
        row.rank, row.final_place, row.decided_by = place, places[row.entrant.pk], ""
    rest = [row for row in ordered if row.entrant.pk not in places]
    first_of_rank: dict[int, int] = {}
    for position, row in enumerate(rest, start=len(finalists) + 1):
        row.rank = first_of_rank.setdefault(row.rank, position)
    return finalists + rest


@dataclass(frozen=True)
class TableView:
    table: Table
    players: list[Entrant]
    # Per entrant id: the game's running total (finished or in play), when its game has rows.
    totals: dict[int, int]

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
    """Every drawn round with its tables in order and their players in seat order (2 queries
    and one for the finished games' totals)."""
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
    views = []
    for round_ in drawn:
        in_round = sorted(
            (t for t in tables.values() if t.round_id == round_.pk), key=lambda t: t.number
        )
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
                    )
                    for t in in_round
                ],
                repeat_sentences(round_.explanations, names),
            )
        )
    return views


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
    playing = [row for row in standings(tournament) if row.entrant.left_after is None]
    return playing[: tournament.table_size]

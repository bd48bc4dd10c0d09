"""The day's standings from the games' stored results, fair when players have played different
numbers of games (a late entry, a drop-out, a voided table).

Two queries whatever the size of the day (the entrants; the tables' seats joined to the result
rows the league keeps of finished games), so they follow every finished, corrected or voided
game without a book of their own. The organiser picks how the summed figures rank: as totals,
or per game played (Tournament.ranked_by); and how many games a player needs to be ranked at
all (Tournament.min_games): who has fewer is listed after the ranked players, unranked. The
Swiss draw seats by this same order, so a late entrant with one good game is not given the top
table on it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import BooleanField, ExpressionWrapper, F, IntegerField, Q, Value

from scoring.rules import tiebreakers as vocabulary
from tournaments import ranking
from tournaments.models import Entrant, HandResult, Seat, Tournament
from tournaments.tiebreakers import label, usual_order

# The figures that add up game by game: ranked per game played when the day ranks by average.
# The highest game is a best, not a sum, and stays as it is.
SUMMED = frozenset(key for key in ranking.BREAKERS if vocabulary.TIEBREAKERS[key].summed)


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
    # False for a player with fewer games than the day asks to be ranked (rank stays 0).
    ranked: bool = True
    # The games a player needs to be ranked (the day's minimum; 1 when ranking by average).
    needed: int = 0

    def figures(self, *, average: bool) -> ranking.Figures:
        values = {
            "points": self.points,
            "score": self.score,
            "wins": self.wins,
            "best": self.best,
            "baluts": self.baluts,
            "fewest_balutless": self.balutless,
        }
        if average and self.games:
            # In hundredths: the ranking compares whole numbers, two decimals tell players apart.
            values = {
                key: round(value * 100 / self.games) if key in SUMMED else value
                for key, value in values.items()
            }
        return ranking.Figures(self.entrant.pk, values)

    @property
    def place(self) -> str:
        """The rank as printed: a dash for an unranked player."""
        return str(self.rank) if self.ranked else "–"

    @property
    def points_a_game(self) -> float | None:
        return self.points / self.games if self.games else None

    @property
    def score_a_game(self) -> float | None:
        return self.score / self.games if self.games else None


def breakers_of(tournament: Tournament) -> list[str]:
    return list(tournament.tiebreakers or usual_order(tournament.ruleset))


def games_needed(tournament: Tournament) -> int:
    """The games a player must have played to be ranked: an average needs one at least."""
    return max(tournament.min_games, 1 if tournament.ranked_by == "average" else 0)


def standings(tournament: Tournament) -> list[StandingRow]:
    """Ranked by the tournament's tie-breakers in turn (tournaments.ranking), by total or per
    game; level on all of them, level in rank. The players below the day's minimum of games
    follow, unranked, in the same order among themselves.

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
    # A voided table's result the secretary entered by hand counts as its game (in the same
    # query: a union); its key for head-to-head is the table's, negative, so no game id meets it.
    by_hand = (
        HandResult.objects.filter(
            table__round__tournament=tournament, table__game__voided_at__isnull=False
        )
        .order_by()
        .values_list(
            "entrant_id",
            "table__round__number",
            "table__round__final",
            ExpressionWrapper(-F("table_id"), output_field=IntegerField()),
            "points",
            "score",
            Value(0, output_field=IntegerField()),
            "rank",
            ExpressionWrapper(Q(rank=1), output_field=BooleanField()),
        )
    )
    breakers = breakers_of(tournament)
    # Who beat whom is only worked out when head-to-head is one of the day's breakers.
    head_to_head = ranking.HEAD_TO_HEAD in breakers
    places: dict[int, list[tuple[int, int]]] = defaultdict(list)
    in_final: dict[int, int] = {}
    for (
        entrant_id,
        round_number,
        final,
        game_id,
        points,
        score,
        baluts,
        place,
        won,
    ) in results.union(by_hand, all=True):
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
    needed = games_needed(tournament)
    average = tournament.ranked_by == "average"
    by_number = sorted(rows.values(), key=lambda r: r.entrant.number)
    for row in by_number:
        row.needed, row.ranked = needed, row.games >= needed
    ordered = _ranked([r for r in by_number if r.ranked], breakers, beats, average=average)
    unranked = _ranked([r for r in by_number if not r.ranked], breakers, beats, average=average)
    for row in unranked:
        row.rank = 0
    return after_the_final(ordered, in_final) + unranked


def _ranked(
    rows: list[StandingRow], breakers: list[str], beats: ranking.Beats, *, average: bool
) -> list[StandingRow]:
    by_pk = {row.entrant.pk: row for row in rows}
    # Each breaker worded once, not once a row.
    labels = {key: label(key) for key in breakers}
    ordered = []
    for placed in ranking.order([r.figures(average=average) for r in rows], breakers, beats):
        row = by_pk[placed.player]
        row.rank = placed.rank
        row.decided_by = labels[placed.decided_by] if placed.decided_by else ""
        ordered.append(row)
    return ordered


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

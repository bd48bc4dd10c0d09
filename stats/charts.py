"""The player page's charts as plain data for Chart.js (handed over with `json_script`).

Every figure comes from the member's running sums of the engine's results (league.models.tallies);
the browser draws, it computes nothing. Totals over time are monthly averages: after
ten years a line through every game would be a smudge, and the page would grow with the years.

The time axis is given here too, fitted to the months played (a month either side, ticks on
whole months, quarters or years): left to itself Chart.js pads a lone month by 5% of its
timestamp, which drew one month of games on an axis from 2023 to 2030. Each kind of game has
its own spread chart, as their totals lie far apart (Bar Balut's near 100, the others' near 400).
"""

from __future__ import annotations

from datetime import date, tzinfo
from functools import lru_cache

from django.db.models import Sum
from django.utils import timezone
from django.utils.formats import date_format

from league.models import MonthTally, TotalBinTally
from league.selectors import local_midnight
from league.services.tallies import BIN
from scoring.box_names import game_title
from stats.player import PlayerStats, theirs
from stats.records import FIVE_DICE


def player_charts(stats: PlayerStats) -> dict[str, object]:
    """Two queries on top of the page's statistics: the member's month and total tallies."""
    over_time: dict[str, list[dict[str, float]]] = {}
    # Each month's instant worked out once, not once per kind played in it: ten years of months
    # are some 360 rows.
    stamps: dict[date, int] = {}
    played: list[date] = []
    zone = timezone.get_current_timezone()
    # Summed by month: one row a month in one club, one per club played in with every club.
    months = (
        theirs(MonthTally.objects.all(), stats.member, stats.club, stats.hidden)
        .filter(ruleset__in=FIVE_DICE)
        .values("ruleset", "month")
        .annotate(sum_total=Sum("total"), sum_games=Sum("games"))
        .order_by("ruleset", "month")
        .values_list("ruleset", "month", "sum_total", "sum_games")
    )
    for ruleset, month, total, games in months:
        stamp = stamps.get(month)
        if stamp is None:
            played.append(month)
            stamp = stamps[month] = _month_stamp(month, zone)
        games = int(games)
        over_time.setdefault(ruleset, []).append(
            {"x": stamp, "y": round(int(total) / games, 1), "games": games}
        )
    bins: dict[str, dict[int, int]] = {}
    for ruleset, low, games in (
        theirs(TotalBinTally.objects.all(), stats.member, stats.club, stats.hidden)
        .filter(ruleset__in=FIVE_DICE)
        .values("ruleset", "low")
        .annotate(sum_games=Sum("games"))
        .order_by()
        .values_list("ruleset", "low", "sum_games")
    ):
        bins.setdefault(ruleset, {})[low] = games
    return {
        "overTime": [
            {"label": game_title(kind), "data": over_time[kind]}
            for kind in FIVE_DICE
            if kind in over_time
        ],
        "timeAxis": time_axis(sorted(played)),
        "spreads": [_spread(kind, bins[kind]) for kind in FIVE_DICE if kind in bins],
        "categories": _categories(stats),
    }


# Whole months between ticks: the first that keeps the axis to MAX_TICKS labels, the two steps
# that widening to whole steps may add included.
TICK_STEPS = (1, 2, 3, 6, 12, 24, 60, 120, 240, 600, 1200)
MAX_TICKS = 8
# "Nov 2026", "nov. 2026": in the reader's form (balutclub/formats).
MONTH_LABEL = "MONTH_YEAR_FORMAT"


def _milliseconds(month: date) -> int:
    return _month_stamp(month, timezone.get_current_timezone())


# A month's first midnight in a time zone never changes: worked out once per process, not on
# every visit (ten years of a chart are 120 months, each an aware datetime and a timestamp).
# Bounded: a month and a zone a row, a few hundred for a club's whole history.
@lru_cache(maxsize=4096)
def _month_stamp(month: date, zone: tzinfo) -> int:
    return int(local_midnight(month, zone).timestamp() * 1000)


def _add_months(month: date, count: int) -> date:
    index = month.year * 12 + month.month - 1 + count
    return date(index // 12, index % 12 + 1, 1)


def _months_between(first: date, last: date) -> int:
    return (last.year - first.year) * 12 + last.month - first.month


def time_axis(played: list[date]) -> dict[str, object] | None:
    """The x axis of the months `played` (first days of months, in order): from a month before
    the first to a month after the last, widened to whole steps, with a tick and its label at
    each step. None when nothing was played."""
    if not played:
        return None
    start, end = _add_months(played[0], -1), _add_months(played[-1], 1)
    span = _months_between(start, end)
    step = next((s for s in TICK_STEPS if -(-span // s) + 2 <= MAX_TICKS - 1), TICK_STEPS[-1])
    # Ticks fall on months that are whole multiples of the step (January for years).
    start = _add_months(start, -((start.year * 12 + start.month - 1) % step))
    end = _add_months(end, -(_months_between(start, end) % step or step) + step)
    ticks = [
        _add_months(start, offset) for offset in range(0, _months_between(start, end) + 1, step)
    ]
    return {
        "min": _milliseconds(start),
        "max": _milliseconds(end),
        "ticks": [
            {"value": _milliseconds(tick), "label": date_format(tick, MONTH_LABEL)}
            for tick in ticks
        ],
    }


def _spread(ruleset: str, counts: dict[int, int]) -> dict[str, object]:
    """One kind of game's totals in bins of BIN points, from its lowest bin to its highest."""
    lows = range(min(counts), max(counts) + BIN, BIN)
    return {
        "ruleset": ruleset,
        "title": game_title(ruleset),
        "labels": [f"{low}–{low + BIN - 1}" for low in lows],
        "data": [counts.get(low, 0) for low in lows],
    }


def _categories(stats: PlayerStats) -> list[dict[str, object]]:
    """Per five-dice kind played: the member's mean box score against the club's, box by box."""
    charts: list[dict[str, object]] = []
    for ruleset, boxes in stats.boxes.items():
        club = {entry.box: entry.average for entry in stats.club_boxes.get(ruleset, [])}
        charts.append(
            {
                "ruleset": ruleset,
                "title": game_title(ruleset),
                "name": stats.member.known_as,
                "labels": [entry.label for entry in boxes],
                "member": [round(entry.average, 1) for entry in boxes],
                "club": [round(club.get(entry.box, 0.0), 1) for entry in boxes],
            }
        )
    return charts

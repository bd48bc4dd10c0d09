"""The player page's charts as plain data for Chart.js (handed over with `json_script`).

Every figure comes from the member's running sums of the engine's results (league.models.tallies);
the browser draws, it computes nothing. Totals over time are monthly averages: after
ten years a line through every game would be a smudge, and the page would grow with the years.
"""

from __future__ import annotations

from league.models import MonthTally, TotalBinTally
from league.selectors import local_midnight
from league.services.tallies import BIN
from league.stats_player import PlayerStats
from league.stats_records import FIVE_DICE
from scoring import rules


def player_charts(stats: PlayerStats) -> dict[str, object]:
    """Two queries on top of the page's statistics: the member's month and total tallies."""
    over_time: dict[str, list[dict[str, float]]] = {}
    months = MonthTally.objects.filter(member=stats.member, ruleset__in=FIVE_DICE)
    for month in months.order_by("ruleset", "month"):
        over_time.setdefault(month.ruleset, []).append(
            {
                "x": int(local_midnight(month.month).timestamp() * 1000),
                "y": round(month.total / month.games, 1),
                "games": month.games,
            }
        )
    bins: dict[str, dict[int, int]] = {}
    for row in TotalBinTally.objects.filter(member=stats.member, ruleset__in=FIVE_DICE):
        bins.setdefault(row.ruleset, {})[row.low] = row.games
    lows = [low for counts in bins.values() for low in counts]
    labels = list(range(min(lows), max(lows) + BIN, BIN)) if lows else []
    return {
        "overTime": [
            {"label": rules.RULESET_TITLES[kind], "data": over_time[kind]}
            for kind in FIVE_DICE
            if kind in over_time
        ],
        "distribution": {
            "labels": [f"{low}–{low + BIN - 1}" for low in labels],
            "datasets": [
                {
                    "label": rules.RULESET_TITLES[kind],
                    "data": [bins[kind].get(low, 0) for low in labels],
                }
                for kind in FIVE_DICE
                if kind in bins
            ],
        },
        "categories": _categories(stats),
    }


def _categories(stats: PlayerStats) -> list[dict[str, object]]:
    """Per five-dice kind played: the member's mean box score against the club's, box by box."""
    charts: list[dict[str, object]] = []
    for ruleset, boxes in stats.boxes.items():
        club = {entry.box: entry.average for entry in stats.club_boxes.get(ruleset, [])}
        charts.append(
            {
                "ruleset": ruleset,
                "title": rules.RULESET_TITLES[ruleset],
                "name": stats.member.known_as,
                "labels": [entry.label for entry in boxes],
                "member": [round(entry.average, 1) for entry in boxes],
                "club": [round(club.get(entry.box, 0.0), 1) for entry in boxes],
            }
        )
    return charts

"""The player page's charts as plain data for Chart.js (handed over with `json_script`).

Every figure is a database sum of the kept figures (the engine's totals, the stored box
scores); the browser draws, it computes nothing. Totals over time are monthly averages: after
ten years a line through every game would be a smudge, and the page would grow with the years.
"""

from __future__ import annotations

from datetime import date, datetime, time

from django.db.models import Avg, Count, ExpressionWrapper, F, IntegerField
from django.utils import timezone

from league.models import PlayerResultRow
from league.stats_player import PlayerStats
from league.stats_records import FIVE_DICE
from scoring import rules

# Totals of the five-dice games fall between 0 and 812; 25-point bins read well on a tablet.
BIN = 25


def player_charts(stats: PlayerStats) -> dict[str, object]:
    """Two queries on top of the page's statistics: months and bins of the member's totals."""
    # Barbut ends at 7500 by rule: its totals say little and would flatten the others.
    rows = PlayerResultRow.objects.filter(member=stats.member, ruleset__in=FIVE_DICE)
    months = (
        rows.values("ruleset", "month")
        .annotate(average=Avg("score"), games=Count("id"))
        .order_by("ruleset", "month")
    )
    over_time: dict[str, list[dict[str, float]]] = {}
    for row in months:
        over_time.setdefault(row["ruleset"], []).append(
            {
                "x": int(_midnight(row["month"]).timestamp() * 1000),
                "y": round(float(row["average"]), 1),
                "games": row["games"],
            }
        )
    binned = (
        rows.annotate(low=ExpressionWrapper(F("score") / BIN * BIN, output_field=IntegerField()))
        .values("ruleset", "low")
        .annotate(games=Count("id"))
        .order_by("ruleset", "low")
    )
    bins: dict[str, dict[int, int]] = {}
    for row in binned:
        bins.setdefault(row["ruleset"], {})[row["low"]] = row["games"]
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


def _midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


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

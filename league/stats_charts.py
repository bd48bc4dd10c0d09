"""The player page's charts as plain data for Chart.js (handed over with `json_script`).

Only arranging: every figure comes from league.stats_selectors (the engine's results and the
stored box scores); the browser draws, it computes nothing.
"""

from __future__ import annotations

from collections import Counter

from league.stats_selectors import FIVE_DICE, PlayerStats
from scoring import rules

# Totals of the five-dice games fall between 0 and 812; 25-point bins read well on a tablet.
BIN = 25


def player_charts(stats: PlayerStats) -> dict[str, object]:
    finished = list(reversed(stats.finished))  # oldest first, for a line through time
    over_time: dict[str, list[dict[str, int]]] = {}
    bins: dict[str, Counter[int]] = {}
    for line in finished:
        ruleset = line.game.ruleset
        # Barbut ends at 7500 by rule: its totals say little and would flatten the others.
        if ruleset not in FIVE_DICE:
            continue
        over_time.setdefault(ruleset, []).append(
            {"x": int(line.game.started_at.timestamp() * 1000), "y": line.seat.score}
        )
        bins.setdefault(ruleset, Counter())[line.seat.score // BIN * BIN] += 1
    lows = [low for counter in bins.values() for low in counter]
    labels = list(range(min(lows), max(lows) + BIN, BIN)) if lows else []
    return {
        "overTime": [
            {"label": rules.RULESET_TITLES[kind], "data": points}
            for kind, points in over_time.items()
        ],
        "distribution": {
            "labels": [f"{low}–{low + BIN - 1}" for low in labels],
            "datasets": [
                {
                    "label": rules.RULESET_TITLES[kind],
                    "data": [bins[kind].get(low, 0) for low in labels],
                }
                for kind in bins
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

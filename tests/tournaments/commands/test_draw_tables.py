"""`manage.py draw_tables`: the draw as JSON, and bad arguments refused in words."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.tournaments.draw.helpers import apart_pairs_seated, repeats


def run(*args: str) -> str:
    out = StringIO()
    call_command("draw_tables", *args, stdout=out)
    return out.getvalue()


def test_the_json_draw_of_300_players_has_exactly_rounds_and_repeats() -> None:
    printed = json.loads(
        run("--players", "300", "--table-size", "5", "--rounds", "7", "--seed", "4", "--json")
    )

    assert set(printed) == {"rounds", "repeats", "lower_bound", "method", "stopped_early"}
    assert printed["repeats"] == printed["lower_bound"] == 0
    assert printed["stopped_early"] is False
    assert len(printed["rounds"]) == 7
    for tables in printed["rounds"]:
        assert sorted(p for table in tables for p in table) == list(range(1, 301))
    assert repeats(printed["rounds"]) == 0


@pytest.mark.parametrize(
    ("players", "table_size", "rounds"),
    [
        (21, 3, 10),
        (27, 3, 13),
        (24, 4, 7),
        (32, 4, 10),
        (69, 3, 34),
        (76, 4, 25),
        (99, 3, 49),
        (100, 4, 33),
    ],
)
def test_the_issues_shapes_and_whole_designs_are_printed_without_a_repeat(
    players: int, table_size: int, rounds: int
) -> None:
    printed = json.loads(
        run(
            *("--players", str(players), "--table-size", str(table_size)),
            *("--rounds", str(rounds), "--seed", "7", "--json"),
        )
    )

    assert repeats(printed["rounds"]) == printed["repeats"] == printed["lower_bound"] == 0


def test_a_draw_without_a_design_prints_the_bound_no_draw_can_beat() -> None:
    # 16 in fours for 6 rounds: each meets 18 seats among 15 others, 3 too many each.
    printed = json.loads(
        run("--players", "16", "--table-size", "4", "--rounds", "6", "--seed", "1", "--json")
    )

    assert printed["lower_bound"] == 24
    assert repeats(printed["rounds"]) == printed["repeats"] >= 24


def test_the_same_seed_prints_the_same_draw() -> None:
    args = ("--players", "13", "--table-size", "4", "--rounds", "3", "--seed", "9", "--json")

    assert run(*args) == run(*args)


def test_apart_groups_are_kept_apart() -> None:
    printed = json.loads(
        run(
            "--players",
            "16",
            "--table-size",
            "4",
            "--rounds",
            "3",
            "--apart",
            "1,2;5,6,7",
            "--json",
        )
    )

    assert apart_pairs_seated(printed["rounds"], [(1, 2), (5, 6, 7)]) == 0


def test_a_swiss_draw_counts_its_repeats_over_all_rounds() -> None:
    printed = json.loads(
        run("--players", "12", "--table-size", "4", "--rounds", "3", "--swiss", "--json")
    )

    assert printed["repeats"] == repeats(printed["rounds"])


def test_without_json_the_draw_is_printed_in_words_with_the_reason_for_each_repeat() -> None:
    printed = run("--players", "12", "--table-size", "4", "--rounds", "2")

    assert "Round 2" in printed
    assert "table 3:" in printed
    assert "more players than there are tables" in printed
    assert "no draw of these rounds has fewer than 3" in printed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "1", "--table-size", "4", "--rounds", "2"), "at least 2 players"),
        (("--players", "12", "--table-size", "9", "--rounds", "2"), "3 to 8"),
        (("--players", "12", "--table-size", "4", "--rounds", "0"), "1 to 50"),
        (("--players", "12", "--table-size", "4", "--rounds", "2", "--apart", "1,1"), "twice"),
        (("--players", "2", "--table-size", "3", "--rounds", "2"), "cannot fill a table of 3"),
        (("--players", "12", "--table-size", "4", "--rounds", "2", "--seed", "-1"), "0 or more"),
        (("--players", "12", "--table-size", "4", "--rounds", "2", "--apart", "1,x"), "groups"),
        (("--players", "12", "--table-size", "4", "--rounds", "2", "--apart", "0,3"), "1 to 12"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message_and_a_non_zero_exit(
    args: tuple[str, ...], message: str
) -> None:
    with pytest.raises(CommandError, match=message) as refused:
        run(*args)

    assert refused.value.returncode == 2


def test_the_command_line_refuses_bad_arguments_without_a_traceback() -> None:
    root = Path(__file__).resolve().parents[3]
    finished = subprocess.run(
        [sys.executable, "manage.py", "draw_tables", "--players", "5", "--table-size", "2"]
        + ["--rounds", "3", "--json"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )

    assert finished.returncode != 0
    assert "3 to 8" in finished.stderr
    assert "Traceback" not in finished.stderr
    assert finished.stdout == ""

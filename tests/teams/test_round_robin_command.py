"""`manage.py round_robin`: the schedule as JSON, read-only, and bad arguments refused in words."""

from __future__ import annotations

import json

import pytest

from teams.schedule import round_robin
from tests.scoring.commands.test_read_only_commands import fresh_checkout


def test_the_json_is_exactly_the_rounds_of_home_and_away_pairs() -> None:
    result = fresh_checkout("manage.py", "round_robin", "--teams", "4", "--json")

    assert result.returncode == 0, result.stderr
    assert result.stdout == ('{"rounds": [[[1, 4], [2, 3]], [[4, 2], [3, 1]], [[3, 4], [1, 2]]]}\n')


@pytest.mark.parametrize("teams", [3, 7, 12])
def test_double_prints_both_legs_with_the_byes_left_out(teams: int) -> None:
    result = fresh_checkout("manage.py", "round_robin", "--teams", str(teams), "--double", "--json")

    assert result.returncode == 0, result.stderr
    rounds = json.loads(result.stdout)["rounds"]
    assert rounds == [[list(pair) for pair in games] for games in round_robin(teams, double=True)]
    assert all(1 <= team <= teams for games in rounds for pair in games for team in pair)


def test_without_json_each_round_is_a_line_to_read() -> None:
    result = fresh_checkout("manage.py", "round_robin", "--teams", "3")

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["Round 1: 2 v 3", "Round 2: 3 v 1", "Round 3: 1 v 2"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--teams", "1", "--json"], "between 2 and 100 teams, not 1"),
        (["--teams", "500"], "between 2 and 100 teams, not 500"),
        (["--teams", "four"], "invalid int value: 'four'"),
        (["--json"], "the following arguments are required: --teams"),
    ],
)
def test_bad_arguments_are_refused_in_words_without_a_traceback(
    arguments: list[str], message: str
) -> None:
    result = fresh_checkout("manage.py", "round_robin", *arguments)

    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""

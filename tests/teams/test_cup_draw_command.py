"""`manage.py cup_draw`: the first round as JSON, the same with the same seed, refusals in words."""

from __future__ import annotations

import json

from teams.cup import draw_bracket
from tests.scoring.commands.test_read_only_commands import fresh_checkout


def test_the_json_holds_the_first_rounds_pairs_and_byes_of_the_seeded_draw() -> None:
    result = fresh_checkout("manage.py", "cup_draw", "--teams", "5", "--seed", "7", "--json")

    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    bracket = draw_bracket(5, seed=7)
    assert printed == {
        "size": 8,
        "rounds": ["Quarter-finals", "Semi-finals", "Final"],
        "pairs": [list(pair) for pair in bracket.pairs],
        "byes": bracket.byes,
    }


def test_without_json_each_tie_is_a_line_to_read() -> None:
    result = fresh_checkout("manage.py", "cup_draw", "--teams", "3", "--seeded", "1")

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:2] == ["Semi-finals:", "  1 bye"]


def test_too_few_teams_are_refused_in_words_without_a_traceback() -> None:
    result = fresh_checkout("manage.py", "cup_draw", "--teams", "1", "--json")

    assert result.returncode != 0
    assert "between 2 and 256 teams, not 1" in result.stderr
    assert "Traceback" not in result.stderr

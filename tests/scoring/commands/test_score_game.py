"""`manage.py score_game`: the golden records, and files that are not records at all."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import execute_from_command_line

from tests import golden

REPO = Path(__file__).resolve().parents[3]
VALID = golden.valid_paths()
INVALID = golden.invalid_paths()


def score_game(*paths: Path | str) -> tuple[int, list[dict[str, Any]], str]:
    """Run the command as `manage.py score_game` runs it (arguments parsed, errors turned into
    an exit status), in this process: starting Python and Django anew for each of these cases
    would cost most of the module's time. One test below runs it in a process of its own."""
    stdout, stderr = io.StringIO(), io.StringIO()
    status = 0
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            execute_from_command_line(["manage.py", "score_game", *map(str, paths)])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    lines = [json.loads(line) for line in stdout.getvalue().splitlines()]
    return status, lines, stderr.getvalue()


def score_game_in_a_process(*paths: Path | str) -> tuple[int, list[dict[str, Any]], str]:
    """Run the command as a club member would, in a process of its own."""
    completed = subprocess.run(
        [sys.executable, "manage.py", "score_game", *map(str, paths)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = [json.loads(line) for line in completed.stdout.splitlines()]
    return completed.returncode, lines, completed.stderr


def test_the_golden_records_are_all_there() -> None:
    assert len(VALID) == 4
    assert len(INVALID) == 5


@pytest.mark.parametrize("record", VALID, ids=lambda p: p.stem)
def test_example_record_gives_its_expected_figures(record: Path) -> None:
    expected = golden.expected(record.stem)

    status, (line,), _ = score_game(record)

    assert status == 0
    assert line["file"] == str(record)
    for key in ("ruleset", "complete", "baluts", "guess_winners", "register"):
        assert line[key] == expected[key], key
    assert [{k: d[k] for k in ("player", "reason")} for d in line["drinks"]] == expected["drinks"]
    assert [
        {k: p[k] for k in ("name", "score", "points", "rank")} for p in line["players"]
    ] == expected["players"]


@pytest.mark.parametrize("record", INVALID, ids=lambda p: p.stem)
def test_invalid_example_is_refused_with_exit_two_and_names_the_turn(record: Path) -> None:
    status, (line,), stderr = score_game(record)

    assert status == 2
    assert set(line) == {"file", "error", "turn"}
    assert {"turn": line["turn"], "error": line["error"]} == golden.expected(record.stem)
    assert "Traceback" not in stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\x00", "not a text file"),
        (b"[1, 2, 3]", "must be a JSON object"),
        (b'{"players": ["Ann", "Ben"], "turns": []}', "ruleset is missing"),
        (b'{"ruleset": "balut", "players": "Ann", "turns": []}', "players"),
        (b'{"ruleset": "balut", "players": ["Ann", "Ben"]}', "turns"),
        (b'{"ruleset": "balut", "players": ["Ann", "Ben"], "turns": [7]}', "turn 0"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (
            b'{"ruleset": "balut", "players": ["Ann", "Ben"], "turns": [], "x": '
            + b"9" * 5000
            + b"}",
            "not a game record",
        ),
        (
            b'{"ruleset": "balut", "players": ["Ann", "Ben"], "turns": [], "options": NaN}',
            "options",
        ),
    ],
)
def test_a_file_that_is_not_a_record_is_reported_without_a_traceback(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)

    status, (line,), stderr = score_game(path)

    assert status == 2
    assert message in line["error"]
    assert "Traceback" not in stderr


def test_one_bad_file_among_good_ones_still_scores_the_good_ones_and_exits_two() -> None:
    status, lines, stderr = score_game_in_a_process(VALID[0], REPO / "no-such-file.json", VALID[1])

    assert status == 2
    assert "Traceback" not in stderr
    assert [("error" in line) for line in lines] == [False, True, False]
    assert lines[1]["error"] == "no such file"


def test_an_empty_turn_list_is_a_game_not_yet_begun(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    path.write_text(json.dumps({"ruleset": "bar", "players": ["Ann", "Ben"], "turns": []}))

    status, (line,), _ = score_game(path)

    assert status == 0
    assert line["complete"] is False
    assert [p["score"] for p in line["players"]] == [0, 0]
    assert line["drinks"] == []

"""What the header and the corrections say, in words; and a sheet that runs over pages."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from io import BytesIO
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from reportlab.pdfbase.pdfmetrics import stringWidth

from scoring import rules
from scoring.models import Game
from scoring.pdf import CorrectionLine, game_sheet_pdf, printed_game, write_pdf
from scoring.pdf.info import describe_turn, guesses_text, options_text
from scoring.pdf.styles import FONT_BOLD, fit_name

from .helpers import (
    NAMES,
    example_record,
    import_record,
    lines_of,
    loaded,
    page_count,
    random_record,
)


def test_options_are_printed_only_for_the_games_they_apply_to() -> None:
    options = rules.Options(thresholds="more_than", jackpot_bonus="replaces", guess_points=2)
    assert options_text("jackpot", options) == (
        "thresholds: more than; jackpot bonus: replaces; guess points: 2"
    )
    assert options_text("balut", options) == "thresholds: more than; guess points: 2"
    assert options_text("bar", options) == "none"
    assert options_text("barbut4", options) == "none"


def test_guesses_in_seating_order_and_none_for_barbut() -> None:
    setup = rules.GameSetup(ruleset="bar", players=("Ann", "Ben", "Cy"), guesses={2: 1, 0: 3})
    assert guesses_text(setup) == "Ann 3, Cy 1"
    assert guesses_text(rules.GameSetup(ruleset="balut", players=("Ann", "Ben"))) == "none"
    assert guesses_text(rules.GameSetup(ruleset="barbut4", players=("Ann", "Ben"))) == ""


@pytest.mark.parametrize(
    ("record", "text"),
    [
        ({"player": "Ann", "box": "fives", "dice": [5, 5, 5, 5, 2]}, "Fives 5-5-5-5-2"),
        ({"player": "Ann", "box": "choice", "score": 23}, "Choice (score 23)"),
        (
            {"player": "Ann", "box": "sixes_jackpot", "dice": [6, 6, 6, 6, 1], "strike": True},
            "Sixes jackpot 6-6-6-6-1 struck",
        ),
        (
            {"player": "Dee", "throws": [{"dice": [1, 5, 3, 2], "keep": [1, 5]}, {"dice": [3, 4]}]},
            "throws 1-5-3-2 keep 1-5; 3-4",
        ),
        ([1, 2], "[1, 2]"),
    ],
)
def test_a_turn_record_in_a_few_words(record: object, text: str) -> None:
    assert describe_turn(record) == text


@pytest.mark.django_db
def test_the_start_is_printed_in_the_clubs_time_zone() -> None:
    game = import_record(example_record("bar"))
    Game.objects.filter(pk=game.pk).update(started_at=datetime(2026, 3, 6, 12, 15, tzinfo=UTC))
    with timezone.override(ZoneInfo("Asia/Singapore")):
        text = "\n".join(lines_of(game_sheet_pdf(loaded(game))))
    assert "Started: Fri 6 Mar 2026, 20:15" in text


@pytest.mark.django_db
def test_a_long_correction_list_runs_over_to_a_second_page_with_its_footer() -> None:
    sheet = printed_game(loaded(import_record(random_record("jackpot", 8, 5))))
    line = CorrectionLine(
        when="6 Mar 2026 21:04",
        turn=12,
        player="Cy",
        before="Fives 5-5-5-1-2",
        after="Fives 5-5-5-5-2",
        why="The scorer tapped a 1 for a 5.",
        by="secretary",
    )
    many = replace(sheet, info=replace(sheet.info, corrections=(line,) * 40))
    out = BytesIO()
    assert write_pdf([many], out, title="test") == 1
    assert page_count(out.getvalue()) == 2
    text = "\n".join(lines_of(out.getvalue()))
    assert "Corrections (40)" in text
    assert text.count("The scorer tapped a 1 for a 5.") == 40
    assert "page 1 of 2" in text and "page 2 of 2" in text
    assert "sheet 1 of" not in text


def test_a_long_name_is_set_smaller_and_only_cut_when_it_must_be() -> None:
    assert fit_name("Ann", 10, 90) == ("Ann", 10)
    name, size = fit_name("Bartholomew Fitzgerald", 10, 90)
    assert name == "Bartholomew Fitzgerald" and 6 <= size < 10
    assert stringWidth(name, FONT_BOLD, size) <= 86
    name, size = fit_name("Maximilian Alexander von Hohenzollern-Sig", 10, 90)
    assert name.endswith("\u2026") and size == 6
    assert stringWidth(name, FONT_BOLD, size) <= 86


@pytest.mark.django_db
def test_eight_long_names_stay_in_their_columns() -> None:
    long_names = tuple(f"{name}-Christophersen" for name in NAMES)
    lines = lines_of(
        game_sheet_pdf(loaded(import_record(random_record("jackpot", 8, 9, long_names))))
    )
    for name in long_names:
        assert name in lines

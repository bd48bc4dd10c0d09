"""A game's PDF sheet, read back with pypdf: every box, total, point and place as the engine has it.

The expected figures come from `load_game(game).result()` and the engine's state, never from the
sheet presenter the PDF is drawn from, and never written out by hand.
"""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from pypdf import PdfReader

from league.models import ClubSettings
from scoring import rules
from scoring.models import Game
from scoring.pdf import game_sheet_pdf
from scoring.selectors import LoadedGame, game_corrections
from scoring.services.corrections import correct_turn
from scoring.services.members import create_member
from tests.factories import the_club

from .helpers import (
    DEMO,
    Cursor,
    example_record,
    import_record,
    lines_of,
    loaded,
    metadata,
    page_count,
    random_record,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(member_client: Client) -> Client:
    """These pages are for signed-in members (scoring.access.privacy): the tests read them as
    one."""
    return member_client


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def check_five_dice(sheet: LoadedGame, lines: list[str]) -> None:
    result = sheet.result()
    state = sheet.state
    assert isinstance(state, rules.FiveDiceGame)
    points_game = result.ruleset in ("balut", "jackpot")
    cursor = Cursor(lines)
    cursor.row("Player", list(sheet.setup.players))
    for category in rules.CATEGORIES:
        cells = []
        for player in result.players:
            boxes = [str(score) for score in player.boxes[category]]
            if points_game:
                assert player.points is not None
                total = player.category_totals[category]
                boxes += [str(total), str(player.points.category[category])]
            cells += boxes
        cursor.row(rules.CATEGORY_LABELS[category], cells)
        jackpot_box = f"{category}_jackpot"
        if jackpot_box not in state.rules.box_keys:
            continue
        cells = []
        for seat, player in enumerate(result.players):
            filled = state.sheets[seat].jackpot(category)
            assert player.points is not None
            if filled is None:  # still open: an empty box
                assert player.boxes[jackpot_box] == []
                continue
            assert player.boxes[jackpot_box] == [filled.score]
            cells.append(f"{filled.score} {'claimed' if filled.claimed else 'struck'}")
            if category in player.points.jackpot_bonus:
                cells.append(signed(player.points.jackpot_bonus[category]))
        cursor.row(rules.box_label(jackpot_box), cells)
    cursor.row("Total score", [str(player.score) for player in result.players])
    if points_game:
        points = [player.points for player in result.players]
        assert all(p is not None for p in points)
        cursor.row("Score points", [str(p.score) for p in points if p])
        cursor.row("Guess points", [str(p.guess) for p in points if p])
        cursor.row("Points", [str(player.total_points) for player in result.players])
    place = "Place" if result.complete else "Place so far"
    cursor.row(place, [str(player.rank) for player in result.players])


def check_barbut(sheet: LoadedGame, lines: list[str]) -> None:
    result = sheet.result()
    state = sheet.state
    assert isinstance(state, rules.BarbutGame)
    players = len(sheet.setup.players)
    cursor = Cursor(lines)
    cursor.row("Round", list(sheet.setup.players))
    for start in range(0, len(state.history), players):
        cells = []
        for outcome in state.history[start : start + players]:
            if outcome.end == "bank":
                cells.append(f"+{outcome.points}")
            else:
                cells.append("6-6-6-6" if outcome.end == "six_sixes" else "bust")
            cells.append(str(outcome.score))
            if outcome.lost:
                cells.append(str(outcome.lost))
        cursor.row(str(start // players + 1), cells)
    cursor.row("Score", [str(player.score) for player in result.players])
    cursor.row("Aside", [str(player.lost) for player in result.players if player.lost])
    places = [f"{p.rank} (wins)" if p.winner else str(p.rank) for p in result.players]
    cursor.row("Place" if result.complete else "Place so far", places)


def check_sheet(sheet: LoadedGame, content: bytes) -> list[str]:
    lines = lines_of(content)
    if sheet.setup.ruleset == "barbut4":
        check_barbut(sheet, lines)
    else:
        check_five_dice(sheet, lines)
    return lines


@pytest.mark.parametrize("ruleset", ["balut", "jackpot", "bar", "barbut4"])
def test_every_figure_of_the_example_game_is_printed_as_the_engine_computes_it(
    ruleset: str,
) -> None:
    game = import_record(example_record(ruleset))
    sheet = loaded(game)
    assert sheet.state.complete
    lines = check_sheet(sheet, game_sheet_pdf(sheet))
    text = "\n".join(lines)
    assert f"game #{game.pk}" in text
    assert rules.RULESET_TITLES[ruleset] in text
    assert "BalutClub" in text


def test_a_six_sixes_game_shows_the_lost_pile_and_the_six_sixes_turns() -> None:
    sheet = loaded(import_record(example_record("barbut4")))
    lines = lines_of(game_sheet_pdf(sheet))
    assert isinstance(sheet.state, rules.BarbutGame)
    six_sixes = [o for o in sheet.state.history if o.end == "six_sixes"]
    assert six_sixes, "the example has 6-6-6-6 throws"
    assert lines.count("6-6-6-6") == len(six_sixes)
    assert "1 (wins)" in lines


@pytest.mark.parametrize(("ruleset", "seed"), [("balut", 1), ("jackpot", 2), ("bar", 3)])
def test_eight_players_random_games_are_printed_exactly(ruleset: str, seed: int) -> None:
    sheet = loaded(import_record(random_record(ruleset, 8, seed)))
    check_sheet(sheet, game_sheet_pdf(sheet))


def test_an_eight_player_jackpot_sheet_fits_on_one_a4_page() -> None:
    sheet = loaded(import_record(random_record("jackpot", 8, 1978)))
    content = game_sheet_pdf(sheet)
    assert page_count(content) == 1
    lines = check_sheet(sheet, content)
    assert lines.count("Signature") == 1
    box = PdfReader(BytesIO(content)).pages[0].mediabox
    # A4 landscape, in points.
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)


@pytest.mark.parametrize("path", sorted(DEMO.glob("in-progress-*.json")), ids=lambda p: p.stem)
def test_games_in_progress_print_as_they_stand(path: Path) -> None:
    sheet = loaded(import_record(json.loads(path.read_text(encoding="utf-8"))))
    assert not sheet.state.complete
    lines = check_sheet(sheet, game_sheet_pdf(sheet))
    assert "Game: in progress" in "\n".join(lines)
    assert "Place so far" in lines


def test_the_header_names_when_who_and_how() -> None:
    scorer = create_member(in_club=the_club(), name="Cyrus Tan", known_as="Cy", pin="1234")
    record = example_record("balut")
    record["friendly"] = True
    record["options"] = {"thresholds": "more_than", "guess_points": 2}
    game = import_record(record)
    Game.objects.filter(pk=game.pk).update(scorer=scorer)
    sheet = loaded(game)
    text = "\n".join(lines_of(game_sheet_pdf(sheet)))
    assert "Scorer: Cy (Cyrus Tan)" in text
    assert "Friendly: yes" in text
    assert "thresholds: more than" in text
    assert "guess points: 2" in text
    guesses = record["guesses"]
    assert isinstance(guesses, dict)
    for name, guess in guesses.items():
        assert f"{name} {guess}" in text
    started = date_format(timezone.localtime(sheet.game.started_at), "D j M Y, H:i")
    assert f"Started: {started}" in text


def test_corrections_are_listed_at_the_foot() -> None:
    secretary = User.objects.create_superuser("sec", password="x-long-password")
    game = import_record(example_record("balut"), by=secretary)
    before = loaded(game).turns[3].record
    box = str(before["box"])
    correct_turn(
        game=game,
        number=3,
        turn_record={"box": box, "dice": [1, 2, 3, 4, 6]},
        reason="Dice read out wrong; the table agreed.",
        corrected_by=secretary,
    )
    sheet = loaded(game)
    corrections = game_corrections(game)
    assert len(corrections) == 1
    lines = lines_of(game_sheet_pdf(sheet, corrections))
    text = "\n".join(lines)
    assert "Corrections (1)" in text
    assert "Dice read out wrong; the table agreed." in text
    assert f"{rules.box_label(box)} 1-2-3-4-6" in text
    check_five_dice(sheet, lines)


def test_a_sheet_without_corrections_says_so() -> None:
    sheet = loaded(import_record(example_record("bar")))
    assert "Corrections: none" in "\n".join(lines_of(game_sheet_pdf(sheet)))


def test_the_club_name_comes_from_the_settings(settings: object) -> None:
    # Until the secretary names the club, the sheets carry the CLUB_NAME setting, then BalutClub.
    setattr(settings, "CLUB_NAME", "Singapore Town Club")  # noqa: B010
    sheet = loaded(import_record(example_record("bar")))
    for content in (game_sheet_pdf(sheet), game_sheet_pdf(sheet, club="  ")):
        assert "Singapore Town Club" in "\n".join(lines_of(content))
        assert metadata(content).author == "Singapore Town Club"
    setattr(settings, "CLUB_NAME", "")  # noqa: B010
    assert "BalutClub" in "\n".join(lines_of(game_sheet_pdf(sheet)))


def test_the_secretarys_club_name_is_printed_on_the_sheet(client: Client, settings: object) -> None:
    setattr(settings, "CLUB_NAME", "Singapore Town Club")  # noqa: B010
    ClubSettings.objects.create(club=the_club(), club_name="The British Club")
    game = import_record(example_record("bar"))
    content = client.get(reverse("scoring:game_sheet_pdf", args=[game.pk])).content
    lines = lines_of(content)
    assert lines[0] == "The British Club"
    assert "Singapore Town Club" not in "\n".join(lines)
    assert metadata(content).author == "The British Club"

"""Games for the league's tests, played through the services as the tablet plays them."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from io import BytesIO

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image

from league.models import RegisterEntry, Season
from league.services.register import enter_historic_record
from league.services.seasons import create_season
from scoring.models import Game
from scoring.selectors import load_game
from scoring.services.corrections import correct_turn
from tests.factories import the_club
from tests.scoring.services.helpers import new_game, play, secretary

# Each player's seven bar turns, (box, dice), in the order they play them.
BAR_PLANS: dict[str, list[tuple[str, str]]] = {
    # 20 + 25 + 30 + 20 + 17 + 20 + 30 = 162: above the register's 159.
    "Ann": [
        ("fours", "44444"),
        ("fives", "55555"),
        ("sixes", "66666"),
        ("straight", "23456"),
        ("full_house", "33344"),
        ("choice", "55541"),
        ("balut", "11111"),
    ],
    # 4 + 5 + 6 + 0 + 0 + 23 + 0 = 38: below the register's 41, and last.
    "Ben": [
        ("fours", "41123"),
        ("fives", "51123"),
        ("sixes", "61123"),
        ("straight", "11223"),
        ("full_house", "11234"),
        ("choice", "66542"),
        ("balut", "12346"),
    ],
    # 12 + 15 + 18 + 15 + 12 + 15 + 0 = 87: neither.
    "Cy": [
        ("fours", "44412"),
        ("fives", "55512"),
        ("sixes", "66612"),
        ("straight", "12345"),
        ("full_house", "22233"),
        ("choice", "33333"),
        ("balut", "12346"),
    ],
}


def play_bar(
    players: Sequence[str] = ("Ann", "Ben", "Cy"),
    *,
    leave: int = 0,
    plans: Mapping[str, list[tuple[str, str]]] = BAR_PLANS,
    by: User | None = None,
) -> Game:
    """A bar game of `players` (members; the first scores), played to the end but `leave`
    turns, each player's turns taken from `plans` in order."""
    game = new_game("bar", players)
    queues = {name: list(plans[name]) for name in players}
    remaining = 7 * len(players) - leave
    for _ in range(remaining):
        player = load_game(game).next_player
        assert player is not None
        box, dice = queues[player.name].pop(0)
        play(game, {"player": player.name, "box": box, "dice": [int(d) for d in dice]}, by=by)
    game.refresh_from_db()
    return game


def correct_eli_to_beat_hal(game: Game) -> None:
    """In the bar example Eli (14) is last and Hal (26) next; Eli's fours, the game's last turn
    (so no round's order changes), as 44444 lift Eli to 34, and Hal comes last."""
    last = game.turns.order_by("number").last()
    assert last is not None and (last.record["player"], last.box) == ("Eli", "fours")
    correct_turn(
        game=game,
        number=last.number,
        turn_record={"box": "fours", "dice": [4, 4, 4, 4, 4]},
        reason="Misread the dice",
        corrected_by=secretary("corrector"),
    )


def png_upload(name: str = "sheet.png") -> SimpleUploadedFile:
    out = BytesIO()
    Image.new("RGB", (60, 40), (255, 255, 255)).save(out, format="PNG")
    return SimpleUploadedFile(name, out.getvalue(), content_type="image/png")


def pdf_upload(name: str = "sheet.pdf") -> SimpleUploadedFile:
    content = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    return SimpleUploadedFile(name, content, content_type="application/pdf")


def season_around_today(name: str = "This season", *, days: int = 30) -> Season:
    """A season from `days` before today to `days` after, created by the secretary."""
    today = timezone.localdate()
    return create_season(
        in_club=the_club(),
        by=secretary(f"keeper-{name}"),
        name=name,
        starts_on=today - datetime.timedelta(days=days),
        ends_on=today + datetime.timedelta(days=days),
    )


def paper_record(
    score: int, *, kind: str = "high", day: datetime.date = datetime.date(1985, 6, 1)
) -> RegisterEntry:
    """A historic bar record without a scan, entered by the secretary: Old Tom's."""
    by = User.objects.filter(username="secretary").first() or secretary()
    return enter_historic_record(
        in_club=the_club(),
        date=day,
        player_name="Old Tom",
        member=None,
        score=score,
        kind=kind,
        ruleset="bar",
        scan=None,
        note="",
        by=by,
    )
